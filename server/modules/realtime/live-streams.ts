import { performance } from 'node:perf_hooks';
import type { TicketEvent } from '../../../domain/reservations';
import {
  encodeTicketEvents as encode,
  type LiveFrame,
  type LiveSink,
  PING_FRAME,
  RESET_FRAME,
  raffleFrame,
} from './live-frames';
import { createRoundFigures, percentiles, STATS_KEPT } from './round-figures';

/** A tick's worth of a raffle's changes, sealed: what a stream is sent is a run of these. */
type Segment = { id: number; events: TicketEvent[]; since: number };

type Room = {
  /** Each open stream, and the id of the last segment it was written (its cursor). */
  sinks: Map<LiveSink, number>;
  /** Changes received since the last segment was sealed, and when the first of them arrived. */
  pending: TicketEvent[];
  pendingSince: number;
  /** Sealed segments some stream has not been written yet, oldest first, ids consecutive. */
  segments: Segment[];
  /** The id of the last sealed segment. */
  head: number;
  /** Frames built this round, by the run of segments they carry: shared by every stream at that cursor. */
  frames: Map<string, LiveFrame>;
  quiet: boolean;
  /** The raffle's own row changed since a round last reached this room: its streams are told. */
  raffleChanged: boolean;
};

/**
 * A room as a round visits it: its head when reached, and the frame telling its streams the raffle
 * changed, if it did (built once per visit, for the streams the room had then).
 */
type Visit = { room: Room; startHead: number; raffleChanged: LiveFrame | null };

/**
 * A round under way: its rooms (each with its head when the round reached it), the room and stream it
 * is at, and how long it has spent writing.
 */
type Round = {
  rooms: Visit[];
  at: number;
  sinks: Iterator<[LiveSink, number]> | null;
  work: number;
  /** When it started and how many frames it wrote (`stats().rounds`). */
  startedAt: number;
  writes: number;
};

/** Changes of a raffle wait at most this long to go out together to its open streams. */
export const LIVE_TICK_MS = 50;
/** A stream with no changes gets a comment this often, so proxies keep it open. */
export const HEARTBEAT_MS = 20_000;

/** A round writes streams for at most this long before it lets the event loop serve other work. */
const SLICE_MS = 8;
/**
 * Reservations under way, on average between two rounds, below which no wait is owed to them and
 * at which the full wait is: 200 a second keep 3-7 under way, 50 buyers back to back 30-39 (a debug
 * run of bench/live10k.ts, decision 048).
 */
const FEW_WAITING = 10;
const MANY_WAITING = 30;

/**
 * The open live streams of this instance, grouped by raffle. Changes are not written as they
 * arrive: each raffle's changes wait in one pending list, sealed into a segment at most once per
 * slice of a round; a round walks every stream of the raffles with news and writes it, as one frame
 * serialized once per cursor and format and shared as the same Buffer, every segment it has not
 * had. With 10,000 open pages a change costs a share of one write per stream per round instead of
 * one string, one encoding and one write per stream per change (decision 030).
 *
 * A round writes in slices of at most SLICE_MS and lets the event loop serve reservations between
 * them (decision 044). Changes that arrive meanwhile are sealed at the next slice, so the streams the
 * round has not reached yet get them in this round, and only those it already passed wait for the
 * next one: a change waits about one round period, not a round in progress plus a gap plus a round.
 * The next round starts `tickMs` after the previous one ended, or, when other work kept the event
 * loop busy, up to as long as its writing took: then writing takes at most about half the loop.
 * One timer serves the rounds and one interval the heartbeats of every stream.
 */
export function createLiveStreams(options: {
  /** What a stream reconnecting with Last-Event-ID missed, or null when unknown here. */
  eventsSince: (raffleId: string, lastVersion: number) => TicketEvent[] | null;
  tickMs: number;
  heartbeatMs: number;
  /** Reservations under way here (their mean since the last round): what the rounds give way to. */
  giveWayTo?: { meanSinceLastLook(): number };
}) {
  const rooms = new Map<string, Room>();
  /** Rooms with changes pending or sealed segments some stream has not had. */
  const dirty = new Set<Room>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastRoundAt = Number.NEGATIVE_INFINITY;
  /** How long after the last round the next one may start (`gapAfter`). */
  let gap = options.tickMs;
  /** Per segment: how long its oldest change waited here, arrival to written on every stream (ms). */
  const lags: number[] = [];
  let flushes = 0;
  /** Reservations under way on average over the period the last round ended (`gapAfter`). */
  let waitingAtLastRound: number | null = null;
  const roundFigures = createRoundFigures();

  let round: Round | null = null;

  /**
   * How long the next round waits. Writing gives way to buyers only when buyers are waiting: with
   * few reservations under way on average since the last round (a steady flow answered in tens of
   * milliseconds keeps a handful), the tick, and a change reaches the pages about one round later;
   * with many (a rush: buyers queue behind the writes), up to as long as the round wrote, so
   * writing takes at most about half the loop and the buyers the rest.
   */
  function gapAfter(work: number) {
    const waiting = options.giveWayTo?.meanSinceLastLook() ?? 0;
    waitingAtLastRound = waiting;
    const owed = Math.min(1, Math.max(0, (waiting - FEW_WAITING) / (MANY_WAITING - FEW_WAITING)));
    return Math.max(options.tickMs, work * owed);
  }

  function seal(room: Room) {
    if (room.pending.length === 0) return;
    room.head += 1;
    room.segments.push({ id: room.head, events: room.pending, since: room.pendingSince });
    room.pending = [];
    room.quiet = false;
  }

  /** The frame of every segment after `seen` up to the head, built once per round and format. */
  function frameFrom(room: Room, seen: number, batched: boolean): LiveFrame {
    const key = `${seen}:${room.head}:${batched ? 1 : 0}`;
    let frame = room.frames.get(key);
    if (!frame) {
      const first = room.segments[0]?.id ?? room.head + 1;
      const events = room.segments.slice(Math.max(0, seen + 1 - first)).flatMap((segment) => segment.events);
      frame = encode(events, batched);
      room.frames.set(key, frame);
    }
    return frame;
  }

  function writeTo(room: Room, sink: LiveSink, seen: number) {
    if (seen >= room.head) return 0;
    sink.write(frameFrom(room, seen, sink.batched));
    room.sinks.set(sink, room.head);
    return 1;
  }

  /** Segments a room had when the round reached it have now reached every stream: they are done. */
  function endRound(ended: Round) {
    const now = performance.now();
    for (const { room, startHead } of ended.rooms) {
      while (room.segments[0] && room.segments[0].id <= startHead) {
        const segment = room.segments.shift() as Segment;
        lags[flushes++ % STATS_KEPT] = now - segment.since;
      }
      room.frames.clear();
      if (room.segments.length === 0 && room.pending.length === 0 && !room.raffleChanged) dirty.delete(room);
    }
    lastRoundAt = now;
    if (ended.rooms.length > 0) roundFigures.record(ended, now);
    gap = gapAfter(ended.work);
    round = null;
    if (dirty.size > 0) schedule();
  }

  function schedule() {
    if (round || timer) return;
    timer = setTimeout(startRound, Math.max(0, lastRoundAt + gap - performance.now()));
  }

  const visitOf = (room: Room): Visit => ({ room, startHead: room.head, raffleChanged: null });

  /** A round over every raffle with news; `work` carries what a round it replaces had written. */
  function newRound(replaced: Round | null = null): Round {
    // A raffle change the replaced round had not told every stream yet is told again in this one
    // (a stream may hear it twice: it reads the raffle again, a 304).
    for (const visit of replaced?.rooms.slice(replaced.at) ?? [])
      if (visit.raffleChanged) visit.room.raffleChanged = true;
    round = {
      rooms: [...dirty].map(visitOf),
      at: 0,
      sinks: null,
      work: replaced?.work ?? 0,
      startedAt: replaced?.startedAt ?? performance.now(),
      writes: replaced?.writes ?? 0,
    };
    return round;
  }

  /** Rooms with news join the round under way, if any, at its end; the next round is scheduled. */
  function markDirty(room: Room) {
    if (!dirty.has(room)) {
      dirty.add(room);
      if (round && !round.rooms.some((taken) => taken.room === room)) round.rooms.push(visitOf(room));
    }
    schedule();
  }

  function startRound() {
    timer = null;
    continueRound(newRound());
  }

  /** Writes streams of the round until the slice is used up, then yields to the event loop. */
  function continueRound(current: Round, sliceMs = SLICE_MS) {
    if (round !== current) return; // a flush finished it meanwhile
    const start = performance.now();
    const deadline = start + sliceMs;
    for (const { room } of current.rooms) seal(room);
    let written = 0;
    while (current.at < current.rooms.length) {
      const visit = current.rooms[current.at] as Visit;
      if (!current.sinks) {
        // Every stream there now, or joined later at the head, will have what is sealed now.
        visit.startHead = visit.room.head;
        current.sinks = visit.room.sinks.entries();
        // A raffle change from now on waits for the next round: this one may have passed its stream.
        visit.raffleChanged = visit.room.raffleChanged ? raffleFrame(visit.room.sinks.size) : null;
        visit.room.raffleChanged = false;
        if (visit.raffleChanged) visit.room.quiet = false;
      }
      for (let next = current.sinks.next(); !next.done; next = current.sinks.next()) {
        current.writes += writeTo(visit.room, next.value[0], next.value[1]);
        if (visit.raffleChanged) {
          next.value[0].write(visit.raffleChanged);
          current.writes += 1;
        }
        if (++written % 16 === 0 && performance.now() > deadline) {
          current.work += performance.now() - start;
          setImmediate(continueRound, current);
          return;
        }
      }
      current.sinks = null;
      current.at += 1;
    }
    current.work += performance.now() - start;
    endRound(current);
  }

  /** Every change pending goes out to every stream now, whatever round was under way. */
  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    continueRound(newRound(round), Number.POSITIVE_INFINITY);
  }

  // A stream with nothing to say gets a comment now and then, so proxies keep it open; one that
  // received changes since the last round needs none.
  const heartbeat = setInterval(() => {
    for (const room of rooms.values()) {
      if (room.quiet) for (const sink of room.sinks.keys()) sink.write(PING_FRAME);
      room.quiet = true;
    }
  }, options.heartbeatMs);
  heartbeat.unref();

  return {
    /**
     * Changes of a raffle as this instance received them. The first after a quiet spell leaves on
     * the next turn of the event loop; later ones wait for the round, so a rush costs one frame per round.
     */
    push(raffleId: string, events: readonly TicketEvent[]) {
      const room = rooms.get(raffleId);
      if (!room || events.length === 0) return;
      if (room.pending.length === 0) room.pendingSince = performance.now();
      room.pending.push(...events);
      markDirty(room);
    },
    /**
     * The raffle's own row changed: each of its streams gets one `event: raffle` in the next round,
     * after the changes it carries, however many changes of the row arrive before it.
     */
    raffleChanged(raffleId: string) {
      const room = rooms.get(raffleId);
      if (!room) return;
      room.raffleChanged = true;
      markDirty(room);
    },
    /**
     * Adds a stream to its raffle's; `since` is its Last-Event-ID. The missed events go to it alone,
     * except those still pending here: the next round brings those to it with everyone else, so each
     * change reaches it once. Answers how to take it out.
     */
    join(raffleId: string, sink: LiveSink, since: number | null): () => void {
      let room = rooms.get(raffleId);
      if (!room) {
        room = {
          sinks: new Map(),
          pending: [],
          pendingSince: 0,
          segments: [],
          head: 0,
          frames: new Map(),
          quiet: false,
          raffleChanged: false,
        };
        rooms.set(raffleId, room);
      }
      if (since !== null) {
        const missed = options.eventsSince(raffleId, since);
        const pending = new Set(room.pending);
        const earlier = missed?.filter((event) => !pending.has(event));
        if (!earlier) sink.write(RESET_FRAME);
        else if (earlier.length > 0) sink.write(encode(earlier, sink.batched));
      }
      // Sealed segments are among what it missed (sent above) or before its time: it starts at the head.
      room.sinks.set(sink, room.head);
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
      for (const room of rooms.values()) for (const sink of room.sinks.keys()) sink.write(RESET_FRAME);
    },
    /** Sends what is pending now (server stop, tests). */
    flush,
    /**
     * Over the last segments (up to 4,096): how long a raffle's oldest pending change waited in this
     * process, from its arrival on the change channel to its frame written to every stream; and how
     * many reservations were under way on average over the last round's period (what it gave way to).
     */
    stats() {
      const lag = percentiles(lags.slice(0, Math.min(flushes, STATS_KEPT)));
      return {
        flushes,
        lagP50Ms: lag.p50,
        lagP99Ms: lag.p99,
        lagMaxMs: lag.max,
        buyersWaiting: waitingAtLastRound,
        /**
         * The last rounds: frames written, the time spent writing (`work`), start to end with the
         * event loop's other work between slices (`wall`), and start to the next start (`period`).
         */
        rounds: roundFigures.stats(),
      };
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
      for (const room of [...rooms.values()]) for (const sink of [...room.sinks.keys()]) sink.close();
      rooms.clear();
    },
  };
}

export type LiveStreams = ReturnType<typeof createLiveStreams>;
