import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ProofResult } from '../../../domain/draw';
import { cedulaForLine, soldListLines, soldListText, toHex } from '../../../domain/verification';

const LEAF = Buffer.of(0);
const NODE = Buffer.of(1);
/** Hashes between two yields to the event loop: a few milliseconds of work (issue 20: ≤ 50 ms stalls). */
const CHUNK = 512;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type SoldSale = { ticketNumber: string; verificationCode: string; buyerCedula: string | null };

/**
 * The RFC 6962 tree of a list as one Buffer per level (32 bytes a node): the same tree as
 * domain/verification.ts `merkleLevels` (published-lists.test.ts checks it) in a few MB instead
 * of millions of small objects (64 MB for 1,000,000 lines). Built in chunks that give the event
 * loop back every few milliseconds, so a large close or a first proof never stalls other requests.
 */
async function buildLevels(lines: string[]): Promise<Buffer[]> {
  const leaves = Buffer.allocUnsafe(lines.length * 32);
  for (let i = 0; i < lines.length; i++) {
    if (i % CHUNK === CHUNK - 1) await yieldToEventLoop();
    createHash('sha256')
      .update(LEAF)
      .update(lines[i] as string, 'utf8')
      .digest()
      .copy(leaves, i * 32);
  }
  const levels = [leaves];
  let hashed = 0;
  while ((levels.at(-1) as Buffer).length > 32) {
    const below = levels.at(-1) as Buffer;
    const count = below.length / 32;
    const above = Buffer.allocUnsafe(Math.ceil(count / 2) * 32);
    for (let i = 0; i < count; i += 2) {
      if (++hashed % CHUNK === 0) await yieldToEventLoop();
      const left = below.subarray(i * 32, i * 32 + 32);
      const node =
        i + 1 < count
          ? createHash('sha256')
              .update(NODE)
              .update(left)
              .update(below.subarray(i * 32 + 32, i * 32 + 64))
              .digest()
          : left;
      node.copy(above, (i / 2) * 32);
    }
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
  `${sale.ticketNumber}:${createHash('sha256')
    .update(`${sale.verificationCode.trim().toUpperCase()}:${cedulaForLine(sale.buyerCedula)}`, 'utf8')
    .digest('hex')}`;

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
export function createPublishedLists(options: { trees?: number; files?: number } = {}) {
  const trees = lru<Tree>(options.trees ?? 2);
  const files = lru<PublishedFile>(options.files ?? 8);

  return {
    /** The lines, the published text and the Merkle root (hex) of the sales at close. */
    async build(sales: SoldSale[]): Promise<{ text: string; root: string; lineCount: number }> {
      const lines: string[] = [];
      for (let i = 0; i < sales.length; i++) {
        if (i % CHUNK === CHUNK - 1) await yieldToEventLoop();
        lines.push(lineOf(sales[i] as SoldSale));
      }
      const levels = await buildLevels(lines);
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
        return { lines, levels: await buildLevels(lines) };
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
