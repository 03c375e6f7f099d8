import { messages } from '@domain/messages';
import type { ReservationInput, ReservationResult } from '@domain/reservations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { raffleApiPath, raffleKeys } from '@/api/raffles';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { newRequestId } from '@/lib/request-id';
import { sellerCodeFor } from '../seller-referral';

type CreateReservationInput = { raffleId: string; body: ReservationInput };

const post = (raffleId: string, body: ReservationInput) =>
  api.post<ReservationResult>(`${raffleApiPath(raffleId)}/reservations`, body, { auth: false });

/** No answer, or a proxy's (`ApiError.retryable`): the sale may have committed all the same. */
export const answerLost = (error: unknown) => error instanceof ApiError && error.retryable;

/** Pauses before sending a request whose answer was lost again, on a phone's unsteady signal. */
const RESEND_AFTER_MS = [1000, 3000];
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const challengeRequired = (error: unknown) =>
  error instanceof ApiError && error.status === 428 && error.code === 'CHALLENGE_REQUIRED';

/**
 * POST /api/raffles/:id/reservations: all or nothing, answered with the numbers and their order. 409
 * `TICKETS_UNAVAILABLE` lists the numbers someone else took first (`error.numbers`); 429 when this
 * connection reserves too often. In a rush the server answers 428 `CHALLENGE_REQUIRED`: the browser
 * solves a proof of work (ALTCHA, loaded only then) and sends the same reservation again, without
 * the buyer doing anything. A lost answer is sent again, twice at most, with the same `request_id`:
 * if the first sending sold, the server answers that order again instead of "taken" (decision 057).
 * The caller keeps that key for the buyer's own next tap on the same numbers.
 */
export async function createReservation(
  { raffleId, body }: CreateReservationInput,
  wait = sleep,
): Promise<ReservationResult> {
  // The seller whose link brought the buyer here, if any (seller-referral.ts, decision 036).
  const sellerCode = body.seller_code ?? sellerCodeFor(raffleId);
  const sent = {
    ...body,
    request_id: body.request_id ?? newRequestId(),
    ...(sellerCode && { seller_code: sellerCode }),
  };
  let altcha: string | undefined;
  for (let resends = 0; ; ) {
    try {
      return await post(raffleId, altcha ? { ...sent, altcha } : sent);
    } catch (error) {
      if (challengeRequired(error) && !altcha) {
        const { solveChallenge } = await import('./altcha-solver');
        altcha = (await solveChallenge('/api/reservations/challenge').catch(() => null)) ?? undefined;
        if (!altcha) throw new ApiError(403, 'CHALLENGE_FAILED', messages.http.challengeFailed);
        continue;
      }
      const pause = RESEND_AFTER_MS[resends++];
      if (!answerLost(error) || pause === undefined) throw error;
      // A solved challenge is good for one sending: the next one solves a fresh one if asked.
      altcha = undefined;
      await wait(pause);
    }
  }
}

export function useCreateReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReservationInput) => createReservation(input),
    // Success or conflict, the counts and the board changed: refetch both (the board via ETag).
    // Not awaited: the buyer's success screen never waits for the page's other data to refetch.
    onSettled: (_data, _error, { raffleId }) => {
      void queryClient.invalidateQueries({ queryKey: raffleKeys.detail(raffleId) });
    },
  });
}
