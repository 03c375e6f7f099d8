import type { StaffTicket } from '@domain/staff-tickets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /api/tickets/:id` (staff): one ticket with its buyer. */
export const getTicket = (id: string, signal?: AbortSignal): Promise<StaffTicket> =>
  api.get<StaffTicket>(`/tickets/${encodeURIComponent(id)}`, { signal });

export const getTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['tickets', 'detail', id] as const,
    queryFn: ({ signal }) => getTicket(id, signal),
    staleTime: 15_000,
  });

/**
 * The side panel's ticket: the list's row shows at once while the fresh one loads. A number
 * nobody holds has no sale (id null) and nothing to load.
 */
export const useTicket = (id: string | null, placeholder?: StaffTicket) =>
  useQuery({ ...getTicketQueryOptions(id ?? ''), enabled: id !== null, placeholderData: placeholder });
