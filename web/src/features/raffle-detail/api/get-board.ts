import type { Board } from '@domain/reservations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { raffleQueryKey } from './get-raffle';

export const boardQueryKey = (raffleId: string) => [...raffleQueryKey(raffleId), 'board'] as const;

/**
 * GET /api/raffles/:id/board (public): every number's status in one string. The server answers
 * with an ETag, so the browser revalidates a refetch with a cheap 304 when nothing changed.
 */
export const getBoard = (raffleId: string, signal?: AbortSignal): Promise<Board> =>
  api.get<Board>(`/raffles/${encodeURIComponent(raffleId)}/board`, { signal, auth: false });

export const getBoardQueryOptions = (raffleId: string) =>
  queryOptions({
    queryKey: boardQueryKey(raffleId),
    queryFn: ({ signal }) => getBoard(raffleId, signal),
    // The live stream keeps the board current; a remount refetches it to catch up.
    staleTime: 0,
  });

export const useBoard = (raffleId: string, enabled = true) =>
  useQuery({ ...getBoardQueryOptions(raffleId), enabled });
