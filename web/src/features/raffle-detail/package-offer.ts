import { type PackagePrice, priceFor, type RafflePackage, splitCents } from '@domain/package-pricing';
import { MAX_NUMBERS_PER_RESERVATION } from '@domain/tickets';

type Priced = { price_cents: number; packages: readonly RafflePackage[] };

/**
 * What `count` chosen numbers cost with the raffle's packages: the same rule the server charges
 * with (domain/package-pricing.ts), so the total shown is the total reserved.
 */
export const selectionPrice = (raffle: Priced, count: number): PackagePrice =>
  priceFor(count, raffle.price_cents, raffle.packages);

/**
 * How many numbers tapping a package of `size` adds at random: up to the next multiple of `size`
 * (3 chosen and "5 por $20" adds 2; none or 5 chosen adds 5), within what one reservation takes.
 */
export function packageAdds(size: number, chosen: number): number {
  const wanted = size - (chosen % size);
  return Math.max(0, Math.min(wanted, MAX_NUMBERS_PER_RESERVATION - chosen));
}

/**
 * What the numbers pay first in cuotas: one cuota of each number's share of the total (the server
 * splits it the same way, splitCents), each rounded up to the cent like every cuota.
 */
export const firstCuotasCents = (totalCents: number, count: number, installments: number): number =>
  splitCents(totalCents, count).reduce((sum, cents) => sum + Math.ceil(cents / installments), 0);
