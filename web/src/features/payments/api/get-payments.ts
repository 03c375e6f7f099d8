import type { PaymentStatus, StaffPayment } from '@domain/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every payments query (lists, counts, proofs) sits under this key: a decision refreshes them all. */
export const paymentsQueryKey = ['payments'] as const;

/** `GET /api/payments?status=` (admin): newest first, with the ticket, its buyer and raffle. */
export const getPayments = (status: PaymentStatus, signal?: AbortSignal): Promise<StaffPayment[]> =>
  api.get<StaffPayment[]>('/payments', { query: { status }, signal });

export const getPaymentsQueryOptions = (status: PaymentStatus) =>
  queryOptions({
    queryKey: [...paymentsQueryKey, 'list', status] as const,
    queryFn: ({ signal }) => getPayments(status, signal),
    // Buyers send proofs all day: coming back to the screen should show the new ones.
    staleTime: 15_000,
  });

export const usePayments = (status: PaymentStatus) => useQuery(getPaymentsQueryOptions(status));
