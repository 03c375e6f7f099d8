import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { Encoding } from '../../lib/encoded-body';

export type BoardBody = { etag: string; version: number; body: Buffer; encoding: Encoding };

/** What a body is made of: the board entry's raffle, statuses and their revision and hash. */
type Source = {
  raffle: { id: string; totalNumbers: number; digitCount: number };
  statuses: Buffer;
  version: number;
  revision: number;
  content: [number, number];
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Large output chunks: the compressor calls back to the main thread once per chunk. */
const CHUNK = 256 * 1024;

/** Main-thread time spent making board bodies (every board of this process), for the bench. */
const stats = { bodies: 0, compressions: 0, mainThreadMs: 0, maxMainThreadMs: 0 };
/** The latest synchronous steps' times (serialize, start a compression), for percentiles. */
const recent: number[] = [];
const RECENT = 4096;
/** `reset`: the longest time and the recent steps are counted again from now (a measured window). */
export function boardBodyStats(reset = false) {
  const now = { ...stats, recentMs: [...recent] };
  if (reset) {
    stats.maxMainThreadMs = 0;
    recent.length = 0;
  }
  return now;
}
function timed<T>(make: () => T): T {
  const start = performance.now();
  try {
    return make();
  } finally {
    const ms = performance.now() - start;
    stats.mainThreadMs += ms;
    stats.maxMainThreadMs = Math.max(stats.maxMainThreadMs, ms);
    if (recent.length < RECENT) recent.push(ms);
  }
}

/** murmur3's finalizer: a well spread 32-bit weight per number. */
function mix(x: number) {
  let h = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * Adds a number's change to the board's content hash: Σ weight(number) × (char − 'd') over the
 * board, in two 32-bit halves. Kept up to date change by change, it is the same for the same
 * statuses however they were reached (a rebuild gives the same ETag), and costs nothing per version.
 */
export function addContent(content: [number, number], number: number, delta: number) {
  content[0] = (content[0] + Math.imul(mix(2 * number + 1), delta)) | 0;
  content[1] = (content[1] + Math.imul(mix(2 * number + 2), delta)) | 0;
}

const etagOf = (s: Source) =>
  `"b${s.raffle.totalNumbers.toString(36)}.${s.raffle.digitCount}.${(s.content[0] >>> 0).toString(36)}.${(s.content[1] >>> 0).toString(36)}"`;

/**
 * The board's JSON (boardSchema's keys, in its order) written around the statuses' bytes: a
 * megabyte copy, not a string of a million characters through JSON.stringify. Statuses are board
 * characters (letters), which JSON never escapes.
 */
function serialize(s: Source): Buffer {
  const head = `{"raffle_id":${JSON.stringify(s.raffle.id)},"total_numbers":${s.raffle.totalNumbers},"digit_count":${s.raffle.digitCount},"version":${s.version},"statuses":"`;
  return Buffer.concat([Buffer.from(head), s.statuses, Buffer.from('"}')]);
}

/**
 * The bodies of one board, made per revision on request (decision 032). The JSON is a copy of the
 * statuses (~1 ms for a million numbers); compressing it (~90 ms brotli, ~250 ms gzip for a million
 * at random) runs on libuv's thread pool, never on the main thread. At most one compression per
 * encoding runs at a time: requests that come meanwhile wait for it, then for one of the newest
 * revision, so every answer is at least as new as the board when it was asked (a buyer sees their
 * own reservation), and a busy board costs at most one compression per encoding at a time.
 */
export function boardBodies() {
  let identity: { key: string; body: BoardBody } | null = null;
  const encoded = new Map<Encoding, { key: string; body: Promise<BoardBody> }>();
  const running = new Map<Encoding, Promise<unknown>>();

  function plain(s: Source): { key: string; body: BoardBody } {
    const key = `${s.revision}:${s.raffle.digitCount}:${s.version}`;
    if (identity?.key === key) return identity;
    const body = timed(() => serialize(s));
    stats.bodies++;
    identity = { key, body: { etag: etagOf(s), version: s.version, body, encoding: 'identity' } };
    return identity;
  }

  function compress(from: BoardBody, encoding: 'br' | 'gzip'): Promise<BoardBody> {
    stats.compressions++;
    const bytes = timed(() =>
      encoding === 'br'
        ? brotli(from.body, {
            chunkSize: CHUNK,
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 5,
              [zlib.BROTLI_PARAM_SIZE_HINT]: from.body.length,
            },
          })
        : gzipAsync(from.body, { level: 6, chunkSize: CHUNK }),
    );
    return bytes.then((body) => ({ ...from, body, encoding }));
  }

  return {
    async get(s: Source, encoding: Encoding): Promise<BoardBody> {
      for (;;) {
        const current = plain(s);
        if (encoding === 'identity') return current.body;
        const ready = encoded.get(encoding);
        if (ready?.key === current.key) return ready.body;
        const busy = running.get(encoding);
        if (busy) {
          await busy.catch(() => {});
          continue;
        }
        const body = compress(current.body, encoding);
        const slot = { key: current.key, body };
        encoded.set(encoding, slot);
        const done = body.then(
          () => {},
          () => {
            // A failed compression is not kept: the next request tries again.
            if (encoded.get(encoding) === slot) encoded.delete(encoding);
          },
        );
        running.set(encoding, done);
        void done.finally(() => running.delete(encoding));
        return body;
      }
    },
  };
}

export type BoardBodies = ReturnType<typeof boardBodies>;
