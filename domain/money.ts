/** Money is integer cents everywhere; these only format it for people. */
const usd = new Intl.NumberFormat('es-VE', {
  style: 'currency',
  currency: 'USD',
  currencyDisplay: 'narrowSymbol',
});
const bs = new Intl.NumberFormat('es-VE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatUsd = (cents: number): string => usd.format(cents / 100);

/**
 * Bolívares for an amount in USD cents at `ratePerUsd` Bs per dollar: the céntimos of `vesCentsAt`,
 * as stored and summed elsewhere (formatting the float product wrote $7 at 36,105 as Bs 252,73).
 */
export const formatBs = (usdCents: number, ratePerUsd: number): string =>
  formatVesCents(vesCentsAt(usdCents, ratePerUsd));

/** "12,50" or "12.50" -> 1250; null when it is not an amount. */
export function parseMoneyToCents(input: string): number | null {
  const normalized = input.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 100);
}

/** Bolívares already in Bs cents (a bank statement's amounts): "Bs 1.234,56". */
export const formatVesCents = (cents: number): string => `Bs ${bs.format(cents / 100)}`;

/** A rate in millionths of a bolívar: a rate has at most 6 decimals (numeric(18,6)). */
const rateMicros = (ratePerUsd: number) => BigInt(Math.round(ratePerUsd * 1_000_000));

/** n / d (d > 0) rounded half away from zero, as PostgreSQL's round(numeric) rounds. */
function divideRounded(n: bigint, d: bigint): bigint {
  const magnitude = ((n < 0n ? -n : n) * 2n + d) / (2n * d);
  return n < 0n ? -magnitude : magnitude;
}

/**
 * USD cents in Bs cents at `ratePerUsd` (the day's rate a ledger entry keeps); null without a rate.
 * Rounded half away from zero on the exact decimal product, as PostgreSQL's round(numeric) does,
 * while the float product can fall just under a half (100 × 36.035 = 3603.4999…), which made the
 * cash a seller holds read a céntimo apart in the Vendedores list (summed in SQL) and in its dialog.
 */
export function vesCentsAt(usdCents: number, ratePerUsd: number): number;
export function vesCentsAt(usdCents: number, ratePerUsd: number | null): number | null;
export function vesCentsAt(usdCents: number, ratePerUsd: number | null): number | null {
  if (ratePerUsd === null) return null;
  return Number(divideRounded(BigInt(Math.round(usdCents)) * rateMicros(ratePerUsd), 1_000_000n));
}

/**
 * Bs cents in USD cents at `ratePerUsd` (> 0), the inverse of `vesCentsAt`: the exact decimal
 * quotient rounded half away from zero. The float quotient misses halves (Bs 22,85 at 36,56 is
 * $0,625, but 2285 / 36.56 is 62.4999…), so the buyer's form and the server could disagree by a cent.
 */
export function usdCentsFromVesAt(vesCents: number, ratePerUsd: number): number;
export function usdCentsFromVesAt(vesCents: number, ratePerUsd: number | null): number | null;
export function usdCentsFromVesAt(vesCents: number, ratePerUsd: number | null): number | null {
  if (ratePerUsd === null) return null;
  const micros = rateMicros(ratePerUsd);
  if (micros <= 0n) throw new RangeError(`Not a rate: ${ratePerUsd}`);
  return Number(divideRounded(BigInt(Math.round(vesCents)) * 1_000_000n, micros));
}
