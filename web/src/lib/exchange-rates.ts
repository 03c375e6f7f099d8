import type { ExchangeRate } from '@domain/rates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** `GET /api/exchange-rates` (public): the latest rate per currency, units per US dollar. */
export const getExchangeRates = (signal?: AbortSignal): Promise<ExchangeRate[]> =>
  api.get<ExchangeRate[]>('/exchange-rates', { signal, auth: false });

export const exchangeRatesQueryOptions = () =>
  queryOptions({
    queryKey: ['exchange-rates'],
    queryFn: ({ signal }) => getExchangeRates(signal),
  });

export type VesRate = {
  /** Bolívares per US dollar, or null when there is no VES rate (show USD only). */
  rate: number | null;
  /** The rate is from an earlier day or the last refresh failed: hint "tasa desactualizada". */
  isStale: boolean;
  isLoading: boolean;
};

/**
 * The bolívar rate shared by every price on screen. A failed or empty answer is not an error for
 * the buyer: prices simply show in USD only.
 */
export function useVesRate(): VesRate {
  const query = useQuery(exchangeRatesQueryOptions());
  const ves = query.data?.find((r) => r.currency_code === 'VES' && r.rate_to_usd > 0);
  return { rate: ves?.rate_to_usd ?? null, isStale: ves?.is_stale ?? false, isLoading: query.isLoading };
}
