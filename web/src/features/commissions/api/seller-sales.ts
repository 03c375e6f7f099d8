import type { SellerLedger, SellerSales } from '@domain/commissions';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { commissionsKey } from '@/api/money-moved';
import { api } from '@/lib/api-client';

/** Every commission query shares this prefix: a payout or new terms refresh them all. */
export const commissionKeys = {
  all: commissionsKey,
  sales: (sellerId: string) => [...commissionKeys.all, 'sales', sellerId] as const,
  ledger: (sellerId: string) => [...commissionKeys.all, 'ledger', sellerId] as const,
  ranking: (raffleId?: string) => [...commissionKeys.all, 'ranking', raffleId ?? 'all'] as const,
  terms: (raffleId: string) => [...commissionKeys.all, 'terms', raffleId] as const,
};

const sellerPath = (id: string) => `/sellers/${encodeURIComponent(id)}`;

/** `GET /api/sellers/:id/sales` (the seller or an admin): sales and commission by raffle, a chart. */
export const getSellerSalesQueryOptions = (sellerId: string) =>
  queryOptions({
    queryKey: commissionKeys.sales(sellerId),
    queryFn: ({ signal }) => api.get<SellerSales>(`${sellerPath(sellerId)}/sales`, { signal }),
    staleTime: 30_000,
  });
export const useSellerSales = (sellerId: string) => useQuery(getSellerSalesQueryOptions(sellerId));

const LEDGER_PAGE = 20;

/** `GET /api/sellers/:id/ledger`: newest first, paged by keyset (`before`). */
export const useSellerLedger = (sellerId: string) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: commissionKeys.ledger(sellerId),
      queryFn: ({ signal, pageParam }) =>
        api.get<SellerLedger>(`${sellerPath(sellerId)}/ledger`, {
          query: { limit: LEDGER_PAGE, before: pageParam ?? undefined },
          signal,
        }),
      initialPageParam: null as number | null,
      getNextPageParam: (last) => last.next_before,
      staleTime: 30_000,
    }),
  );
