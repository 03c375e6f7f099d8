import type { HistoryPage } from '@domain/staff-tickets';
import type { TicketStatus } from '@domain/tickets';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type HistoryFilters = {
  raffle_id?: string;
  status?: TicketStatus;
  /** Caracas days, YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  page: number;
  per_page: number;
};

export type { HistoryPage };

/** `GET /api/history` (staff): newest first; the server limits a vendedor to their raffles. */
export const getHistory = (filters: HistoryFilters, signal?: AbortSignal): Promise<HistoryPage> =>
  api.get<HistoryPage>('/history', { query: filters, signal });

export const getHistoryQueryOptions = (filters: HistoryFilters) =>
  queryOptions({
    queryKey: ['history', filters] as const,
    queryFn: ({ signal }) => getHistory(filters, signal),
    // Tickets change all day: opening the screen again should show the latest changes.
    staleTime: 15_000,
  });

/** Keeps the previous page on screen while the next one (or other filters) loads. */
export const useHistory = (filters: HistoryFilters) =>
  useQuery({ ...getHistoryQueryOptions(filters), placeholderData: keepPreviousData });
