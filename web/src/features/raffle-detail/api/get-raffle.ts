import type { Raffle } from '@domain/raffles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const raffleQueryKey = (raffleId: string) => ['raffles', raffleId] as const;

/** GET /api/raffles/:id (public): the raffle with its ticket counts per status. */
export const getRaffle = (raffleId: string, signal?: AbortSignal): Promise<Raffle> =>
  api.get<Raffle>(`/raffles/${encodeURIComponent(raffleId)}`, { signal, auth: false });

export const getRaffleQueryOptions = (raffleId: string) =>
  queryOptions({
    queryKey: raffleQueryKey(raffleId),
    queryFn: ({ signal }) => getRaffle(raffleId, signal),
  });

export const useRaffle = (raffleId: string) => useQuery(getRaffleQueryOptions(raffleId));
