import type { PaymentType, Raffle, RaffleStatus } from '@domain/raffles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type RaffleFilters = { status?: RaffleStatus; payment_type?: PaymentType; seller_id?: string };

/** `GET /api/raffles`: public callers never get drafts; staff get theirs too. */
export const getRaffles = (filters: RaffleFilters = {}, signal?: AbortSignal): Promise<Raffle[]> =>
  api.get<Raffle[]>('/raffles', { query: filters, signal });

/** Every raffle list lives under ['raffles', 'list', …]: mutations invalidate ['raffles']. */
export const rafflesQueryKey = (filters: RaffleFilters = {}) => ['raffles', 'list', filters] as const;

export const getRafflesQueryOptions = (filters: RaffleFilters = {}) =>
  queryOptions({
    queryKey: rafflesQueryKey(filters),
    queryFn: ({ signal }) => getRaffles(filters, signal),
  });

export const useRaffles = (filters: RaffleFilters = {}, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getRafflesQueryOptions(filters), ...options });
