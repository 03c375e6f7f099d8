import type { Raffle } from '@domain/raffles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { raffleApiPath, raffleKeys } from '@/api/raffles';
import { api } from '@/lib/api-client';

export type AddClarificationVariables = { id: string; text: string };

/**
 * `POST /api/raffles/:id/clarifications` (staff who may edit it): a dated note under the frozen
 * prize text of a closed raffle. Answers the raffle.
 */
export const addClarification = ({ id, text }: AddClarificationVariables): Promise<Raffle> =>
  api.post<Raffle>(`${raffleApiPath(id)}/clarifications`, { text });

export function useAddClarification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addClarification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: raffleKeys.all }),
  });
}
