import { messages } from '@domain/messages';
import type { ReservationInput, ReservationResult } from '@domain/reservations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { raffleApiPath, raffleKeys } from '@/api/raffles';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { sellerCodeFor } from '../seller-referral';

type CreateReservationInput = { raffleId: string; body: ReservationInput };

const post = (raffleId: string, body: ReservationInput) =>
  api.post<ReservationResult>(`${raffleApiPath(raffleId)}/reservations`, body, { auth: false });

/**
 * POST /api/raffles/:id/reservations: all or nothing, answered with the numbers and their order. 409 `TICKETS_UNAVAILABLE` lists the numbers
 * someone else took first (`error.numbers`); 429 when this connection reserves too often. In a rush
 * the server answers 428 `CHALLENGE_REQUIRED`: the browser solves a proof of work (ALTCHA, loaded
 * only then) and sends the same reservation again, without the buyer doing anything.
 */
export async function createReservation({
  raffleId,
  body,
}: CreateReservationInput): Promise<ReservationResult> {
  // The seller whose link brought the buyer here, if any (seller-referral.ts, decision 036).
  const sellerCode = body.seller_code ?? sellerCodeFor(raffleId);
  const sent = { ...body, ...(sellerCode && { seller_code: sellerCode }) };
  try {
    return await post(raffleId, sent);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 428 && error.code === 'CHALLENGE_REQUIRED'))
      throw error;
    const { solveChallenge } = await import('./altcha-solver');
    const altcha = await solveChallenge('/api/reservations/challenge').catch(() => null);
    if (!altcha) throw new ApiError(403, 'CHALLENGE_FAILED', messages.http.challengeFailed);
    return post(raffleId, { ...sent, altcha });
  }
}

export function useCreateReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReservation,
    // Success or conflict, the counts and the board changed: refetch both (the board via ETag).
    // Not awaited: the buyer's success screen never waits for the page's other data to refetch.
    onSettled: (_data, _error, { raffleId }) => {
      void queryClient.invalidateQueries({ queryKey: raffleKeys.detail(raffleId) });
    },
  });
}
