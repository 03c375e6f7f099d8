import type { LuckyPickResult } from '@domain/reservations';
import { useMutation } from '@tanstack/react-query';
import { raffleApiPath } from '@/api/raffles';
import { api } from '@/lib/api-client';

type LuckyPickInput = { raffleId: string; count: number; exclude: number[] };

/** The server's lucky-pick exclude list is capped at 500 numbers. */
const MAX_EXCLUDE = 500;

/** POST /api/raffles/:id/lucky-pick: random available numbers chosen by the server. */
export const luckyPick = ({ raffleId, count, exclude }: LuckyPickInput): Promise<LuckyPickResult> =>
  api.post(
    `${raffleApiPath(raffleId)}/lucky-pick`,
    { count, exclude: exclude.slice(0, MAX_EXCLUDE) },
    { auth: false },
  );

export const useLuckyPick = () => useMutation({ mutationFn: luckyPick });
