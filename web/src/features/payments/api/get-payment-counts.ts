import type { PaymentCounts } from '@domain/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentsQueryKey } from './get-payments';

/** `GET /api/payments/counts` (admin): how many payments are pending, approved and rejected. */
export const getPaymentCounts = (signal?: AbortSignal): Promise<PaymentCounts> =>
  api.get<PaymentCounts>('/payments/counts', { signal });

export const getPaymentCountsQueryOptions = () =>
  queryOptions({
    queryKey: [...paymentsQueryKey, 'counts'] as const,
    queryFn: ({ signal }) => getPaymentCounts(signal),
    staleTime: 15_000,
    // The menu badge tells the admin a new proof arrived while they work on another screen.
    refetchInterval: 60_000,
  });

/** `enabled: false` for a role that may not read payments (the menu renders for every staff member). */
export const usePaymentCounts = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...getPaymentCountsQueryOptions(), enabled: options.enabled ?? true });
