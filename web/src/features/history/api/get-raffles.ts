import type { Raffle } from '@domain/raffles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type RaffleFilters = { seller_id?: string };

/** `GET /api/raffles` as staff (drafts included): the raffles the history can be narrowed to. */
export const getRaffles = (filters: RaffleFilters, signal?: AbortSignal): Promise<Raffle[]> =>
  api.get<Raffle[]>('/raffles', { query: filters, signal });

// The same key as the raffles feature's list query, so both share one cache entry.
export const getRafflesQueryOptions = (filters: RaffleFilters) =>
  queryOptions({
    queryKey: ['raffles', 'list', filters] as const,
    queryFn: ({ signal }) => getRaffles(filters, signal),
  });

export const useRaffles = (filters: RaffleFilters, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getRafflesQueryOptions(filters), ...options });
