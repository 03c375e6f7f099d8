import type net from 'node:net';
import type { TicketEvent } from '../../../domain/reservations';
import type { Database } from '../../db/client';
import type { InFlightCount } from '../../lib/in-flight-count';
import { canHandOver, createFanout, type Fanout } from './fanout';
import type { HandedStream } from './fanout-messages';
import type { LiveSink } from './live-frames';
import { createLiveStreams, HEARTBEAT_MS, LIVE_TICK_MS } from './live-streams';
import { createRecentEvents } from './recent-events';

export type TicketChange = { raffle_id: string; tickets: TicketEvent[] };
type Listener = (events: TicketEvent[]) => void;

export const TICKET_CHANGES_CHANNEL = 'ticket_changes';

/**
 * One LISTEN per process on the channel the writing transactions NOTIFY, fanned out to the
 * open SSE streams of each raffle. Works the same across many instances on one PostgreSQL.
 * HTTP streams go to the fan-out process when `fanout` is given (decision 067); the others (a
 * request without a socket of its own, the test bench's check) stay in this process.
 */
export function createRealtimeHub(
  database: Database,
  options: { giveWayTo?: InFlightCount; fanout?: { log: Parameters<typeof createFanout>[0]['log'] } } = {},
) {
  const listeners = new Map<string, Set<Listener>>();
  const recent = createRecentEvents();
  const fanout: Fanout | null = options.fanout ? createFanout(options.fanout) : null;
  /** Told when the change stream had a gap (the LISTEN connection dropped and came back). */
  const resets = new Set<() => void>();
  const streams = createLiveStreams({
    eventsSince: recent.eventsSince,
    tickMs: LIVE_TICK_MS,
    heartbeatMs: HEARTBEAT_MS,
    giveWayTo: options.giveWayTo,
  });
  database.onListenerReset?.(() => {
    recent.clear(); // a replay would skip what was lost: reconnecting pages get `reset` instead
    for (const reset of resets) reset();
    streams.reset();
    fanout?.reset();
  });

  let unlisten: (() => Promise<void>) | null = null;

  function dispatch(payload: string) {
    let change: TicketChange;
    try {
      change = JSON.parse(payload) as TicketChange;
    } catch {
      return;
    }
    recent.remember(change.raffle_id, change.tickets);
    for (const listener of listeners.get(change.raffle_id) ?? []) listener(change.tickets);
    streams.push(change.raffle_id, change.tickets);
    fanout?.push(change.raffle_id, change.tickets);
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
    /** A raffle's own row changed: each of its open streams gets `event: raffle` (live-streams.ts). */
    raffleChanged(raffleId: string) {
      streams.raffleChanged(raffleId);
      fanout?.raffleChanged(raffleId);
    },
    /**
     * What a stream reconnecting with Last-Event-ID missed, or null when this instance cannot tell
     * (the client must read the board again).
     */
    eventsSince: recent.eventsSince,
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
    /**
     * Whether an HTTP stream on this socket goes to the fan-out process; then `handOver` it, once
     * the response is decided, instead of `joinStream`.
     */
    takesSocket: (socket: unknown): socket is net.Socket => fanout !== null && canHandOver(socket),
    handOver(socket: net.Socket, stream: HandedStream, onClose: () => void) {
      if (!fanout) throw new Error('no fan-out process');
      fanout.handOver(socket, stream, onClose);
    },
    /** Open live streams on this instance (in this process and in the fan-out process). */
    streamCount: () => streams.count() + (fanout?.count() ?? 0),
    /**
     * How long changes waited before reaching every stream (recent flushes): the fan-out process's
     * figures while it holds streams, else this process's.
     */
    async streamStats() {
      const report = fanout && fanout.count() > 0 ? await fanout.report() : null;
      return report?.stats ?? streams.stats();
    },
    /** The fan-out process's memory and CPU (after a collection with `gc`), null when it does not run. */
    fanoutReport: (gc = false) => fanout?.report(gc) ?? Promise.resolve(null),
    subscriberCount: (raffleId: string) => listeners.get(raffleId)?.size ?? 0,
    async stop() {
      // Stopping ends the streams instead of waiting on browsers.
      streams.stop();
      await fanout?.stop();
      await unlisten?.();
      unlisten = null;
      listeners.clear();
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
