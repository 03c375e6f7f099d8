import { createHash, hash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ProofResult } from '../../../domain/draw';
import { cedulaForLine, soldListLines, toHex } from '../../../domain/verification';

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

/**
 * A page of a list's sales (a range of numbers) in number order: hashed by the database (migration
 * 0026: the leaves, 32 bytes each, and, when asked for, the lines as one text without a final
 * newline), or, when the database left a sale for the server to hash, the sales themselves.
 */
export type ListPage = { count: number } & (
  | { text: string | null; leaves: Buffer; figures?: ListFigures | null }
  | { sales: SoldSale[] }
);

/** A list's sales per status the product names, with their money in cents (a close's answer). */
export type ListFigures = {
  apartado: number;
  abonado: number;
  pagado: number;
  paid: number;
  remaining: number;
};

/**
 * The pages of a list of numbers [0, numbers), `pageNumbers` numbers each, in order: the next
 * asked for as one arrives, so reading overlaps hashing. `inFlight` (1 by default) pages are asked
 * for at once; a transaction's connection takes one query at a time, so only reads outside one ask
 * for more.
 */
export async function* listPages(
  read: (from: number, to: number) => Promise<ListPage>,
  range: { numbers: number; pageNumbers: number; inFlight?: number },
): AsyncGenerator<ListPage> {
  const asked: Promise<ListPage>[] = [];
  let next = 0;
  const askMore = () => {
    // Page [0, …) always, so an empty list is one empty page.
    while (asked.length < (range.inFlight ?? 1) && (next === 0 || next < range.numbers)) {
      const page = read(next, Math.min(next + range.pageNumbers, range.numbers));
      page.catch(() => {}); // awaited below; a build that fails first must not leave it unhandled
      asked.push(page);
      next += range.pageNumbers;
    }
  };
  askMore();
  while (asked.length > 0) {
    const page = await (asked.shift() as Promise<ListPage>);
    askMore();
    yield page;
  }
}

/** A leaf of the tree: SHA-256(0x00 ‖ line), "\0" being that byte in UTF-8. */
async function leavesOf(clock: Clock, lines: string[]): Promise<Buffer> {
  const leaves = Buffer.allocUnsafe(lines.length * 32);
  await sliced(clock, lines.length, (i) => leaves.write(sha256Hex(`\0${lines[i]}`), i * 32, 'hex'));
  return leaves;
}

/**
 * The parents of each pair of nodes (32 bytes each, SHA-256(0x01 ‖ left ‖ right)), in slices that
 * give the event loop back every few milliseconds; an odd last node is left out.
 */
async function parentsOf(clock: Clock, nodes: Buffer): Promise<Buffer> {
  const pairs = Math.floor(nodes.length / 64);
  const parents = Buffer.allocUnsafe(pairs * 32);
  const node = Buffer.allocUnsafe(65);
  node[0] = 1;
  await sliced(clock, pairs, (j) => {
    nodes.copy(node, 1, j * 64, j * 64 + 64);
    parents.write(sha256Hex(node), j * 32, 'hex');
  });
  return parents;
}

const lastNode = (nodes: Buffer) => Buffer.from(nodes.subarray(nodes.length - 32));

/**
 * The RFC 6962 tree over its leaves as one Buffer per level (32 bytes a node): the same tree as
 * domain/verification.ts `merkleLevels` (published-lists.test.ts checks it) in a few MB instead
 * of millions of small objects (64 MB for 1,000,000 lines). What a proof is read from.
 */
async function buildLevels(clock: Clock, leaves: Buffer): Promise<Buffer[]> {
  const levels = [leaves];
  while ((levels.at(-1) as Buffer).length > 32) {
    const below = levels.at(-1) as Buffer;
    const parents = await parentsOf(clock, below);
    // An odd last node moves up as is.
    levels.push(below.length % 64 === 0 ? parents : Buffer.concat([parents, lastNode(below)]));
  }
  return levels;
}

const EMPTY_ROOT = createHash('sha256').digest();

const rootOf = (levels: Buffer[]) =>
  (levels.at(-1) as Buffer).length === 0 ? EMPTY_ROOT : (levels.at(-1) as Buffer).subarray(0, 32);

/**
 * The root of the same tree, built while its leaves arrive a page at a time: each level keeps only
 * the node still waiting for its pair, so a page is hashed up the tree while the next is read.
 */
function treeRoot(clock: Clock) {
  const waiting: (Buffer | null)[] = [];
  const counts: number[] = [];
  async function add(level: number, nodes: Buffer): Promise<void> {
    counts[level] = (counts[level] ?? 0) + nodes.length / 32;
    const held = waiting[level];
    const all = held ? Buffer.concat([held, nodes]) : nodes;
    const parents = await parentsOf(clock, all);
    waiting[level] = all.length % 64 === 0 ? null : lastNode(all);
    if (parents.length > 0) await add(level + 1, parents);
  }
  return {
    add: (leaves: Buffer) => add(0, leaves),
    /** Once every leaf is in: each level's odd last node moves up as is, up to the one left. */
    async root(): Promise<Buffer> {
      for (let level = 0; ; level++) {
        const count = counts[level] ?? 0;
        if (count <= 1 && (counts[level + 1] ?? 0) === 0) return waiting[level] ?? EMPTY_ROOT;
        const odd = waiting[level];
        if (odd) {
          waiting[level] = null;
          await add(level + 1, odd);
        }
      }
    },
  };
}

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

const salesPage = (sales: SoldSale[]): ListPage => ({ count: sales.length, sales });

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

  /**
   * The tree over the pages' leaves: pages the database hashed only need their tree; a page of
   * sales is hashed here first, in slices, while the database reads the next. Each page's lines
   * (null when it came without them) go to `onText`.
   */
  async function commit(
    pages: SoldSale[] | AsyncIterable<ListPage>,
    onText: (text: string | null) => void,
  ): Promise<{ root: string; lineCount: number }> {
    const tree = treeRoot(clock);
    let lineCount = 0;
    for await (const page of Array.isArray(pages) ? [salesPage(pages)] : pages) {
      if (page.count === 0) continue;
      if ('sales' in page) {
        const lines = new Array<string>(page.sales.length);
        await sliced(clock, lines.length, (i) => {
          lines[i] = lineOf(page.sales[i] as SoldSale);
        });
        onText(lines.join('\n'));
        await tree.add(await leavesOf(clock, lines));
      } else {
        onText(page.text);
        await tree.add(page.leaves);
      }
      lineCount += page.count;
    }
    return { root: toHex(await tree.root()), lineCount };
  }

  return {
    /**
     * The published text, its line count and Merkle root (hex) of a list's sales in number order:
     * the pages must carry their lines.
     */
    async build(
      pages: SoldSale[] | AsyncIterable<ListPage>,
    ): Promise<{ text: string; root: string; lineCount: number }> {
      const texts: string[] = [];
      const { root, lineCount } = await commit(pages, (text) => {
        if (text === null) throw new Error('a page of the list came without its lines');
        texts.push(text);
      });
      // domain/verification.ts soldListText: every line followed by a newline, an empty list empty.
      return { text: lineCount === 0 ? '' : `${texts.join('\n')}\n`, root, lineCount };
    },

    /** The line count and Merkle root of a list whose text the database keeps (pages without lines). */
    commit: (pages: AsyncIterable<ListPage>) => commit(pages, () => {}),

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
