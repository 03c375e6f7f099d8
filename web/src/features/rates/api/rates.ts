import type { ExchangeRate, RateHistoryPoint } from '@domain/rates';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const HISTORY_DAYS = 30;

/** Under ['exchange-rates']: saving or refreshing a rate invalidates the list and the history at once. */
export const rateHistoryQueryOptions = (currency: string, days: number) =>
  queryOptions({
    queryKey: ['exchange-rates', 'history', currency, days],
    queryFn: ({ signal }) =>
      api.get<RateHistoryPoint[]>('/exchange-rates/history', { query: { currency, days }, signal }),
  });

/** `GET /api/exchange-rates/history` (staff): the VES rate of the last 30 days, oldest first. */
export const useVesRateHistory = () => useQuery(rateHistoryQueryOptions('VES', HISTORY_DAYS));

function useInvalidateRates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['exchange-rates'] });
}

/** `PUT /api/exchange-rates/VES` (admin): today's rate typed by hand. */
export function useSetVesRate() {
  const invalidate = useInvalidateRates();
  return useMutation({
    mutationFn: (rate: number) => api.put<ExchangeRate>('/exchange-rates/VES', { rate_to_usd: rate }),
    onSuccess: invalidate,
  });
}

/**
 * `POST /api/exchange-rates/refresh` (staff): pulls the automatic source. Without one, or when it
 * fails, the answer is still 200 with a `warning` to show.
 */
export function useRefreshRates() {
  const invalidate = useInvalidateRates();
  return useMutation({
    mutationFn: () => api.post<{ rates: ExchangeRate[]; warning?: string }>('/exchange-rates/refresh'),
    onSuccess: invalidate,
  });
}
