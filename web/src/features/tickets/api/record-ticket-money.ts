import type { Refund, RefundInput, StaffPaymentInput } from '@domain/ledger';
import type { Payment } from '@domain/payments';
import type { StaffTicket } from '@domain/staff-tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { raffleKeys } from '@/api/raffles';
import { api } from '@/lib/api-client';
import { getTicketQueryOptions } from './get-ticket';
import { getTicketHistoryQueryOptions } from './get-ticket-history';
import { getTicketPaymentsQueryOptions } from './get-ticket-payments';
import { ticketsListKey } from './get-tickets';

const ticketPath = (id: string) => `/tickets/${encodeURIComponent(id)}`;

/** `POST /api/tickets/:id/payments` (staff): money received by hand, approved as it is recorded. */
export const recordTicketPayment = (id: string, input: StaffPaymentInput) =>
  api.post<{ payment: Payment; ticket: StaffTicket }>(`${ticketPath(id)}/payments`, input);

/** `POST /api/tickets/:id/refunds` (staff): money given back; the status follows what stays paid. */
export const refundTicket = (id: string, input: RefundInput) =>
  api.post<{ refund: Refund; ticket: StaffTicket }>(`${ticketPath(id)}/refunds`, input);

/** After money moves: the sale, its ledger and history, the list and the raffle's figures. */
function useRefreshSale() {
  const queryClient = useQueryClient();
  return (ticket: StaffTicket) => {
    if (ticket.id) queryClient.setQueryData(getTicketQueryOptions(ticket.id).queryKey, ticket);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: ticketsListKey(ticket.raffle_id) }),
      ...(ticket.id
        ? [
            queryClient.invalidateQueries({ queryKey: getTicketPaymentsQueryOptions(ticket.id).queryKey }),
            queryClient.invalidateQueries({ queryKey: getTicketHistoryQueryOptions(ticket.id).queryKey }),
          ]
        : []),
      queryClient.invalidateQueries({ queryKey: raffleKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['payments'] }),
    ]);
  };
}

export function useRecordTicketPayment(ticketId: string) {
  const refresh = useRefreshSale();
  return useMutation({
    mutationFn: (input: StaffPaymentInput) => recordTicketPayment(ticketId, input),
    onSuccess: ({ ticket }) => refresh(ticket),
  });
}

export function useRefundTicket(ticketId: string) {
  const refresh = useRefreshSale();
  return useMutation({
    mutationFn: (input: RefundInput) => refundTicket(ticketId, input),
    onSuccess: ({ ticket }) => refresh(ticket),
  });
}
