import { createHash, hash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ProofResult } from '../../../domain/draw';
import { cedulaForLine, soldListLines, soldListText, toHex } from '../../../domain/verification';

/** Main-thread time between two yields to the event loop (issue 20: no stall over 50 ms). */
const SLICE_MS = 8;
/** Items hashed between two looks at the clock. */
const CHECK_EVERY = 256;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Clock = () => number;

/** Runs `step(i)` for i in [0, count), giving the event loop back every few milliseconds. */
async function sliced(clock: Clock, count: number, step: (i: number) => void): Promise<void> {
  let sliceStart = clock();
  for (let i = 0; i < count; i++) {
    if (i % CHECK_EVERY === 0 && clock() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = clock();
    }
    step(i);
  }
}

/**
 * SHA-256 in one call with a hex answer: Node's one-shot `crypto.hash` is a few times cheaper
 * than a Hash object per item, and a hex string cheaper to make than a Buffer (100,000 hashes in
 * ~25 ms instead of ~170 ms), so a 100,000-line close hashes its list and tree in ~0.1 s.
 */
const sha256Hex = (data: string | Buffer) => hash('sha256', data, 'hex');

export type SoldSale = { ticketNumber: string; verificationCode: string; buyerCedula: string | null };

/** A leaf of the tree: SHA-256(0x00 ‖ line), "\0" being that byte in UTF-8. */
async function leavesOf(clock: Clock, lines: string[]): Promise<Buffer> {
  const leaves = Buffer.allocUnsafe(lines.length * 32);
  await sliced(clock, lines.length, (i) => leaves.write(sha256Hex(`\0${lines[i]}`), i * 32, 'hex'));
  return leaves;
}

/**
 * The RFC 6962 tree over its leaves as one Buffer per level (32 bytes a node): the same tree as
 * domain/verification.ts `merkleLevels` (published-lists.test.ts checks it) in a few MB instead
 * of millions of small objects (64 MB for 1,000,000 lines). Built in slices that give the event
 * loop back every few milliseconds, so a large close or a first proof never stalls other requests.
 */
async function buildLevels(clock: Clock, leaves: Buffer): Promise<Buffer[]> {
  const levels = [leaves];
  const node = Buffer.allocUnsafe(65);
  node[0] = 1; // a node is SHA-256(0x01 ‖ left ‖ right)
  while ((levels.at(-1) as Buffer).length > 32) {
    const below = levels.at(-1) as Buffer;
    const count = below.length / 32;
    const above = Buffer.allocUnsafe(Math.ceil(count / 2) * 32);
    await sliced(clock, Math.ceil(count / 2), (j) => {
      const i = j * 2;
      if (i + 1 < count) {
        below.copy(node, 1, i * 32, i * 32 + 64);
        above.write(sha256Hex(node), j * 32, 'hex');
      } else below.copy(above, j * 32, i * 32, i * 32 + 32); // an odd last node moves up as is
    });
    levels.push(above);
  }
  return levels;
}

const rootOf = (levels: Buffer[]) =>
  (levels.at(-1) as Buffer).length === 0
    ? createHash('sha256').digest()
    : (levels.at(-1) as Buffer).subarray(0, 32);

/** The index of the line of `number` in a list in number order, or -1 (binary search). */
function indexOf(lines: string[], number: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = Number.parseInt(lines[mid] as string, 10);
    if (at === number) return mid;
    if (at < number) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * domain/verification.ts `saleLine` with Node's hex digest (a few times faster than hashing bytes
 * and hex-encoding them in JS); published-lists.test.ts checks both give the same lines.
 */
const lineOf = (sale: SoldSale) =>
  `${sale.ticketNumber}:${sha256Hex(`${sale.verificationCode.trim().toUpperCase()}:${cedulaForLine(sale.buyerCedula)}`)}`;

type Tree = { lines: string[]; levels: Buffer[] };
export type PublishedFile = { raw: Buffer; br: Buffer; gzip: Buffer; etag: string };

/** A small LRU of promises: concurrent first requests share one build. */
function lru<T>(size: number) {
  const entries = new Map<string, Promise<T>>();
  return (key: string, make: () => Promise<T>): Promise<T> => {
    let hit = entries.get(key);
    if (hit) entries.delete(key);
    else {
      hit = make();
      hit.catch(() => entries.delete(key));
    }
    entries.set(key, hit);
    if (entries.size > size) entries.delete(entries.keys().next().value as string);
    return hit;
  };
}

/**
 * A closed raffle's published list (issue 19's format, issue 20's delivery): built at close in
 * chunks, then served from memory as the same bytes for everyone: compressed once per list
 * (brotli and gzip, on libuv's threads) with the commitment as its ETag, and the proofs from its
 * tree. Keys carry the commitment, so a cached list is only ever reused for the very list it is.
 */
export function createPublishedLists(
  options: {
    trees?: number;
    files?: number;
    /** Milliseconds, for the slicing; tests pass a fake one. */
    clock?: Clock;
  } = {},
) {
  const clock = options.clock ?? (() => performance.now());
  const trees = lru<Tree>(options.trees ?? 2);
  const files = lru<PublishedFile>(options.files ?? 8);

  return {
    /**
     * The lines, the published text and the Merkle root (hex) of the sales at close, in number
     * order. Given pages as they are read, each is hashed while the database reads the next.
     */
    async build(
      sales: SoldSale[] | AsyncIterable<SoldSale[]>,
    ): Promise<{ text: string; root: string; lineCount: number }> {
      const lines: string[] = [];
      const leaves: Buffer[] = [];
      for await (const page of Array.isArray(sales) ? [sales] : sales) {
        const pageLines = new Array<string>(page.length);
        await sliced(clock, page.length, (i) => {
          pageLines[i] = lineOf(page[i] as SoldSale);
        });
        leaves.push(await leavesOf(clock, pageLines));
        for (const line of pageLines) lines.push(line);
      }
      const levels = await buildLevels(clock, Buffer.concat(leaves));
      return { text: soldListText(lines), root: toHex(rootOf(levels)), lineCount: lines.length };
    },

    /** The inclusion proof of `number`, or null when it is not in the list. */
    async proof(
      key: { raffleId: string; commitment: string },
      loadText: () => Promise<string>,
      number: number,
    ): Promise<ProofResult | null> {
      const { lines, levels } = await trees(`${key.raffleId}:${key.commitment}`, async () => {
        const lines = soldListLines(await loadText());
        return { lines, levels: await buildLevels(clock, await leavesOf(clock, lines)) };
      });
      const index = indexOf(lines, number);
      if (index < 0) return null;
      const path: string[] = [];
      let i = index;
      for (let level = 0; level < levels.length - 1; level++) {
        const sibling = i ^ 1;
        const nodes = levels[level] as Buffer;
        if (sibling * 32 < nodes.length)
          path.push(nodes.subarray(sibling * 32, sibling * 32 + 32).toString('hex'));
        i >>= 1;
      }
      return { line: lines[index] as string, index, size: lines.length, path, root: toHex(rootOf(levels)) };
    },

    /** The list's bytes, compressed once: what every download of it is served from. */
    file(
      key: { raffleId: string; commitment: string },
      loadText: () => Promise<string>,
    ): Promise<PublishedFile> {
      return files(`${key.raffleId}:${key.commitment}`, async () => {
        const raw = Buffer.from(await loadText(), 'utf8');
        const [br, gz] = await Promise.all([
          brotli(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
          gzipAsync(raw, { level: 6 }),
        ]);
        return { raw, br, gzip: gz, etag: `"${key.commitment}"` };
      });
    },
  };
}

export type PublishedLists = ReturnType<typeof createPublishedLists>;
