import type { Raffle, UpdateRaffle } from '@domain/raffles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { raffleApiPath, raffleKeys } from '@/api/raffles';
import { api } from '@/lib/api-client';

export type UpdateRaffleVariables = { id: string; body: UpdateRaffle };

/** `PATCH /api/raffles/:id` (staff; a vendedor only their own raffle). */
export const updateRaffle = ({ id, body }: UpdateRaffleVariables): Promise<Raffle> =>
  api.patch<Raffle>(raffleApiPath(id), body);

export function useUpdateRaffle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRaffle,
    onSuccess: (raffle) => {
      queryClient.setQueryData(raffleKeys.detail(raffle.id), raffle);
      return queryClient.invalidateQueries({ queryKey: raffleKeys.all });
    },
  });
}
