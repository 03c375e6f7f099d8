import type { Leaderboards } from '@domain/seller-network';
import { queryOptions } from '@tanstack/react-query';
import { raffleApiPath, raffleKeys } from '@/api/raffles';
import { api } from '@/lib/api-client';

/** `GET /api/raffles/:id/leaderboards` (public, opt-in): masked names and counts of numbers. */
export const leaderboardsQueryOptions = (raffleId: string) =>
  queryOptions({
    // Under the raffle's detail: whatever refreshes the raffle refreshes its leaderboards too.
    queryKey: [...raffleKeys.detail(raffleId), 'leaderboards'] as const,
    queryFn: ({ signal }) =>
      api.get<Leaderboards>(`${raffleApiPath(raffleId)}/leaderboards`, { signal, auth: false }),
    staleTime: 5_000,
  });
