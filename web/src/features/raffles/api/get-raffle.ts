import type { Raffle } from '@domain/raffles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /api/raffles/:id` (public; a draft only for admins and its seller). */
export const getRaffle = (id: string, signal?: AbortSignal): Promise<Raffle> =>
  api.get<Raffle>(`/raffles/${encodeURIComponent(id)}`, { signal });

export const raffleQueryKey = (id: string) => ['raffles', 'detail', id] as const;

export const getRaffleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: raffleQueryKey(id),
    queryFn: ({ signal }) => getRaffle(id, signal),
  });

export const useRaffle = (id: string) => useQuery(getRaffleQueryOptions(id));
