import type { PaymentType, PublicRaffle, Raffle, RaffleStatus } from '@domain/raffles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type RaffleFilters = {
  status?: RaffleStatus;
  payment_type?: PaymentType;
  seller_id?: string;
  /** Staff: the archived raffles instead of the others. */
  archived?: boolean;
};

/**
 * Every query about raffles hangs from one tree, so a mutation invalidates a branch and everything
 * under it refreshes: `all` (any raffle data), `lists()` (every list), `detail(id)` (one raffle with
 * its public view, board, draw, winner and buyers).
 */
export const raffleKeys = {
  all: ['raffles'] as const,
  lists: () => [...raffleKeys.all, 'list'] as const,
  list: (filters: RaffleFilters = {}) => [...raffleKeys.lists(), filters] as const,
  details: () => [...raffleKeys.all, 'detail'] as const,
  /** The raffle as the signed-in caller may see it (staff: drafts and money). */
  detail: (id: string) => [...raffleKeys.details(), id] as const,
  /** The raffle as any visitor sees it: a different answer, so a different entry. */
  publicDetail: (id: string) => [...raffleKeys.detail(id), 'public'] as const,
  board: (id: string) => [...raffleKeys.detail(id), 'board'] as const,
  draw: (id: string) => [...raffleKeys.detail(id), 'draw'] as const,
  winner: (id: string) => [...raffleKeys.detail(id), 'winner'] as const,
  /** The instant-win list, for those who edit the raffle (decision 041). */
  instantWins: (id: string) => [...raffleKeys.detail(id), 'instant-wins'] as const,
  buyers: <F extends object>(id: string, filters: F) =>
    [...raffleKeys.detail(id), 'buyers', filters] as const,
};

export const raffleApiPath = (id: string) => `/raffles/${encodeURIComponent(id)}`;

/** `GET /api/raffles`: public callers never get drafts; staff get theirs too. */
export const getRaffles = (filters: RaffleFilters = {}, signal?: AbortSignal): Promise<Raffle[]> =>
  api.get<Raffle[]>('/raffles', { query: filters, signal });

export const getRafflesQueryOptions = (filters: RaffleFilters = {}) =>
  queryOptions({
    queryKey: raffleKeys.list(filters),
    queryFn: ({ signal }) => getRaffles(filters, signal),
  });

export const useRaffles = (filters: RaffleFilters = {}, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getRafflesQueryOptions(filters), ...options });

/** `GET /api/raffles/:id` with the session: a draft only for admins and its seller; money for staff. */
export const getRaffle = (id: string, signal?: AbortSignal): Promise<Raffle> =>
  api.get<Raffle>(raffleApiPath(id), { signal });

export const getRaffleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: raffleKeys.detail(id),
    queryFn: ({ signal }) => getRaffle(id, signal),
  });

export const useRaffle = (id: string) => useQuery(getRaffleQueryOptions(id));

/**
 * `GET /api/raffles/:id` without the session: the public page shows what every visitor sees (a
 * draft is "not found" there even for its seller) and never waits for a token refresh.
 */
export const getPublicRaffle = (id: string, signal?: AbortSignal): Promise<PublicRaffle> =>
  api.get<PublicRaffle>(raffleApiPath(id), { signal, auth: false });

export const getPublicRaffleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: raffleKeys.publicDetail(id),
    queryFn: ({ signal }) => getPublicRaffle(id, signal),
  });

export const usePublicRaffle = (id: string) => useQuery(getPublicRaffleQueryOptions(id));
