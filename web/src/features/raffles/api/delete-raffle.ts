import { useMutation, useQueryClient } from '@tanstack/react-query';
import { raffleApiPath, raffleKeys } from '@/api/raffles';
import { api } from '@/lib/api-client';

/** `DELETE /api/raffles/:id` (admin only): the raffle with all its tickets. */
export const deleteRaffle = (id: string): Promise<void> => api.delete<void>(raffleApiPath(id));

export function useDeleteRaffle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRaffle,
    onSuccess: (_data, id) => {
      // Its detail, board, draw, winner and buyers: nothing of a deleted raffle is worth a refetch.
      queryClient.removeQueries({ queryKey: raffleKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: raffleKeys.lists() });
    },
  });
}
