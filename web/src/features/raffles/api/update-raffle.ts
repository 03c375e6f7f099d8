import type { Raffle, UpdateRaffle } from '@domain/raffles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { raffleQueryKey } from './get-raffle';

export type UpdateRaffleVariables = { id: string; body: UpdateRaffle };

/** `PATCH /api/raffles/:id` (staff; a vendedor only their own raffle). */
export const updateRaffle = ({ id, body }: UpdateRaffleVariables): Promise<Raffle> =>
  api.patch<Raffle>(`/raffles/${encodeURIComponent(id)}`, body);

export function useUpdateRaffle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRaffle,
    onSuccess: (raffle) => {
      queryClient.setQueryData(raffleQueryKey(raffle.id), raffle);
      return queryClient.invalidateQueries({ queryKey: ['raffles'] });
    },
  });
}
