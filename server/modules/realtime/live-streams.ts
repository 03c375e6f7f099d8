import { packTicketEvents } from '../../../domain/live-events';
import { type TicketEvent, ticketEventSchema } from '../../../domain/reservations';

/**
 * One open live stream as the fan-out sees it. The HTTP stream (tickets/event-stream.ts) and the
 * test bench's realtime check implement it; the fan-out keeps nothing else per stream.
 */
export interface LiveSink {
  /** `event: tickets` (one array per tick) rather than one `event: ticket` per change. */
  readonly batched: boolean;
  /** The same frame goes to every stream of a raffle: a sink must not modify its bytes. */
  write(frame: LiveFrame): void;
  close(): void;
}

/**
 * Frames serialized once for every stream: `bytes` is the Server-Sent Events text; `chunk` the same
 * as one HTTP/1.1 chunk (length line, bytes, CRLF), built on first use and shared too, so an HTTP
 * stream writes it straight to its socket: no per-stream framing, copy or encoding.
 */
export class LiveFrame {
  private chunked: Buffer | undefined;
  constructor(readonly bytes: Buffer) {}
  static of(text: string) {
    return new LiveFrame(Buffer.from(text));
  }
  get chunk(): Buffer {
    this.chunked ??= Buffer.concat([
      Buffer.from(`${this.bytes.length.toString(16)}\r\n`),
      this.bytes,
      Buffer.from('\r\n'),
    ]);
    return this.chunked;
  }
}

type Room = { sinks: Set<LiveSink>; pending: TicketEvent[]; quiet: boolean; since: number };

/** The last flushes' figures kept for `stats` (what an operator or the bench reads). */
const STATS_KEPT = 4_096;

// Encoded by its schema: whatever else a change carried, only number, status and version go out.
const publicEvent = (event: TicketEvent) => ticketEventSchema.encode(event);

/** The frames of API.md: one `event: ticket` per change, each with its version as id. */
export const ticketFrames = (events: readonly TicketEvent[]) =>
  events
    .map((event) => `event: ticket\nid: ${event.version}\ndata: ${JSON.stringify(publicEvent(event))}\n\n`)
    .join('');

/**
 * One `event: tickets`: the changes in order, packed (domain/live-events.ts: numbers, board
 * characters, versions, nothing else); its id is the last one's version (Last-Event-ID).
 */
export const ticketsFrame = (events: readonly TicketEvent[]) =>
  `event: tickets\nid: ${events.at(-1)?.version}\ndata: ${JSON.stringify(packTicketEvents(events))}\n\n`;

const encode = (events: readonly TicketEvent[], batched: boolean) =>
  LiveFrame.of(batched ? ticketsFrame(events) : ticketFrames(events));

export const RESET_FRAME = LiveFrame.of('event: reset\ndata: {}\n\n');
const PING_FRAME = LiveFrame.of(': ping\n\n');

/**
 * The open live streams of this instance, grouped by raffle. Changes are not written as they
 * arrive: each raffle's changes wait in one pending list, and at most once per `tickMs` every
 * raffle with changes gets ONE frame, serialized once per format and written as the same Buffer
 * to each of its streams. With 10,000 open pages a change costs a share of one write per stream per
 * tick instead of one string, one encoding and one write per stream per change (decision 030).
 * A tick is `tickMs` after the previous flush ended, or as long as that flush took if longer.
 * One timer for the ticks and one interval for the heartbeats serve every stream.
 */
export function createLiveStreams(options: {
  /** What a stream reconnecting with Last-Event-ID missed, or null when unknown here. */
  eventsSince: (raffleId: string, lastVersion: number) => TicketEvent[] | null;
  tickMs: number;
  heartbeatMs: number;
}) {
  const rooms = new Map<string, Room>();
  const dirty = new Set<Room>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastFlushAt = Number.NEGATIVE_INFINITY;
  /** The next tick waits at least as long as the last flush took: at most half the event loop. */
  let gap = options.tickMs;
  /** Per flush: how long its oldest change waited here, arrival to written on every stream (ms). */
  const lags: number[] = [];
  let flushes = 0;

  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    const start = performance.now();
    for (const room of dirty) {
      const events = room.pending;
      const since = room.since;
      room.pending = [];
      room.quiet = false;
      let single: LiveFrame | undefined;
      let batch: LiveFrame | undefined;
      for (const sink of room.sinks) {
        if (sink.batched) {
          batch ??= encode(events, true);
          sink.write(batch);
        } else {
          single ??= encode(events, false);
          sink.write(single);
        }
      }
      lags[flushes++ % STATS_KEPT] = performance.now() - since;
    }
    dirty.clear();
    // Counted from the end, and no shorter than the flush itself: with 10,000 streams a flush is
    // tens of milliseconds of socket writes, and the reservations need the loop in between.
    lastFlushAt = performance.now();
    gap = Math.max(options.tickMs, lastFlushAt - start);
  }

  // A stream with nothing to say gets a comment now and then, so proxies keep it open; one that
  // received changes since the last round needs none.
  const heartbeat = setInterval(() => {
    for (const room of rooms.values()) {
      if (room.quiet) for (const sink of room.sinks) sink.write(PING_FRAME);
      room.quiet = true;
    }
  }, options.heartbeatMs);
  heartbeat.unref();

  return {
    /**
     * Changes of a raffle as this instance received them. The first after a quiet tick leaves on the
     * next turn of the event loop; later ones wait for the tick, so a rush costs one frame per tick.
     */
    push(raffleId: string, events: readonly TicketEvent[]) {
      const room = rooms.get(raffleId);
      if (!room || events.length === 0) return;
      if (room.pending.length === 0) room.since = performance.now();
      room.pending.push(...events);
      dirty.add(room);
      timer ??= setTimeout(flush, Math.max(0, lastFlushAt + gap - performance.now()));
    },
    /**
     * Adds a stream to its raffle's; `since` is its Last-Event-ID. The missed events go to it alone,
     * except those still pending here: the next tick brings those to it with everyone else, so each
     * change reaches it once. Answers how to take it out.
     */
    join(raffleId: string, sink: LiveSink, since: number | null): () => void {
      let room = rooms.get(raffleId);
      if (!room) {
        room = { sinks: new Set(), pending: [], quiet: false, since: 0 };
        rooms.set(raffleId, room);
      }
      if (since !== null) {
        const missed = options.eventsSince(raffleId, since);
        const pending = new Set(room.pending);
        const earlier = missed?.filter((event) => !pending.has(event));
        if (!earlier) sink.write(RESET_FRAME);
        else if (earlier.length > 0) sink.write(encode(earlier, sink.batched));
      }
      room.sinks.add(sink);
      const joined = room;
      return () => {
        joined.sinks.delete(sink);
        if (joined.sinks.size === 0 && rooms.get(raffleId) === joined) {
          rooms.delete(raffleId);
          dirty.delete(joined);
        }
      };
    },
    /** The change stream had a gap: what is pending goes out, then every page reads its board again. */
    reset() {
      flush();
      for (const room of rooms.values()) for (const sink of room.sinks) sink.write(RESET_FRAME);
    },
    /** Sends what is pending now (server stop, tests). */
    flush,
    /**
     * Over the last flushes (up to 4,096): how long a raffle's oldest pending change waited in this
     * process, from its arrival on the change channel to its frame written to every stream.
     */
    stats() {
      const sorted = lags.slice(0, Math.min(flushes, STATS_KEPT)).sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
      return { flushes, lagP50Ms: at(50) ?? null, lagP99Ms: at(99) ?? null, lagMaxMs: sorted.at(-1) ?? null };
    },
    count: () => {
      let n = 0;
      for (const room of rooms.values()) n += room.sinks.size;
      return n;
    },
    /** Closes every stream: a stopping server does not wait on browsers. */
    stop() {
      flush();
      clearInterval(heartbeat);
      for (const room of [...rooms.values()]) for (const sink of [...room.sinks]) sink.close();
      rooms.clear();
    },
  };
}

export type LiveStreams = ReturnType<typeof createLiveStreams>;
