import type { PublicRaffle } from '@domain/raffles';

export type ClosedReason = 'cerrada' | 'finalizada' | 'expired' | 'draft';

/** Why this raffle takes no reservations now, or null when it is open. */
export function closedReason(raffle: PublicRaffle, now = Date.now()): ClosedReason | null {
  if (raffle.status === 'cerrada' || raffle.status === 'finalizada') return raffle.status;
  if (raffle.status !== 'activa') return 'draft';
  if (raffle.closing_date && new Date(raffle.closing_date).getTime() <= now) return 'expired';
  return null;
}
