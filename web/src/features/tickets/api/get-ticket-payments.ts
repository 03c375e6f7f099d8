import type { TicketLedgerEntry } from '@domain/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { TicketLedgerEntry };

/** `GET /api/tickets/:id/payments` (staff): the number's ledger, newest first: payments and refunds. */
export const getTicketPayments = (ticketId: string, signal?: AbortSignal): Promise<TicketLedgerEntry[]> =>
  api.get<TicketLedgerEntry[]>(`/tickets/${encodeURIComponent(ticketId)}/payments`, { signal });

export const getTicketPaymentsQueryOptions = (ticketId: string) =>
  queryOptions({
    queryKey: ['tickets', 'payments', ticketId] as const,
    queryFn: ({ signal }) => getTicketPayments(ticketId, signal),
    staleTime: 15_000,
  });

export const useTicketPayments = (ticketId: string) => useQuery(getTicketPaymentsQueryOptions(ticketId));
