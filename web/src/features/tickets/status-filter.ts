import { TICKET_FILTER_STATUSES, type TicketCounts, type TicketFilterStatus } from '@domain/staff-tickets';
import type { TicketStatus } from '@domain/tickets';
import { ticketsTexts } from './texts';

/** What staff mostly look for: numbers someone holds (reserved, part paid or paid). */
export const SOLD_STATUSES = ['apartado', 'abonado', 'pagado'] as const satisfies readonly TicketStatus[];

/** The chips, in order: sold (the default), everything, then each status and 'otros'. */
export const STATUS_FILTERS = ['vendidos', 'todos', ...TICKET_FILTER_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const DEFAULT_STATUS_FILTER: StatusFilter = 'vendidos';

export const isStatusFilter = (value: string | null): value is StatusFilter =>
  value !== null && (STATUS_FILTERS as readonly string[]).includes(value);

/** A hand-edited or old URL value the API would reject falls back to the default. */
export const parseStatusFilter = (value: string | null): StatusFilter =>
  isStatusFilter(value) ? value : DEFAULT_STATUS_FILTER;

/** The API's `status` list for a chip (undefined: every status). */
export function statusesFor(filter: StatusFilter): TicketFilterStatus[] | undefined {
  if (filter === 'todos') return undefined;
  if (filter === 'vendidos') return [...SOLD_STATUSES];
  return [filter];
}

/** How many tickets a chip stands for, from the counts per status the list answers. */
export function countFor(filter: StatusFilter, counts: TicketCounts): number {
  const statuses: readonly TicketFilterStatus[] = statusesFor(filter) ?? TICKET_FILTER_STATUSES;
  return statuses.reduce<number>((sum, status) => sum + counts[status], 0);
}

export const statusFilterLabel = (filter: StatusFilter): string => ticketsTexts.filters[filter];
