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
import { createPublishedLists, type SoldSale } from './published-lists';

const sha256 = (d: Uint8Array) => new Uint8Array(createHash('sha256').update(d).digest());
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
});
