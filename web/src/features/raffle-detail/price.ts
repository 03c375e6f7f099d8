import { formatBs, formatUsd } from '@domain/money';
import type { VesRate } from '@/lib/exchange-rates';

export type PriceText = { usd: string; bs: string | null; label: string };

/** "$10,00 / Bs 365,00", or only dollars when there is no bolívar rate. */
export function priceText(cents: number, rate: VesRate): PriceText {
  const usd = formatUsd(cents);
  const bs = rate.rate === null ? null : formatBs(cents, rate.rate);
  return { usd, bs, label: bs ? `${usd} / ${bs}` : usd };
}
