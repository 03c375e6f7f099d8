import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { raffleQueryKey } from './get-raffle';

/** `DELETE /api/raffles/:id` (admin only): the raffle with all its tickets. */
export const deleteRaffle = (id: string): Promise<void> =>
  api.delete<void>(`/raffles/${encodeURIComponent(id)}`);

export function useDeleteRaffle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRaffle,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: raffleQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: ['raffles', 'list'] });
    },
  });
}
