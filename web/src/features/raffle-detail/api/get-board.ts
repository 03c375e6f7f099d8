import type { Board } from '@domain/reservations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { raffleApiPath, raffleKeys } from '@/api/raffles';
import { api } from '@/lib/api-client';

/**
 * GET /api/raffles/:id/board (public): every number's status in one string. The server answers
 * with an ETag, so the browser revalidates a refetch with a cheap 304 when nothing changed.
 */
export const getBoard = (raffleId: string, signal?: AbortSignal): Promise<Board> =>
  api.get<Board>(`${raffleApiPath(raffleId)}/board`, { signal, auth: false });

export const getBoardQueryOptions = (raffleId: string) =>
  queryOptions({
    queryKey: raffleKeys.board(raffleId),
    queryFn: ({ signal }) => getBoard(raffleId, signal),
    // The live stream keeps the board current; a remount refetches it to catch up.
    staleTime: 0,
  });

export const useBoard = (raffleId: string, enabled = true) =>
  useQuery({ ...getBoardQueryOptions(raffleId), enabled });
