import type { TicketFilterStatus, TicketPage } from '@domain/staff-tickets';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { raffleApiPath } from '@/api/raffles';
import { api } from '@/lib/api-client';

export type TicketsFilters = { status?: TicketFilterStatus[]; search?: string };
export type TicketsPageParams = TicketsFilters & { page: number; per_page: number };

/** `counts`: tickets per status for the current search, whatever the status filter. */
export type TicketsPage = TicketPage;

/** `GET /api/raffles/:id/tickets` (staff; a vendedor only for their own raffles, else 403). */
export const getTickets = (
  raffleId: string,
  params: TicketsPageParams,
  signal?: AbortSignal,
): Promise<TicketsPage> =>
  api.get<TicketsPage>(`${raffleApiPath(raffleId)}/tickets`, { query: params, signal });

/** Every page and filter of one raffle's list: what a ticket change invalidates. */
export const ticketsListKey = (raffleId: string) => ['tickets', 'list', raffleId] as const;

export const getTicketsQueryOptions = (raffleId: string, params: TicketsPageParams) =>
  queryOptions({
    queryKey: [...ticketsListKey(raffleId), params] as const,
    queryFn: ({ signal }) => getTickets(raffleId, params, signal),
    // Buyers reserve and pay all day: coming back to the list should show the latest.
    staleTime: 15_000,
  });

/** Keeps the previous page on screen while the next one (or a new filter) loads. */
export const useTickets = (raffleId: string, params: TicketsPageParams) =>
  useQuery({ ...getTicketsQueryOptions(raffleId, params), placeholderData: keepPreviousData });
