/*
 * The pricing half of number packages (domain/packages.ts has the schemas): no zod, so the public
 * raffle page prices its package buttons without downloading the validation library.
 */
import { formatUsd } from './money';

/** "5 números por $20,00": `rafflePackageSchema` (domain/packages.ts) validates it. */
export type RafflePackage = { numbers: number; price_cents: number };

/**
 * Why a set of packages cannot be offered at this price, or null when it can. A package under a
 * cent a number would split into numbers priced $0,00: paid "in full" with no money, they would
 * enter the draw and win instant prizes (a review, 2026-11-30), so each number costs at least $0,01.
 */
export function packagesProblem(packages: readonly RafflePackage[], unitCents: number): string | null {
  const dearer = packages.find((p) => p.price_cents >= p.numbers * unitCents);
  if (dearer)
    return `El paquete de ${dearer.numbers} números debe costar menos que ${dearer.numbers} números sueltos`;
  const free = packages.find((p) => p.price_cents < p.numbers);
  return free
    ? `El paquete de ${free.numbers} números debe costar al menos ${formatUsd(free.numbers)} (un céntimo por número)`
    : null;
}

export type PackagePrice = {
  /** What the buyer pays for `count` numbers. */
  totalCents: number;
  /** count × the single price minus the total: what the packages save. */
  savingCents: number;
  /** How many times each package is used (by its number of numbers), largest first; singles apart. */
  uses: { numbers: number; priceCents: number; times: number }[];
  singles: number;
};

/**
 * The cheapest total for exactly `count` numbers: an unbounded knapsack over the packages and single
 * numbers (count ≤ 100, a few packages: at most a few hundred steps). Ties go to fewer packages.
 */
export function priceFor(count: number, unitCents: number, packages: readonly RafflePackage[]): PackagePrice {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count ${count}`);
  const best: number[] = [0];
  const choice: (RafflePackage | null)[] = [null];
  for (let n = 1; n <= count; n++) {
    best[n] = best[n - 1] + unitCents;
    choice[n] = null;
    for (const p of packages) {
      if (p.numbers > n) continue;
      const total = best[n - p.numbers] + p.price_cents;
      if (total < best[n]) {
        best[n] = total;
        choice[n] = p;
      }
    }
  }
  const times = new Map<RafflePackage, number>();
  let singles = 0;
  for (let n = count; n > 0; ) {
    const p = choice[n];
    if (p) {
      times.set(p, (times.get(p) ?? 0) + 1);
      n -= p.numbers;
    } else {
      singles++;
      n--;
    }
  }
  const uses = [...times]
    .map(([p, t]) => ({ numbers: p.numbers, priceCents: p.price_cents, times: t }))
    .sort((a, b) => b.numbers - a.numbers);
  return { totalCents: best[count], savingCents: count * unitCents - best[count], uses, singles };
}

/**
 * `totalCents` over `count` numbers, to the cent: each gets the floor of the average and the first
 * `total mod count` one cent more, so the parts always sum to the total and differ by at most 1.
 */
export function splitCents(totalCents: number, count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(totalCents / count);
  const extra = totalCents - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}

/** What each of `count` numbers costs, in order, and their total: the split of the cheapest price. */
export function salePrices(
  count: number,
  unitCents: number,
  packages: readonly RafflePackage[],
): { totalCents: number; savingCents: number; prices: number[] } {
  const { totalCents, savingCents } = priceFor(count, unitCents, packages);
  return { totalCents, savingCents, prices: splitCents(totalCents, count) };
}

/** Packages as stored and compared: smallest first (equal sets are equal jsonb). */
export const sortedPackages = (packages: readonly RafflePackage[]): RafflePackage[] =>
  [...packages]
    .sort((a, b) => a.numbers - b.numbers)
    .map((p) => ({ numbers: p.numbers, price_cents: p.price_cents }));

/** A number an order still holds, as its new price is worked out. */
export type KeptSale = { id: string; number: number; priceCents: number; paidCents: number };

/**
 * The new price of each number an order keeps after others left it (expired, released), for those
 * whose price changes: a package's discount is for the whole package, so what is kept costs the
 * cheapest price of that many numbers (`salePrices`, split in number order as at the reservation),
 * never less than a number already paid. Keeping 1 of "5 por $20" at $10 each, that one owes $10,
 * not $4 (a security review, 2026-11-30: pay one number at the package share, let the rest expire).
 * Only raises: kept numbers that already cost that much stay as they are.
 */
export function keptSalePrices(
  kept: readonly KeptSale[],
  unitCents: number,
  packages: readonly RafflePackage[],
): { id: string; priceCents: number }[] {
  if (kept.length === 0) return [];
  const { totalCents, prices } = salePrices(kept.length, unitCents, packages);
  if (kept.reduce((sum, sale) => sum + sale.priceCents, 0) >= totalCents) return [];
  return [...kept]
    .sort((a, b) => a.number - b.number)
    .flatMap((sale, i) => {
      const price = Math.max(prices[i] ?? unitCents, sale.paidCents, sale.priceCents);
      return price === sale.priceCents ? [] : [{ id: sale.id, priceCents: price }];
    });
}
