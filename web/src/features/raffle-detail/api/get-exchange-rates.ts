import type { ExchangeRate } from '@domain/rates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const exchangeRatesQueryKey = ['exchange-rates'] as const;

/** GET /api/exchange-rates (public). */
export const getExchangeRates = (signal?: AbortSignal): Promise<ExchangeRate[]> =>
  api.get<ExchangeRate[]>('/exchange-rates', { signal, auth: false });

export const getExchangeRatesQueryOptions = () =>
  queryOptions({ queryKey: exchangeRatesQueryKey, queryFn: ({ signal }) => getExchangeRates(signal) });

export type VesRate = { rate: number; isStale: boolean };

/** The bolívar rate (Bs per dollar), or null when there is none: then prices show in USD only. */
export function useVesRate(): VesRate | null {
  const { data } = useQuery({
    ...getExchangeRatesQueryOptions(),
    select: (rates) => rates.find((r) => r.currency_code === 'VES') ?? null,
  });
  return data && data.rate_to_usd > 0 ? { rate: data.rate_to_usd, isStale: data.is_stale } : null;
}
