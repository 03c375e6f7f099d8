import type { PublicRaffle } from '@domain/raffles';
import { salesClosed as salesClosedAt } from '@domain/sales-window';
import { serverNow } from '@/lib/server-clock';

export type ClosedReason = 'cerrada' | 'finalizada' | 'expired' | 'draft';

/** Why this raffle takes no reservations now (by the server's clock), or null when it is open. */
export function closedReason(
  raffle: Pick<PublicRaffle, 'status' | 'closing_date'>,
  now = serverNow(),
): ClosedReason | null {
  if (raffle.status === 'cerrada' || raffle.status === 'finalizada') return raffle.status;
  if (raffle.status !== 'activa') return 'draft';
  if (raffle.closing_date && new Date(raffle.closing_date).getTime() <= now) return 'expired';
  return null;
}

/**
 * Whether the raffle's sold list froze (closed, drawn, or past its closing date): a number held then
 * is in the published list and never expires, so an order no longer counts down to losing it. The
 * server's rule (`salesClosed` of domain/raffle-lifecycle.ts, imported from its small module
 * domain/sales-window.ts to keep this page's first load small), with the API's field names and the
 * server's clock.
 */
export function salesClosed(raffle: Pick<PublicRaffle, 'status' | 'closing_date'>, now = serverNow()) {
  return salesClosedAt({ status: raffle.status, closingDate: raffle.closing_date }, now);
}
