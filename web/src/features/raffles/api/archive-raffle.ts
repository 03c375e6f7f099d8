import type { Raffle } from '@domain/raffles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { raffleApiPath, raffleKeys } from '@/api/raffles';
import { api } from '@/lib/api-client';

/** `POST /api/raffles/:id/archive` (admin): hidden from the public and the default list, kept whole. */
export const archiveRaffle = (id: string): Promise<Raffle> =>
  api.post<Raffle>(`${raffleApiPath(id)}/archive`);

export function useArchiveRaffle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveRaffle,
    // Both lists (it leaves one for the other) and its detail, public page and board.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: raffleKeys.all }),
  });
}
