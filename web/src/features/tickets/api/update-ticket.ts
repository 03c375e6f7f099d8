import type { StaffTicket, ticketPatchSchema } from '@domain/staff-tickets';
import type { z } from '@domain/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshMoneyFigures } from '@/api/money-moved';
import { raffleApiPath } from '@/api/raffles';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { getTicketQueryOptions } from './get-ticket';

export type TicketPatchInput = z.input<typeof ticketPatchSchema>;
export type UpdateTicketVariables = { number: number; patch: TicketPatchInput };

/**
 * `PATCH /api/raffles/:id/numbers/:number` (staff): changes the number's sale, or sells or sets
 * aside a number nobody holds. Money is a ledger: `pagado` records a payment of what is owed,
 * `abonado` one of `amount_cents`; taking a sale with money back (apartado, disponible, cancelado)
 * needs `refund` or `no_refund_reason` (422 REFUND_DECISION_REQUIRED). Every change goes to history.
 */
export const updateTicket = (
  raffleId: string,
  { number, patch }: UpdateTicketVariables,
): Promise<StaffTicket> => api.patch<StaffTicket>(`${raffleApiPath(raffleId)}/numbers/${number}`, patch);

export function useUpdateTicket(raffleId: string) {
  const queryClient = useQueryClient();
  // A status change records or gives back money (pagado, abonado, refunds), so the sale, its ledger
  // and history, the raffle's counts and the sellers' commissions and cash all change.
  const refresh = () => refreshMoneyFigures(queryClient);
  return useMutation({
    mutationFn: (variables: UpdateTicketVariables) => updateTicket(raffleId, variables),
    onSuccess: (ticket) => {
      if (ticket.id) queryClient.setQueryData(getTicketQueryOptions(ticket.id).queryKey, ticket);
      return refresh();
    },
    // Someone else changed it first (409) or it is gone (404): show what is true now.
    onError: (error) => {
      if (isApiError(error) && error.status >= 400 && error.status < 500) void refresh();
    },
  });
}
