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

/** USD cents in Bs cents at `ratePerUsd` (the day's rate a ledger entry keeps); null without a rate. */
export const vesCentsAt = (usdCents: number, ratePerUsd: number | null): number | null =>
  ratePerUsd === null ? null : Math.round(usdCents * ratePerUsd);
