import type { CreateRaffleInput, Raffle } from '@domain/raffles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { raffleKeys } from '@/api/raffles';
import { api } from '@/lib/api-client';

/** `POST /api/raffles` (staff): the raffle and all its numbers, created in one transaction. */
export const createRaffle = (body: CreateRaffleInput): Promise<Raffle> => api.post<Raffle>('/raffles', body);

export function useCreateRaffle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRaffle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: raffleKeys.lists() }),
  });
}
