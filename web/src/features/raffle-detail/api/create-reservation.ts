import type { ReservationInput, ReservationResult } from '@domain/reservations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { raffleApiPath, raffleKeys } from '@/api/raffles';
import { api } from '@/lib/api-client';
import { sellerCodeFor } from '../seller-referral';

type CreateReservationInput = { raffleId: string; body: ReservationInput };

/**
 * POST /api/raffles/:id/reservations: all or nothing, answered with the numbers and their order. 409 `TICKETS_UNAVAILABLE` lists the numbers
 * someone else took first (`error.numbers`); 429 when this connection reserves too often.
 */
export const createReservation = ({ raffleId, body }: CreateReservationInput) => {
  // The seller whose link brought the buyer here, if any (seller-referral.ts, decision 036).
  const sellerCode = body.seller_code ?? sellerCodeFor(raffleId);
  return api.post<ReservationResult>(
    `${raffleApiPath(raffleId)}/reservations`,
    { ...body, ...(sellerCode && { seller_code: sellerCode }) },
    { auth: false },
  );
};

export function useCreateReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReservation,
    // Success or conflict, the counts and the board changed: refetch both (the board via ETag).
    onSettled: (_data, _error, { raffleId }) =>
      queryClient.invalidateQueries({ queryKey: raffleKeys.detail(raffleId) }),
  });
}
