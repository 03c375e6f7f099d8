import type { DrawResult } from '@domain/draw';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { raffleApiPath, raffleKeys } from './raffles';

/** `GET /api/raffles/:id/draw` (docs/verification.md): the list, its seal, the declared source, the result. */
export type SealedDraw = DrawResult;

/** The public draw answer, under the raffle's key (closing or drawing refreshes it). */
export const sealedDrawQueryOptions = (raffleId: string) =>
  queryOptions({
    queryKey: raffleKeys.draw(raffleId),
    queryFn: ({ signal }) => api.get<SealedDraw>(`${raffleApiPath(raffleId)}/draw`, { signal, auth: false }),
  });

export const useSealedDraw = (raffleId: string, enabled: boolean) =>
  useQuery({ ...sealedDrawQueryOptions(raffleId), enabled });
