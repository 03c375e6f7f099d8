import type { PaymentType, Raffle } from './raffles';

/*
 * Figures derived from a raffle. This module imports no zod (only types), so the public pages
 * that show them do not download the validation library.
 */

/** Sold share for progress bars: everything that left 'disponible' except cancelled ones. */
export function soldPercent(raffle: Pick<Raffle, 'total_numbers' | 'stats'>): number {
  const taken = raffle.stats.apartado + raffle.stats.abonado + raffle.stats.pagado;
  return raffle.total_numbers === 0 ? 0 : Math.round((taken / raffle.total_numbers) * 1000) / 10;
}

type Priced = { price_cents: number; payment_type: PaymentType; installments: number | null };

/** One cuota of a raffle sold in installments (rounded up to the cent), or the whole price. */
export function installmentCents(raffle: Priced): number {
  return raffle.payment_type === 'cuotas' && raffle.installments && raffle.installments > 1
    ? Math.ceil(raffle.price_cents / raffle.installments)
    : raffle.price_cents;
}

/** What a ticket owes next: the next cuota, never more than what remains. */
export const amountDueCents = (raffle: Priced, remainingCents: number): number =>
  Math.min(installmentCents(raffle), remainingCents);
