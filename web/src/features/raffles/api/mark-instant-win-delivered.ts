import type { StaffInstantWins } from '@domain/instant-wins';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { raffleApiPath, raffleKeys } from '@/api/raffles';
import { api } from '@/lib/api-client';

export type MarkInstantWinDeliveredVariables = { raffleId: string; number: number };

/**
 * `POST /api/raffles/:id/instant-wins/:number/delivery` (staff who may edit it): the won prize was
 * handed over (decision 081). Cannot be undone. Answers the list as `GET …/instant-wins` does.
 */
export const markInstantWinDelivered = ({
  raffleId,
  number,
}: MarkInstantWinDeliveredVariables): Promise<StaffInstantWins> =>
  api.post<StaffInstantWins>(`${raffleApiPath(raffleId)}/instant-wins/${number}/delivery`);

export function useMarkInstantWinDelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markInstantWinDelivered,
    onSuccess: (list, { raffleId }) => queryClient.setQueryData(raffleKeys.instantWins(raffleId), list),
  });
}
