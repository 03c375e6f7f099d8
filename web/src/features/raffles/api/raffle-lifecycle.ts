import type { DrawResult, DrawWinner } from '@domain/draw';
import type { Raffle } from '@domain/raffles';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const base = (id: string) => `/raffles/${encodeURIComponent(id)}`;

/** Every raffle query starts with 'raffles' (lists, details, the public page, the winner). */
function useInvalidateRaffles() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['raffles'] });
}

/** `POST /api/raffles/:id/close` (staff, own raffle): publishes the sold list and its SHA-256. */
export function useCloseRaffle() {
  const invalidate = useInvalidateRaffles();
  return useMutation({
    mutationFn: (id: string) => api.post<Raffle>(`${base(id)}/close`),
    onSuccess: invalidate,
  });
}

/** `POST /api/raffles/:id/draw` (admin): the official lottery's number; it cannot change afterwards. */
export function useDrawRaffle() {
  const invalidate = useInvalidateRaffles();
  return useMutation({
    mutationFn: ({ id, winningNumber }: { id: string; winningNumber: number }) =>
      api.post<DrawResult>(`${base(id)}/draw`, { winning_number: winningNumber }),
    onSuccess: invalidate,
  });
}

export const raffleWinnerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['raffles', 'winner', id],
    queryFn: ({ signal }) => api.get<{ winner: DrawWinner | null }>(`${base(id)}/winner`, { signal }),
  });

/** `GET /api/raffles/:id/winner` (staff): the winning sale with the buyer's contact details, or null. */
export const useRaffleWinner = (id: string, enabled: boolean) =>
  useQuery({ ...raffleWinnerQueryOptions(id), enabled });
