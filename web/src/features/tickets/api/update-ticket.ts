import type { BuyerTicket } from '@domain/reservations';
import type { ticketPatchSchema } from '@domain/staff-tickets';
import type { z } from '@domain/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { rafflesRootKey } from './get-raffle';
import { getTicketQueryOptions } from './get-ticket';
import { getTicketHistoryQueryOptions } from './get-ticket-history';
import { ticketsListKey } from './get-tickets';

export type TicketPatchInput = z.input<typeof ticketPatchSchema>;
export type UpdateTicketVariables = { id: string; patch: TicketPatchInput };

/**
 * `PATCH /api/tickets/:id` (staff): `pagado` pays the price in full, `disponible` clears the buyer;
 * buyer fields are corrected as sent. Every change is written to the ticket's history.
 */
export const updateTicket = ({ id, patch }: UpdateTicketVariables): Promise<BuyerTicket> =>
  api.patch<BuyerTicket>(`/tickets/${encodeURIComponent(id)}`, patch);

export function useUpdateTicket(raffleId: string) {
  const queryClient = useQueryClient();
  const refresh = (ticketId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ticketsListKey(raffleId) }),
      queryClient.invalidateQueries({ queryKey: getTicketQueryOptions(ticketId).queryKey }),
      queryClient.invalidateQueries({ queryKey: getTicketHistoryQueryOptions(ticketId).queryKey }),
      // Counts per status, buyers and totals of the raffle changed too.
      queryClient.invalidateQueries({ queryKey: rafflesRootKey }),
    ]);
  return useMutation({
    mutationFn: updateTicket,
    onSuccess: (ticket) => {
      queryClient.setQueryData(getTicketQueryOptions(ticket.id).queryKey, ticket);
      return refresh(ticket.id);
    },
    // Someone else changed it first (409) or it is gone (404): show what is true now.
    onError: (error, { id }) => {
      if (isApiError(error) && error.status >= 400 && error.status < 500) void refresh(id);
    },
  });
}
