import type { HistoryPage } from '@domain/staff-tickets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A number rarely changes more often than this; the panel shows the latest ones. */
const PER_PAGE = 50;

type HistoryQuery = { ticket_id: string; page: number; per_page: number };

/** `GET /api/history?ticket_id=` (staff): one ticket's changes, newest first. */
export const getTicketHistory = (ticketId: string, signal?: AbortSignal): Promise<HistoryPage> =>
  api.get<HistoryPage>('/history', {
    query: { ticket_id: ticketId, page: 1, per_page: PER_PAGE } satisfies HistoryQuery,
    signal,
  });

// Under the history root key, so the history screen's changes and this one refresh together.
export const getTicketHistoryQueryOptions = (ticketId: string) =>
  queryOptions({
    queryKey: ['history', { ticket_id: ticketId, page: 1, per_page: PER_PAGE }] as const,
    queryFn: ({ signal }) => getTicketHistory(ticketId, signal),
    staleTime: 15_000,
  });

export const useTicketHistory = (ticketId: string) => useQuery(getTicketHistoryQueryOptions(ticketId));
