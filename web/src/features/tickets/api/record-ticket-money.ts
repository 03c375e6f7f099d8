import type { Refund, RefundInput, StaffPaymentInput } from '@domain/ledger';
import type { Payment } from '@domain/payments';
import type { StaffTicket } from '@domain/staff-tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshMoneyFigures } from '@/api/money-moved';
import { api } from '@/lib/api-client';
import { getTicketQueryOptions } from './get-ticket';

const ticketPath = (id: string) => `/tickets/${encodeURIComponent(id)}`;

/** `POST /api/tickets/:id/payments` (staff): money received by hand, approved as it is recorded. */
export const recordTicketPayment = (id: string, input: StaffPaymentInput) =>
  api.post<{ payment: Payment; ticket: StaffTicket }>(`${ticketPath(id)}/payments`, input);

/** `POST /api/tickets/:id/refunds` (staff): money given back; the status follows what stays paid. */
export const refundTicket = (id: string, input: RefundInput) =>
  api.post<{ refund: Refund; ticket: StaffTicket }>(`${ticketPath(id)}/refunds`, input);

/** After money moves: the sale as answered, then its ledger, history and every figure money moves. */
function useRefreshSale() {
  const queryClient = useQueryClient();
  return (ticket: StaffTicket) => {
    if (ticket.id) queryClient.setQueryData(getTicketQueryOptions(ticket.id).queryKey, ticket);
    return refreshMoneyFigures(queryClient);
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
