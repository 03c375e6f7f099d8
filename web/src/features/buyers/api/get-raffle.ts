import type { Raffle } from '@domain/raffles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /api/raffles/:id`: the header's name and the payment instructions quoted in reminders. */
export const getRaffle = (id: string, signal?: AbortSignal): Promise<Raffle> =>
  api.get<Raffle>(`/raffles/${encodeURIComponent(id)}`, { signal });

// The same key as the raffles feature's detail query, so both share one cache entry.
export const getRaffleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['raffles', 'detail', id] as const,
    queryFn: ({ signal }) => getRaffle(id, signal),
  });

export const useRaffle = (id: string) => useQuery(getRaffleQueryOptions(id));
