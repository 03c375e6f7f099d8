import type {
  CommissionTerms,
  CommissionTermsInput,
  PayoutInput,
  PayoutResult,
  SellerRanking,
} from '@domain/commissions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { raffleApiPath } from '@/api/raffles';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { commissionKeys } from './seller-sales';

/** `GET /api/commissions/sellers` (admin): the ranking, overall or of one raffle. */
export const getSellerRankingQueryOptions = (raffleId?: string) =>
  queryOptions({
    queryKey: commissionKeys.ranking(raffleId),
    queryFn: ({ signal }) =>
      api.get<SellerRanking>('/commissions/sellers', { query: { raffle_id: raffleId }, signal }),
    staleTime: 30_000,
  });
export const useSellerRanking = (raffleId?: string) => useQuery(getSellerRankingQueryOptions(raffleId));

/** `POST /api/sellers/:id/payouts` (admin): refused (409) beyond what is owed. */
export function useRecordPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sellerId, input }: { sellerId: string; input: PayoutInput }) =>
      api.post<PayoutResult>(`/sellers/${encodeURIComponent(sellerId)}/payouts`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: commissionKeys.all }),
  });
}

/** `PUT /api/raffles/:id/commissions` (admin): new terms, for money approved from now on. */
export function useSetCommission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ raffleId, input }: { raffleId: string; input: CommissionTermsInput }) =>
      api.put<CommissionTerms>(`${raffleApiPath(raffleId)}/commissions`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: commissionKeys.all }),
  });
}

/** `GET /api/commissions/sellers.csv` (admin): fetched with the token as a blob, then saved. */
export const useExportSellersCsv = () =>
  useMutation({
    mutationFn: async ({ raffleId, fileName }: { raffleId?: string; fileName: string }) => {
      saveFile(await api.getBlob('/commissions/sellers.csv', { query: { raffle_id: raffleId } }), fileName);
      return { fileName };
    },
  });
