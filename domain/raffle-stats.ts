import type { RaffleStats } from './raffles';
import { TICKET_STATUSES } from './tickets';

/** A raffle's counts per status and money, added up from its sales (grouped by status). */
export const emptyStats = (): RaffleStats => ({
  disponible: 0,
  apartado: 0,
  abonado: 0,
  pagado: 0,
  cancelado: 0,
  total_paid_cents: 0,
  pending_cents: 0,
});

export function addToStats(
  stats: RaffleStats,
  status: string,
  count: number,
  paid: number,
  remaining: number,
) {
  if ((TICKET_STATUSES as readonly string[]).includes(status)) stats[status as keyof typeof stats] += count;
  stats.total_paid_cents += paid;
  if (status !== 'cancelado' && status !== 'disponible') stats.pending_cents += remaining;
}
