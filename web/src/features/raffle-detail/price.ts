import { formatBs, formatUsd } from '@domain/money';
import type { VesRate } from './api/get-exchange-rates';

export type PriceText = { usd: string; bs: string | null; label: string };

/** "$10,00 / Bs 365,00", or only dollars when there is no bolívar rate. */
export function priceText(cents: number, rate: VesRate | null): PriceText {
  const usd = formatUsd(cents);
  const bs = rate ? formatBs(cents, rate.rate) : null;
  return { usd, bs, label: bs ? `${usd} / ${bs}` : usd };
}
