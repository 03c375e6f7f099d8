import { fileSlug } from '@domain/names';
import type { StatusFilter } from './status-filter';

/** "rifa-moto-bera-tickets.csv"; a filtered export says which numbers it holds: "…-tickets-pagado.csv". */
export function csvFileName(raffleName: string, filter: StatusFilter): string {
  const suffix = filter === 'todos' ? '' : `-${filter}`;
  return `rifa-${fileSlug(raffleName)}-tickets${suffix}.csv`;
}

export { fileSlug };
