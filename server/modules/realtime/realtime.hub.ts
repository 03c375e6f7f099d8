import type { TicketEvent } from '../../../domain/reservations';
import type { Database } from '../../db/client';
import type { InFlightCount } from '../../lib/in-flight-count';
import { createLiveStreams, type LiveSink } from './live-streams';

export type TicketChange = { raffle_id: string; tickets: TicketEvent[] };
type Listener = (events: TicketEvent[]) => void;

export const TICKET_CHANGES_CHANNEL = 'ticket_changes';

/** Recent events kept per raffle for streams that reconnect with Last-Event-ID. */
const REPLAY_EVENTS = 1_000;
/** Raffles whose recent events are kept; the least recently changed is forgotten first. */
const REPLAY_RAFFLES = 500;
/** Changes of a raffle wait at most this long to go out together to its open streams. */
const LIVE_TICK_MS = 50;
/** A stream with no changes gets a comment this often, so proxies keep it open. */
const HEARTBEAT_MS = 20_000;

/**
 * One LISTEN per process on the channel the writing transactions NOTIFY, fanned out to the
 * open SSE streams of each raffle. Works the same across many instances on one PostgreSQL.
 */
export function createRealtimeHub(database: Database, options: { giveWayTo?: InFlightCount } = {}) {
  const listeners = new Map<string, Set<Listener>>();
  /** Per raffle, the last events in the order this instance received them. */
  const recent = new Map<string, TicketEvent[]>();
  /** Told when the change stream had a gap (the LISTEN connection dropped and came back). */
  const resets = new Set<() => void>();
  const streams = createLiveStreams({
    eventsSince,
    tickMs: LIVE_TICK_MS,
    heartbeatMs: HEARTBEAT_MS,
    giveWayTo: options.giveWayTo,
  });
  database.onListenerReset?.(() => {
    recent.clear(); // a replay would skip what was lost: reconnecting pages get `reset` instead
    for (const reset of resets) reset();
    streams.reset();
  });

  /**
   * What a stream that reconnects with Last-Event-ID missed: the events this instance received
   * after that one, or null when it cannot tell (the event is not among the recent ones here,
   * e.g. the stream was on another instance): the client must then read the board again.
   */
  function eventsSince(raffleId: string, lastVersion: number): TicketEvent[] | null {
    const list = recent.get(raffleId) ?? [];
    const at = list.findLastIndex((e) => e.version === lastVersion);
    return at < 0 ? null : list.slice(at + 1);
  }

  function remember(raffleId: string, events: TicketEvent[]) {
    const list = recent.get(raffleId) ?? [];
    recent.delete(raffleId);
    list.push(...events);
    if (list.length > REPLAY_EVENTS) list.splice(0, list.length - REPLAY_EVENTS);
    recent.set(raffleId, list);
    if (recent.size > REPLAY_RAFFLES) {
      const oldest = recent.keys().next().value;
      if (oldest !== undefined) recent.delete(oldest);
    }
  }
  let unlisten: (() => Promise<void>) | null = null;

  function dispatch(payload: string) {
    let change: TicketChange;
    try {
      change = JSON.parse(payload) as TicketChange;
    } catch {
      return;
    }
    remember(change.raffle_id, change.tickets);
    for (const listener of listeners.get(change.raffle_id) ?? []) listener(change.tickets);
    streams.push(change.raffle_id, change.tickets);
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
    eventsSince,
    /** Called after a gap in the change stream: whatever was built from it must be read again. */
    onReset(callback: () => void): () => void {
      resets.add(callback);
      return () => resets.delete(callback);
    },
    /**
     * An open live stream of a raffle (Last-Event-ID `since`): its changes arrive coalesced, at
     * most one frame per tick (live-streams.ts). Answers how to take it out.
     */
    joinStream: (raffleId: string, sink: LiveSink, since: number | null) =>
      streams.join(raffleId, sink, since),
    /** Open live streams on this instance. */
    streamCount: () => streams.count(),
    /** How long changes waited here before reaching every stream (recent flushes). */
    streamStats: () => streams.stats(),
    subscriberCount: (raffleId: string) => listeners.get(raffleId)?.size ?? 0,
    async stop() {
      // Stopping ends the streams instead of waiting on browsers.
      streams.stop();
      await unlisten?.();
      unlisten = null;
      listeners.clear();
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
