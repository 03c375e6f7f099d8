import type { PublicRaffle } from '@domain/raffles';

export type ClosedReason = 'cerrada' | 'finalizada' | 'expired' | 'draft';

/** Why this raffle takes no reservations now, or null when it is open. */
export function closedReason(
  raffle: Pick<PublicRaffle, 'status' | 'closing_date'>,
  now = Date.now(),
): ClosedReason | null {
  if (raffle.status === 'cerrada' || raffle.status === 'finalizada') return raffle.status;
  if (raffle.status !== 'activa') return 'draft';
  if (raffle.closing_date && new Date(raffle.closing_date).getTime() <= now) return 'expired';
  return null;
}

/**
 * Whether the raffle's sold list froze (closed, drawn, or past its closing date): a number held then
 * is in the published list and never expires, so an order no longer counts down to losing it.
 */
export function salesClosed(raffle: Pick<PublicRaffle, 'status' | 'closing_date'>, now = Date.now()) {
  const reason = closedReason(raffle, now);
  return reason !== null && reason !== 'draft';
}
