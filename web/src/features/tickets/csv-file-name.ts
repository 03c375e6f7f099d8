import { fileSlug } from '@domain/names';
import type { StatusFilter } from './status-filter';

/** The export's formats: the file's extension. */
export type ExportFormat = 'csv' | 'xlsx';

/** "rifa-moto-bera-tickets.csv"; a filtered export says which numbers it holds: "…-tickets-pagado.csv". */
export function csvFileName(raffleName: string, filter: StatusFilter, format: ExportFormat = 'csv'): string {
  const suffix = filter === 'todos' ? '' : `-${filter}`;
  return `rifa-${fileSlug(raffleName)}-tickets${suffix}.${format}`;
}

export { fileSlug };
