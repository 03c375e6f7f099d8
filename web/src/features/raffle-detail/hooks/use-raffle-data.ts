import { messages } from '@domain/messages';
import { padTicketNumber } from '@domain/tickets';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { usePublicRaffle } from '@/api/raffles';
import { isApiError } from '@/lib/api-error';
import { useBoard } from '../api/get-board';
import { useRaffleStore } from '../store/raffle-store';
import { raffleDetailTexts } from '../texts';

/** A bad id (400) and an unknown or unpublished raffle (404) both mean "not found" to a visitor. */
export const isNotFound = (error: unknown) =>
  isApiError(error) && (error.status === 404 || error.status === 400);

/**
 * Fetches the raffle and its board in parallel (one round trip on a slow phone connection) and
 * mirrors them into the raffle store, where live events and the visitor's selection meet them.
 */
export function useRaffleData(raffleId: string) {
  const raffle = usePublicRaffle(raffleId);
  const board = useBoard(raffleId);

  useEffect(() => {
    if (raffle.data) useRaffleStore.getState().setCurrentRaffle(raffle.data);
  }, [raffle.data]);

  useEffect(() => {
    if (!board.data) return;
    const lost = useRaffleStore.getState().loadBoard(raffleId, board.data);
    if (useRaffleStore.getState().checkingOut) return; // the checkout sheet says it
    for (const n of lost) {
      toast.warning(raffleDetailTexts.selection.takenByOther(padTicketNumber(n, board.data.digit_count)));
    }
  }, [board.data, raffleId]);

  const raffleError = raffle.error && !isNotFound(raffle.error) ? messages.store.getRaffle : null;
  // An archived raffle's page has no board (its board answers 404): nothing failed.
  const boardError =
    !raffle.error && board.error && !raffle.data?.archived_at ? messages.store.loadTickets : null;
  const error = raffleError ?? boardError;
  const loading = raffle.isPending || board.isPending;

  useEffect(() => {
    useRaffleStore.getState().setStatus({ loading, error });
  }, [loading, error]);

  // SPEC 8: store errors surface as toasts, with the server's explanation when there is one.
  useEffect(() => {
    if (!error) return;
    const cause = raffle.error ?? board.error;
    toast.error(error, { id: `raffle-detail-${error}`, description: cause?.message });
  }, [error, raffle.error, board.error]);

  return { raffle, board };
}
