import type { DrawResult } from '@domain/draw';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { raffleApiPath, raffleKeys } from '@/api/raffles';
import { api } from '@/lib/api-client';

/**
 * `GET /api/raffles/:id/draw` (public): the published sold list, its SHA-256 and, after the draw,
 * the winning number with a masked winner. Under the raffle's key, so closing or drawing refreshes it.
 */
export const getDrawQueryOptions = (raffleId: string) =>
  queryOptions({
    queryKey: raffleKeys.draw(raffleId),
    queryFn: ({ signal }) => api.get<DrawResult>(`${raffleApiPath(raffleId)}/draw`, { signal, auth: false }),
  });

export const useRaffleDraw = (raffleId: string, enabled: boolean) =>
  useQuery({ ...getDrawQueryOptions(raffleId), enabled });
