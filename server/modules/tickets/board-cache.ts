import type { RaffleCounts } from '../../../domain/raffles';
import { boardChar } from '../../../domain/tickets';
import type { PublicRaffleRow } from '../../db/rows';
import type { Encoding } from '../../lib/encoded-body';
import type { RealtimeHub } from '../realtime/realtime.hub';
import { addContent, type BoardBodies, boardBodies, boardBodyStats } from './board-body';
import { createFreeNumbers, type FreeNumbers } from './free-numbers';

type LiveSale = { number: number; status: string; version: number };

/** A free number's character on the board. */
const FREE = boardChar('disponible').charCodeAt(0);

export type BoardEncoding = Encoding;
export type { BoardBody } from './board-body';

/** How long a cached raffle row (status, size) is trusted before it is read again. */
const RAFFLE_TTL_MS = 2_000;
/** Boards kept in memory per instance; the least recently served is dropped first. */
const MAX_BOARDS = 200;
/** How long a board waits for this instance's own committed changes to come back on the stream. */
const OWN_WRITES_WAIT_MS = 250;
/**
 * A board older than this is read again in the background (the stale one is served meanwhile):
 * a change announced by an instance that died between its commit and its announcement heals here.
 */
const MAX_AGE_MS = 60_000;

type Entry = {
  raffle: PublicRaffleRow;
  /** Numbers per board character, kept with `statuses` (the raffle page's counts, decision 027). */
  counts: Int32Array;
  checkedAt: number;
  builtAt: number;
  statuses: Buffer;
  version: number;
  /** The newest version applied per number (0: none): a late event older than it is dropped. */
  versions: Float64Array;
  /** Bumped by every change of `statuses`: the bodies are made per revision. */
  revision: number;
  /** A hash of `statuses` kept with every change (the ETag), so no version hashes a megabyte. */
  content: [number, number];
  /** Serialized and compressed bodies, made per revision on request (board-body.ts). */
  bodies: BoardBodies;
  /** Versions lately seen on the stream (an own write's event may beat its commit's return). */
  recent: Set<number>;
  /** Free numbers counted per block, for lucky picks (free-numbers.ts). */
  free: FreeNumbers;
  unsubscribe: () => void;
};
const RECENT_VERSIONS = 4096;

/** The counts per status of a board: one entry per board character (domain/tickets.ts BOARD_CODES). */
function countsOf(counts: Int32Array): RaffleCounts {
  const at = (status: string) => counts[boardChar(status).charCodeAt(0)] ?? 0;
  return {
    disponible: at('disponible'),
    apartado: at('apartado'),
    abonado: at('abonado'),
    pagado: at('pagado'),
    cancelado: at('cancelado'),
  };
}

/**
 * The public board of each raffle, served from memory: built once from the live sales (one query),
 * then kept current by the change stream every instance already listens to, so a board request
 * never touches the database. Events that arrive while the board is being read are replayed on top
 * of it. Events may arrive out of commit order (decision 011): a number keeps the change with the
 * highest version, and a number's versions grow in commit order. Each version is serialized and
 * compressed once, however many buyers ask for it.
 */
export function createBoardCache(deps: {
  hub: RealtimeHub;
  findRaffle: (id: string) => Promise<PublicRaffleRow | null>;
  /** The newest sale of every number ever sold (ended ones as 'disponible'), with its version. */
  latestSales: (raffleId: string) => Promise<LiveSale[]>;
  /** Tests shorten how long a board lives before it is read again. */
  maxAgeMs?: number;
  raffleTtlMs?: number;
}) {
  const maxAgeMs = deps.maxAgeMs ?? MAX_AGE_MS;
  const raffleTtlMs = deps.raffleTtlMs ?? RAFFLE_TTL_MS;
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<Entry | null>>();
  /** Versions this instance committed whose events have not come back yet, per raffle. */
  const awaited = new Map<string, { versions: Set<number>; arrived: () => void; done: Promise<void> }>();

  function seen(raffleId: string, events: LiveSale[]) {
    const entry = entries.get(raffleId);
    if (entry) {
      for (const e of events) entry.recent.add(e.version);
      for (const v of entry.recent) {
        if (entry.recent.size <= RECENT_VERSIONS) break;
        entry.recent.delete(v);
      }
    }
    const wait = awaited.get(raffleId);
    if (!wait) return;
    for (const e of events) wait.versions.delete(e.version);
    if (wait.versions.size === 0) {
      awaited.delete(raffleId);
      wait.arrived();
    }
  }

  function apply(entry: Entry, events: LiveSale[]) {
    let changed = false;
    for (const e of events) {
      if (e.number < 0 || e.number >= entry.statuses.length) continue;
      if (e.version <= (entry.versions[e.number] ?? 0)) continue;
      entry.versions[e.number] = e.version;
      const before = entry.statuses[e.number] ?? 0;
      const after = boardChar(e.status).charCodeAt(0);
      if (before !== after) {
        entry.statuses[e.number] = after;
        if (before === FREE || after === FREE) entry.free.changed(e.number, after === FREE);
        entry.counts[before] = (entry.counts[before] ?? 0) - 1;
        entry.counts[after] = (entry.counts[after] ?? 0) + 1;
        addContent(entry.content, e.number, after - before);
      }
      if (e.version > entry.version) entry.version = e.version;
      changed = true;
    }
    if (changed) entry.revision++;
  }

  async function build(raffle: PublicRaffleRow): Promise<Entry> {
    const pending: LiveSale[] = [];
    let entry: Entry | null = null;
    // Subscribe before reading, so nothing committed in between is missed.
    const unsubscribe = deps.hub.subscribe(raffle.id, (events) => {
      if (entry) apply(entry, events);
      else pending.push(...events);
      seen(raffle.id, events);
    });
    try {
      const sales = await deps.latestSales(raffle.id);
      const counts = new Int32Array(128);
      counts['d'.charCodeAt(0)] = raffle.totalNumbers;
      const statuses = Buffer.alloc(raffle.totalNumbers, 'd');
      const next: Entry = {
        raffle,
        counts,
        checkedAt: Date.now(),
        builtAt: Date.now(),
        statuses,
        version: 0,
        versions: new Float64Array(raffle.totalNumbers),
        revision: 0,
        content: [0, 0],
        bodies: boardBodies(),
        recent: new Set(),
        // Built over the all-free board; the sales applied below take their numbers out.
        free: createFreeNumbers(raffle.totalNumbers, (n) => statuses[n] === FREE),
        unsubscribe,
      };
      apply(next, sales);
      apply(next, pending);
      entry = next;
      return next;
    } catch (error) {
      unsubscribe();
      throw error;
    }
  }

  function drop(id: string) {
    entries.get(id)?.unsubscribe();
    entries.delete(id);
  }

  /** The current board entry of a raffle (null when there is no such raffle). */
  async function load(id: string): Promise<Entry | null> {
    const cached = entries.get(id);
    if (cached && Date.now() - cached.checkedAt < raffleTtlMs) {
      if (Date.now() - cached.builtAt > maxAgeMs) rebuildInBackground(id, cached);
      return touch(id, cached);
    }
    const inFlight = building.get(id);
    if (inFlight) return inFlight;
    const promise = (async () => {
      const raffle = await deps.findRaffle(id);
      if (!raffle) {
        drop(id);
        return null;
      }
      const current = entries.get(id);
      if (current && current.raffle.totalNumbers === raffle.totalNumbers) {
        current.raffle = raffle;
        current.checkedAt = Date.now();
        if (Date.now() - current.builtAt > maxAgeMs) rebuildInBackground(id, current);
        return touch(id, current);
      }
      drop(id);
      const entry = await build(raffle);
      entries.set(id, entry);
      while (entries.size > MAX_BOARDS) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
      return entry;
    })().finally(() => building.delete(id));
    building.set(id, promise);
    return promise;
  }

  const rebuilding = new Set<string>();
  function rebuildInBackground(id: string, stale: Entry) {
    if (rebuilding.has(id)) return;
    rebuilding.add(id);
    stale.builtAt = Date.now();
    build(stale.raffle)
      .then((fresh) => {
        if (entries.get(id) !== stale) return fresh.unsubscribe();
        stale.unsubscribe();
        entries.set(id, fresh);
      })
      .catch(() => {
        /* the stale board keeps serving; the next period tries again */
      })
      .finally(() => rebuilding.delete(id));
  }

  /** Map order is insertion order: re-inserting keeps the most recently served last. */
  function touch(id: string, entry: Entry) {
    entries.delete(id);
    entries.set(id, entry);
    return entry;
  }

  /** The current entry, once this instance's own committed changes are on it (or a short wait passed). */
  async function current(id: string) {
    const own = awaited.get(id);
    if (own) await Promise.race([own.done, new Promise((r) => setTimeout(r, OWN_WRITES_WAIT_MS).unref())]);
    return load(id);
  }

  return {
    /** The raffle row behind a board (for the visibility check) and its body in the wanted encoding. */
    async get(id: string, encoding: BoardEncoding) {
      const entry = await current(id);
      if (!entry) return null;
      return { raffle: entry.raffle, ...(await entry.bodies.get(entry, encoding)) };
    },
    /**
     * Numbers per status, as a fresh count of the live sales would give them (every number without
     * a live sale is 'disponible'), with the size of the raffle they were counted for.
     */
    async counts(id: string): Promise<{ counts: RaffleCounts; totalNumbers: number } | null> {
      const entry = await current(id);
      if (!entry) return null;
      return {
        counts: countsOf(entry.counts),
        totalNumbers: entry.raffle.totalNumbers,
      };
    },
    /**
     * Up to `count` numbers free on the board at random, none of `exclude`: from memory, a few
     * microseconds however large and full the raffle. Null when the raffle has no board here.
     */
    async pickFree(id: string, count: number, exclude: number[]): Promise<number[] | null> {
      const entry = await current(id);
      return entry ? entry.free.pick(count, exclude) : null;
    },
    /** The raffle row this instance holds in memory, if any, without reading or loading it. */
    cachedRaffle(id: string): PublicRaffleRow | null {
      return entries.get(id)?.raffle ?? null;
    },
    /** The raffle row changed (an edit may resize it): the next request reads it again. */
    invalidate(id: string) {
      const entry = entries.get(id);
      if (entry) entry.checkedAt = 0;
    },
    /**
     * Changes this instance just committed: the next board of that raffle waits (briefly) for their
     * events, so a buyer sees their own reservation. They are not applied here: only the stream
     * knows the commit order, and an older change of the same number may still be on its way.
     */
    expectCommitted(raffleId: string, committed: number[]) {
      const entry = entries.get(raffleId);
      const versions = committed.filter((v) => !entry?.recent.has(v));
      if (!entry || versions.length === 0) return;
      let wait = awaited.get(raffleId);
      if (!wait) {
        let arrived = () => {};
        const done = new Promise<void>((resolve) => {
          arrived = resolve;
        });
        wait = { versions: new Set(), arrived, done };
        awaited.set(raffleId, wait);
      }
      for (const v of versions) wait.versions.add(v);
      // A lost event must not hold boards back forever.
      setTimeout(() => {
        const current = awaited.get(raffleId);
        if (current === wait) {
          awaited.delete(raffleId);
          wait.arrived();
        }
      }, OWN_WRITES_WAIT_MS).unref();
    },
    /** After a lost change stream nothing cached can be trusted: every board is read again. */
    clear() {
      for (const id of [...entries.keys()]) drop(id);
    },
    size: () => entries.size,
    /** Main-thread time spent making board bodies, and how many were made (the bench reads it). */
    bodyStats: () => boardBodyStats(),
  };
}

export type BoardCache = ReturnType<typeof createBoardCache>;

export { pickEncoding } from '../../lib/encoded-body';
