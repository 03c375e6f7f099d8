import type { RaffleBuyersPage } from '@domain/staff-tickets';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { raffleApiPath, raffleKeys } from '@/api/raffles';
import { api } from '@/lib/api-client';

export type BuyersFilters = { search?: string; page: number; per_page: number };

/** `GET /api/raffles/:id/buyers` (staff; a vendedor only for their own raffles, else 403). */
export const getRaffleBuyers = (
  raffleId: string,
  filters: BuyersFilters,
  signal?: AbortSignal,
): Promise<RaffleBuyersPage> =>
  api.get<RaffleBuyersPage>(`${raffleApiPath(raffleId)}/buyers`, { query: filters, signal });

export const getRaffleBuyersQueryOptions = (raffleId: string, filters: BuyersFilters) =>
  queryOptions({
    // Under the raffle's key: a ticket change (which invalidates every raffle) refreshes the balances.
    queryKey: raffleKeys.buyers(raffleId, filters),
    queryFn: ({ signal }) => getRaffleBuyers(raffleId, filters, signal),
    // Buyers pay and reserve all day: a reminder must not quote an old balance.
    staleTime: 30_000,
  });

/** Keeps the previous page on screen while the next one (or a new search) loads. */
export const useRaffleBuyers = (raffleId: string, filters: BuyersFilters) =>
  useQuery({ ...getRaffleBuyersQueryOptions(raffleId, filters), placeholderData: keepPreviousData });
