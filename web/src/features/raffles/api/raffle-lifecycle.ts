import type { DrawResult, DrawWinner } from '@domain/draw';
import type { Raffle } from '@domain/raffles';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { raffleApiPath, raffleKeys } from '@/api/raffles';
import { api } from '@/lib/api-client';

/** Closing or drawing changes the lists, the raffle, its public page and its winner: refresh them all. */
function useInvalidateRaffles() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: raffleKeys.all });
}

/** `POST /api/raffles/:id/close` (staff, own raffle): publishes the sold list and its SHA-256. */
export function useCloseRaffle() {
  const invalidate = useInvalidateRaffles();
  return useMutation({
    mutationFn: (id: string) => api.post<Raffle>(`${raffleApiPath(id)}/close`),
    onSuccess: invalidate,
  });
}

/**
 * `POST /api/raffles/:id/draw` (admin): `{result}` as published for a declared lottery (the server
 * applies the rule), `{winning_number}` for a raffle with no declared source. It cannot change afterwards.
 */
export function useDrawRaffle() {
  const invalidate = useInvalidateRaffles();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: string;
      body: { winning_number: number } | { result: string; prize?: number };
    }) => api.post<DrawResult>(`${raffleApiPath(id)}/draw`, body),
    onSuccess: invalidate,
  });
}

/** Prize `position`'s winner (1: the raffle's own); under the raffle's winner key, refreshed with it. */
export const raffleWinnerQueryOptions = (id: string, position = 1) =>
  queryOptions({
    queryKey: [...raffleKeys.winner(id), position],
    queryFn: ({ signal }) =>
      api.get<{ winner: DrawWinner | null }>(
        `${raffleApiPath(id)}/winner${position === 1 ? '' : `?prize=${position}`}`,
        { signal },
      ),
  });

/**
 * `GET /api/raffles/:id/winner?prize=N` (staff): the winning sale of a prize with the buyer's
 * contact details, or null.
 */
export const useRaffleWinner = (id: string, enabled: boolean, position = 1) =>
  useQuery({ ...raffleWinnerQueryOptions(id, position), enabled });
