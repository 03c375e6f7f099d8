import { salePrices } from '../../../domain/packages';
import type { PublicRaffleRow } from '../../db/rows';
import type { SalePricing } from './reservations.repo';

// How a reservation is priced and checked against the total its buyer was shown (decisions 040, 087).

/** What a reservation is priced with: the raffle's price, packages, and digits to name numbers. */
export type SaleTerms = Pick<PublicRaffleRow, 'priceCents' | 'packages' | 'digitCount'>;

/** The terms of each raffle copy as reserve_sales reads them, written once per copy. */
const termsText = new WeakMap<object, string>();

/**
 * How a request of `count` numbers is priced (domain/packages.ts, the one place that says what a
 * number costs): null for a raffle without packages, sold at its price by `reserve_sales` as before;
 * `always` prices it with terms anyway (a request carrying the total it was shown).
 */
export function pricingFor(
  raffle: Pick<PublicRaffleRow, 'priceCents' | 'packages'> | null,
  count: number,
  options: { always?: boolean } = {},
): SalePricing | null {
  if (!raffle || (raffle.packages.length === 0 && !options.always)) return null;
  let terms = termsText.get(raffle);
  if (terms === undefined) {
    // Compared by reserve_sales as jsonb with the raffle's own (key order does not matter there).
    terms = JSON.stringify({ price_cents: raffle.priceCents, packages: raffle.packages });
    termsText.set(raffle, terms);
  }
  return {
    terms,
    prices: salePrices(count, raffle.priceCents, raffle.packages).prices,
  };
}

/** Whether these terms price `count` numbers at another total than the buyer was shown. */
export const totalDiffers = (terms: SaleTerms | null, count: number, shown: number) =>
  terms !== null && salePrices(count, terms.priceCents, terms.packages).totalCents !== shown;

/** Terms no raffle sells at (a price is never negative): reserve_sales refuses whatever it is sent with. */
const NO_RAFFLE_TERMS = JSON.stringify({ price_cents: -1, packages: [] });

/**
 * Pricing that sells nothing: reserve_sales then gives its own first reason (a draft, closed or
 * unknown raffle says so, not its price), else PRICES_CHANGED.
 */
export const refusedPricing = (count: number): SalePricing => ({
  terms: NO_RAFFLE_TERMS,
  prices: Array.from({ length: count }, () => 0),
});

/** Raffles whose terms `createTermsRead` keeps (a few hundred bytes each). */
const TERMS_KEPT = 1_000;

/**
 * The sale terms this instance last read per raffle, for raffles whose board is not in memory: a
 * reservation carrying the total it was shown needs them, and reading the raffle row on each one
 * more than doubled a reservation's CPU (decision 087). Any age is safe: reserve_sales checks the
 * terms, and a refusal reads them again (`read`, never shared: it must start after the refusal).
 * Oldest first out past TERMS_KEPT raffles.
 */
export function createTermsRead(
  findRaffle: (raffleId: string) => Promise<Pick<PublicRaffleRow, keyof SaleTerms> | null>,
) {
  const kept = new Map<string, SaleTerms>();
  /** First reads of raffles not kept, shared by the requests that arrive meanwhile. */
  const firstReads = new Map<string, Promise<SaleTerms | null>>();
  async function read(raffleId: string): Promise<SaleTerms | null> {
    const raffle = await findRaffle(raffleId);
    kept.delete(raffleId);
    if (!raffle) return null;
    const terms = {
      priceCents: raffle.priceCents,
      packages: raffle.packages,
      digitCount: raffle.digitCount,
    };
    kept.set(raffleId, terms);
    const oldest = kept.keys().next().value;
    if (kept.size > TERMS_KEPT && oldest !== undefined) kept.delete(oldest);
    return terms;
  }
  return {
    read,
    /**
     * The terms kept, or else read: a rush on a raffle not kept (its board not in memory either) reads
     * its row once, not once per request until the first read ends. `fresh`: read for this call, after
     * it arrived. A call that joined a read already under way gets `fresh: false`: that read may predate
     * a price change its buyer's page already shows, so a total that differs is read again.
     */
    async keptOrRead(raffleId: string): Promise<{ terms: SaleTerms | null; fresh: boolean }> {
      const terms = kept.get(raffleId);
      if (terms) return { terms, fresh: false };
      const pending = firstReads.get(raffleId);
      if (pending) return { terms: await pending, fresh: false };
      const started = read(raffleId).finally(() => firstReads.delete(raffleId));
      firstReads.set(raffleId, started);
      return { terms: await started, fresh: true };
    },
  };
}
