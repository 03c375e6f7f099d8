import {
  RAFFLE_REFRESH_MIN_MS,
  RAFFLE_REFRESH_SPREAD_MS,
  spreadOf,
  unpackTicketEvents,
} from '@domain/live-events';
import type { TicketEvent } from '@domain/reservations';
import { liveUpdateToast, padTicketNumber } from '@domain/tickets';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { raffleKeys } from '@/api/raffles';
import { useRaffleStore } from '../store/raffle-store';
import { raffleDetailTexts } from '../texts';

/** SPEC 4 / 9: the live-update toast shows for 3 seconds. */
const LIVE_TOAST_MS = 3000;
/**
 * When the server closed the stream for good (EventSource gives up: a refusal such as 503
 * STREAMS_FULL when too many pages are open), the board is read again and the stream tried again
 * after this: the page falls back to polling the board (revalidated by its ETag) until a slot frees.
 */
const REOPEN_MS = 5000;

const isTicketEvent = (value: unknown): value is TicketEvent =>
  typeof (value as TicketEvent | null)?.number === 'number' &&
  typeof (value as TicketEvent).version === 'number';

/** The changes of an `event: tickets` (packed, in order) or of an `event: ticket` (one). */
export function parseTicketEvents(data: string): TicketEvent[] {
  try {
    const parsed: unknown = JSON.parse(data);
    return isTicketEvent(parsed) ? [parsed] : unpackTicketEvents(parsed);
  } catch {
    return [];
  }
}

function handleTicketEvent(raffleId: string, event: TicketEvent) {
  const store = useRaffleStore.getState();
  if (!store.applyEvent(raffleId, event)) return;
  store.flash(event.number);
  if (event.status === 'disponible' || store.ownNumbers.includes(event.number)) return;
  const digits = store.boards[raffleId]?.digitCount ?? 3;
  if (store.selection.includes(event.number)) {
    store.deselect([event.number]);
    if (!store.checkingOut) {
      toast.warning(raffleDetailTexts.selection.takenByOther(padTicketNumber(event.number, digits)));
    }
  }
  if (store.checkingOut) return;
  toast(liveUpdateToast(event.number, event.status), {
    id: `live-${event.number}`,
    duration: LIVE_TOAST_MS,
  });
}

export type LiveStatus = 'connecting' | 'open' | 'reconnecting';

/**
 * Live board: `GET /api/raffles/:id/events?batch=1`: one event `tickets` per server tick with the
 * changes in order (a rush is one message, not hundreds). EventSource reconnects by itself
 * after a drop and sends the last event id: the server replays what we missed, or sends `reset`
 * when it cannot (then we read the board again). A stream opened anew after the browser gave up
 * knows nothing of what passed, so it reads the board again too.
 */
export function useRaffleLive(raffleId: string, enabled = true): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let raffleTimer: ReturnType<typeof setTimeout> | undefined;
    const key = raffleKeys.board(raffleId);

    const readBoardAgain = () => {
      // The first board request may still be running; otherwise catch up on what we missed.
      if (queryClient.getQueryState(key)?.fetchStatus === 'idle')
        void queryClient.invalidateQueries({ queryKey: key });
    };
    // The raffle's answers (its public view, draw, leaderboards), not the board: ticket changes keep
    // that one. One read pending covers every change told before it. The spread is the one the
    // server names for how many pages it holds of this raffle (decision 089).
    const readRaffleAgain = (spreadMs = RAFFLE_REFRESH_SPREAD_MS) => {
      if (raffleTimer !== undefined) return;
      raffleTimer = setTimeout(
        () => {
          raffleTimer = undefined;
          void queryClient.invalidateQueries({
            queryKey: raffleKeys.detail(raffleId),
            predicate: (query) => query.queryKey[3] !== 'board',
          });
        },
        RAFFLE_REFRESH_MIN_MS + Math.random() * spreadMs,
      );
    };
    // After a drop, the browser reconnects sending the id of the last event it saw; with none
    // seen (or with a stream opened anew) the server cannot replay, so we read the board again.
    let dropped = false;
    let openedBefore = false;
    let sawEventId = false;
    const open = () => {
      source = new EventSource(`/api/raffles/${encodeURIComponent(raffleId)}/events?batch=1`);
      sawEventId = false;
      source.onopen = () => {
        setStatus('open');
        if (dropped && !sawEventId) readBoardAgain();
        // A change of the raffle itself is not replayed: after any drop it is read again, and once
        // when the first stream opens (an edit between the page's first read and now was told to
        // nobody here; the answer is usually a 304).
        if (dropped || !openedBefore) readRaffleAgain();
        dropped = false;
        openedBefore = true;
      };
      source.addEventListener('reset', () => {
        readBoardAgain();
        readRaffleAgain();
      });
      source.addEventListener('raffle', (message) =>
        readRaffleAgain(spreadOf((message as MessageEvent<string>).data)),
      );
      source.onerror = () => {
        dropped = true;
        setStatus('reconnecting');
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          readBoardAgain(); // the raffle is read again once a stream opens (onopen)
          reopenTimer = setTimeout(open, REOPEN_MS);
        }
      };
      const onChanges = (message: Event) => {
        if ((message as MessageEvent<string>).lastEventId) sawEventId = true;
        for (const event of parseTicketEvents((message as MessageEvent<string>).data))
          handleTicketEvent(raffleId, event);
      };
      source.addEventListener('tickets', onChanges);
      source.addEventListener('ticket', onChanges);
    };
    open();
    return () => {
      clearTimeout(reopenTimer);
      clearTimeout(raffleTimer);
      source?.close();
      setStatus('connecting');
    };
  }, [raffleId, enabled, queryClient]);

  return status;
}
