import type { StaffInstantWins } from '@domain/instant-wins';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { raffleApiPath, raffleKeys } from '@/api/raffles';
import { api } from '@/lib/api-client';

/** `GET /api/raffles/:id/instant-wins`: the list and who won each (admins and the raffle's owner). */
export const getInstantWins = (id: string, signal?: AbortSignal): Promise<StaffInstantWins> =>
  api.get<StaffInstantWins>(`${raffleApiPath(id)}/instant-wins`, { signal });

export const getInstantWinsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: raffleKeys.instantWins(id),
    queryFn: ({ signal }) => getInstantWins(id, signal),
  });

export const useInstantWins = (id: string, enabled = true) =>
  useQuery({ ...getInstantWinsQueryOptions(id), enabled: enabled && id !== '' });
