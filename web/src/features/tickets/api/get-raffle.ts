import type { Raffle } from '@domain/raffles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every raffle view (lists, detail, buyers, stats) lives under this root key. */
export const rafflesRootKey = ['raffles'] as const;

/** `GET /api/raffles/:id`: name, digit count, price and draw data for the list and the printed ticket. */
export const getRaffle = (id: string, signal?: AbortSignal): Promise<Raffle> =>
  api.get<Raffle>(`/raffles/${encodeURIComponent(id)}`, { signal });

// The same key as the raffles feature's detail query, so both share one cache entry.
export const getRaffleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...rafflesRootKey, 'detail', id] as const,
    queryFn: ({ signal }) => getRaffle(id, signal),
  });

export const useRaffle = (id: string) => useQuery(getRaffleQueryOptions(id));
