import type { ExchangeRate } from '@domain/rates';
import { useQuery } from '@tanstack/react-query';
import { exchangeRatesQueryOptions } from '@/lib/exchange-rates';

/** The whole VES rate (day, source, when it was saved), as staff need it; null when there is none. */
export function useVesExchangeRate() {
  const query = useQuery(exchangeRatesQueryOptions());
  const rate: ExchangeRate | null =
    query.data?.find((r) => r.currency_code === 'VES' && r.rate_to_usd > 0) ?? null;
  return { query, rate };
}
