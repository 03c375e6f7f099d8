import type { StatusFilter } from './status-filter';

/** "Gran Rifa: Moto Yamaha DT-175 ñ" -> "gran-rifa-moto-yamaha-dt-175-n" (safe in every file system). */
export function fileSlug(text: string, maxLength = 60): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
  return slug || 'rifa';
}

/** "rifa-moto-bera-tickets.csv"; a filtered export says which numbers it holds: "…-tickets-pagado.csv". */
export function csvFileName(raffleName: string, filter: StatusFilter): string {
  const suffix = filter === 'todos' ? '' : `-${filter}`;
  return `rifa-${fileSlug(raffleName)}-tickets${suffix}.csv`;
}
