import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  fromHex,
  merkleLevels,
  merkleRoot,
  saleLine,
  soldListLines,
  toHex,
  verifyInclusion,
} from '../../../domain/verification';
import { createPublishedLists, type ListPage, listPages, type SoldSale } from './published-lists';

const sha256 = (d: Uint8Array) => new Uint8Array(createHash('sha256').update(d).digest());
const lineOf = (s: SoldSale) =>
  saleLine(sha256, {
    ticketNumber: s.ticketNumber,
    verificationCode: s.verificationCode,
    cedula: s.buyerCedula,
  });
const leafOf = (line: string) => sha256(new Uint8Array([0, ...new TextEncoder().encode(line)]));

/**
 * `all` cut into pages of the given sizes, in turn as the database hashes them (lines and leaves,
 * with or without the lines) and as sales for the server to hash.
 */
function pagesOf(all: SoldSale[], sizes: number[], kind: (i: number) => 'hashed' | 'leaves' | 'sales') {
  const pages: ListPage[] = [];
  let at = 0;
  for (const [i, size] of sizes.entries()) {
    const slice = all.slice(at, at + size);
    at += size;
    const page = { count: slice.length, last: at - 1 };
    const lines = slice.map(lineOf);
    const leaves = Buffer.concat(lines.map((l) => leafOf(l)));
    if (kind(i) === 'sales') pages.push({ ...page, sales: slice });
    else pages.push({ ...page, text: kind(i) === 'hashed' ? lines.join('\n') : null, leaves });
  }
  return pages;
}

const sales = (n: number): SoldSale[] =>
  Array.from({ length: n }, (_, i) => ({
    ticketNumber: String(i).padStart(6, '0'),
    verificationCode: `C${String(i).padStart(9, '0')}`,
    buyerCedula: `V-${10_000_000 + i}`,
  }));

describe('published lists', () => {
  for (const n of [0, 1, 2, 3, 5, 100, 1000]) {
    it(`${n} sales: the text, root and proofs are those of domain/verification.ts`, async () => {
      const lists = createPublishedLists();
      const built = await lists.build(sales(n));
      const lines = sales(n).map((s) =>
        saleLine(sha256, {
          ticketNumber: s.ticketNumber,
          verificationCode: s.verificationCode,
          cedula: s.buyerCedula,
        }),
      );
      expect(soldListLines(built.text)).toEqual(lines);
      expect(built.text.endsWith('\n') || n === 0).toBe(true);
      expect(built.root).toBe(toHex(merkleRoot(sha256, merkleLevels(sha256, lines))));
      for (const index of n === 0 ? [] : [0, Math.floor(n / 2), n - 1]) {
        const proof = await lists.proof(
          { raffleId: 'r', commitment: built.root },
          async () => built.text,
          index,
        );
        expect(proof?.index).toBe(index);
        expect(
          verifyInclusion(sha256, {
            line: lines[index] as string,
            index,
            size: n,
            path: (proof?.path ?? []).map(fromHex),
            root: fromHex(built.root),
          }),
        ).toBe(true);
      }
      expect(
        await lists.proof({ raffleId: 'r', commitment: built.root }, async () => built.text, n + 5),
      ).toBeNull();
    });
  }

  it('hashes 100,000 sales in small slices: other work runs between them', async () => {
    // A clock that moves 1 ms each time it is read: the slicing is tested without real timing,
    // so a loaded machine cannot make it flaky.
    let ms = 0;
    const lists = createPublishedLists({ clock: () => ms++ });
    const many = sales(100_000);
    // Counts the event-loop turns other callbacks get while the list is built: built in one go it
    // would be zero or one.
    let turns = 0;
    let building = true;
    const spin = () => {
      turns++;
      if (building) setImmediate(spin);
    };
    setImmediate(spin);
    await lists.build(many);
    building = false;
    // ~300,000 hashes, the clock read every 256 and a yield once 8 "ms" passed: one turn per
    // ~2,300 hashes, over a hundred turns.
    expect(turns).toBeGreaterThan(100);
  });

  it('compresses a list once: every download gets the same bytes, which decompress to the list', async () => {
    const lists = createPublishedLists();
    const built = await lists.build(sales(2000));
    let reads = 0;
    const load = async () => {
      reads++;
      return built.text;
    };
    const key = { raffleId: 'r', commitment: built.root };
    const [a, b] = await Promise.all([lists.file(key, load), lists.file(key, load)]);
    const c = await lists.file(key, load);
    expect(reads).toBe(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect(a.etag).toBe(`"${built.root}"`);
    expect(gunzipSync(a.gzip).toString('utf8')).toBe(built.text);
    expect(brotliDecompressSync(a.br).toString('utf8')).toBe(built.text);
    expect(a.br.length).toBeLessThan(a.raw.length);
  });

  // Pages of every parity, so the tree's odd nodes wait for the next page at several levels.
  const sizes = [1, 3, 7, 2, 64, 5, 1, 33, 16, 6];
  const total = sizes.reduce((a, b) => a + b, 0);

  it('pages hashed by the database, and pages of sales, give the text and root of the list in one piece', async () => {
    const all = sales(total);
    const lines = all.map(lineOf);
    const root = toHex(merkleRoot(sha256, merkleLevels(sha256, lines)));
    for (const kind of [
      () => 'hashed' as const,
      () => 'sales' as const,
      (i: number) => (i % 2 ? 'hashed' : 'sales'),
    ] as const) {
      async function* stream() {
        yield* pagesOf(all, sizes, kind);
      }
      const built = await createPublishedLists().build(stream());
      expect(soldListLines(built.text)).toEqual(lines);
      expect(built.text.endsWith('\n')).toBe(true);
      expect(built.root).toBe(root);
      expect(built.lineCount).toBe(total);
    }
    for (let n = 0; n <= 9; n++) {
      const few = sales(n);
      async function* one() {
        yield* pagesOf(few, [Math.floor(n / 2), n - Math.floor(n / 2)], () => 'leaves');
      }
      const committed = await createPublishedLists().commit(one());
      expect(committed.root).toBe(toHex(merkleRoot(sha256, merkleLevels(sha256, few.map(lineOf)))));
      expect(committed.lineCount).toBe(n);
    }
  });

  it('commits to pages without their lines, and refuses to build a text from them', async () => {
    const all = sales(total);
    async function* leavesOnly() {
      yield* pagesOf(all, sizes, () => 'leaves');
    }
    const committed = await createPublishedLists().commit(leavesOnly());
    expect(committed.root).toBe(toHex(merkleRoot(sha256, merkleLevels(sha256, all.map(lineOf)))));
    await expect(createPublishedLists().build(leavesOnly())).rejects.toThrow(/without its lines/);
  });

  it('reads the ranges in order, asking for the next as the last arrives, and ends at the last number', async () => {
    const asked: string[] = [];
    const read = async (from: number, to: number): Promise<ListPage> => {
      asked.push(`${from}-${to}`);
      return { count: 1, text: `${from}`, leaves: Buffer.alloc(32) };
    };
    const seen: string[] = [];
    for await (const page of listPages(read, { numbers: 12, pageNumbers: 5 })) {
      seen.push(`${'text' in page ? page.text : ''}@${asked.join(',')}`);
    }
    // The next range was asked for before the page was handed on; the last range is short.
    expect(seen).toEqual(['0@0-5,5-10', '5@0-5,5-10,10-12', '10@0-5,5-10,10-12']);
  });

  it('with two in flight, keeps two ranges asked for and hands the pages on in order, whichever answers first', async () => {
    const asked: string[] = [];
    const read = async (from: number, to: number): Promise<ListPage> => {
      asked.push(`${from}-${to}`);
      // Each range answers sooner than the one before it.
      await new Promise((resolve) => setTimeout(resolve, 40 - from));
      return { count: 1, text: `${from}`, leaves: Buffer.alloc(32) };
    };
    const seen: string[] = [];
    for await (const page of listPages(read, { numbers: 17, pageNumbers: 5, inFlight: 2 })) {
      seen.push(`${'text' in page ? page.text : ''}@${asked.join(',')}`);
    }
    expect(seen).toEqual([
      '0@0-5,5-10,10-15',
      '5@0-5,5-10,10-15,15-17',
      '10@0-5,5-10,10-15,15-17',
      '15@0-5,5-10,10-15,15-17',
    ]);
    // An empty list is one empty range.
    const empty: string[] = [];
    for await (const _ of listPages(
      async (from, to) => {
        empty.push(`${from}-${to}`);
        return { count: 0, text: null, leaves: Buffer.alloc(0) };
      },
      { numbers: 0, pageNumbers: 5, inFlight: 2 },
    ));
    expect(empty).toEqual(['0-0']);
  });
});
