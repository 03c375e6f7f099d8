import type { BuyerTicket } from '@domain/reservations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /api/tickets/:id` (staff): one ticket with its buyer. */
export const getTicket = (id: string, signal?: AbortSignal): Promise<BuyerTicket> =>
  api.get<BuyerTicket>(`/tickets/${encodeURIComponent(id)}`, { signal });

export const getTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['tickets', 'detail', id] as const,
    queryFn: ({ signal }) => getTicket(id, signal),
    staleTime: 15_000,
  });

/** The side panel's ticket: the list's row shows at once while the fresh one loads. */
export const useTicket = (id: string, placeholder?: BuyerTicket) =>
  useQuery({ ...getTicketQueryOptions(id), placeholderData: placeholder });
