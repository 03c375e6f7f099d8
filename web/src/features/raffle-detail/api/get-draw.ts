import type { DrawResult } from '@domain/draw';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `GET /api/raffles/:id/draw` (public): the published sold list, its SHA-256 and, after the draw,
 * the winning number with a masked winner. Under ['raffles', id] so closing or drawing refreshes it.
 */
export const getDrawQueryOptions = (raffleId: string) =>
  queryOptions({
    queryKey: ['raffles', raffleId, 'draw'],
    queryFn: ({ signal }) =>
      api.get<DrawResult>(`/raffles/${encodeURIComponent(raffleId)}/draw`, { signal, auth: false }),
  });

export const useRaffleDraw = (raffleId: string, enabled: boolean) =>
  useQuery({ ...getDrawQueryOptions(raffleId), enabled });
