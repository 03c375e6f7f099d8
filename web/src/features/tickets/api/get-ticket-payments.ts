import type { TicketPayment } from '@domain/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { TicketPayment };

/** `GET /api/tickets/:id/payments` (staff): newest first, with the reason of a rejection. */
export const getTicketPayments = (ticketId: string, signal?: AbortSignal): Promise<TicketPayment[]> =>
  api.get<TicketPayment[]>(`/tickets/${encodeURIComponent(ticketId)}/payments`, { signal });

export const getTicketPaymentsQueryOptions = (ticketId: string) =>
  queryOptions({
    queryKey: ['tickets', 'payments', ticketId] as const,
    queryFn: ({ signal }) => getTicketPayments(ticketId, signal),
    staleTime: 15_000,
  });

export const useTicketPayments = (ticketId: string) => useQuery(getTicketPaymentsQueryOptions(ticketId));
