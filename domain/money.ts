/** Money is integer cents everywhere; these only format it for people. */
const usd = new Intl.NumberFormat('es-VE', {
  style: 'currency',
  currency: 'USD',
  currencyDisplay: 'narrowSymbol',
});
const bs = new Intl.NumberFormat('es-VE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatUsd = (cents: number): string => usd.format(cents / 100);

/** Bolívares for an amount in USD cents at `ratePerUsd` Bs per dollar. */
export const formatBs = (usdCents: number, ratePerUsd: number): string =>
  `Bs ${bs.format((usdCents / 100) * ratePerUsd)}`;

/** "12,50" or "12.50" -> 1250; null when it is not an amount. */
export function parseMoneyToCents(input: string): number | null {
  const normalized = input.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 100);
}

/** Bolívares already in Bs cents (a bank statement's amounts): "Bs 1.234,56". */
export const formatVesCents = (cents: number): string => `Bs ${bs.format(cents / 100)}`;

/**
 * USD cents in Bs cents at `ratePerUsd` (the day's rate a ledger entry keeps); null without a rate.
 * Rounded half away from zero on the exact decimal product, as PostgreSQL's round(numeric) does: a
 * rate has at most 6 decimals (numeric(18,6)), while the float product can fall just under a half
 * (100 × 36.035 = 3603.4999…), which made the cash a seller holds read a céntimo apart in the
 * Vendedores list (summed in SQL) and in its dialog.
 */
export function vesCentsAt(usdCents: number, ratePerUsd: number | null): number | null {
  if (ratePerUsd === null) return null;
  const product = BigInt(Math.round(usdCents)) * BigInt(Math.round(ratePerUsd * 1_000_000));
  const magnitude = ((product < 0n ? -product : product) + 500_000n) / 1_000_000n;
  return Number(product < 0n ? -magnitude : magnitude);
}
