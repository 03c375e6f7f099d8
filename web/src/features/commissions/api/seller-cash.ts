import type { CashHandoverInput, CashHandoverResult, SellerCash } from '@domain/cash-held';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { commissionKeys } from './seller-sales';

const cashPath = (sellerId: string) => `/sellers/${encodeURIComponent(sellerId)}`;

/** `GET /api/sellers/:id/cash` (the seller or an admin): cash held, the commission waiting for it, hand-overs. */
export const getSellerCashQueryOptions = (sellerId: string) =>
  queryOptions({
    queryKey: [...commissionKeys.all, 'cash', sellerId] as const,
    queryFn: ({ signal }) => api.get<SellerCash>(`${cashPath(sellerId)}/cash`, { signal }),
    staleTime: 30_000,
  });
export const useSellerCash = (sellerId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getSellerCashQueryOptions(sellerId), enabled: options.enabled ?? true });

/**
 * `POST /api/sellers/:id/cash-handovers` (admin). The caller keeps one `request_id` per hand-over,
 * so a retry after a lost answer records it once. Refreshes every commission figure (it frees
 * commission), and so does a refusal: «supera el efectivo» means a refund or another admin's
 * hand-over took cash since the panel was read, and the panel should show what is left.
 */
export function useRecordHandover() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: commissionKeys.all });
  return useMutation({
    mutationFn: ({ sellerId, input }: { sellerId: string; input: CashHandoverInput }) =>
      api.post<CashHandoverResult>(`${cashPath(sellerId)}/cash-handovers`, input),
    onSuccess: refresh,
    onError: refresh,
  });
}
