import type { TicketEvent } from '../../../domain/reservations';
import type { Database } from '../../db/client';

export type TicketChange = { raffle_id: string; tickets: TicketEvent[] };
type Listener = (events: TicketEvent[]) => void;

export const TICKET_CHANGES_CHANNEL = 'ticket_changes';

/**
 * One LISTEN per process on the channel the writing transactions NOTIFY, fanned out to the
 * open SSE streams of each raffle. Works the same across many instances on one PostgreSQL.
 */
export function createRealtimeHub(database: Database) {
  const listeners = new Map<string, Set<Listener>>();
  const openStreams = new Set<() => void>();
  let unlisten: (() => Promise<void>) | null = null;

  function dispatch(payload: string) {
    let change: TicketChange;
    try {
      change = JSON.parse(payload) as TicketChange;
    } catch {
      return;
    }
    for (const listener of listeners.get(change.raffle_id) ?? []) listener(change.tickets);
  }

  return {
    async start() {
      unlisten ??= await database.listen(TICKET_CHANGES_CHANNEL, dispatch);
    },
    subscribe(raffleId: string, listener: Listener): () => void {
      let set = listeners.get(raffleId);
      if (!set) {
        set = new Set();
        listeners.set(raffleId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(raffleId);
      };
    },
    /** Streams register their closer so a stopping server ends them instead of waiting on browsers. */
    trackStream(close: () => void): () => void {
      openStreams.add(close);
      return () => openStreams.delete(close);
    },
    subscriberCount: (raffleId: string) => listeners.get(raffleId)?.size ?? 0,
    async stop() {
      for (const close of openStreams) close();
      await unlisten?.();
      unlisten = null;
      listeners.clear();
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
