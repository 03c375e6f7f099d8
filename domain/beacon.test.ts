import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drawRoundFor,
  numberOnLine,
  QUICKNET,
  randomnessFromSignature,
  roundAt,
  roundTime,
  sampleIndex,
  winnerIndex,
} from './beacon';
import { fromHex, merkleLevels, merkleRoot, saleLine, toHex } from './verification';

const sha256 = (d: Uint8Array) => new Uint8Array(createHash('sha256').update(d).digest());
const TWO_64 = 1n << 64n;
const GENESIS = new Date(QUICKNET.genesisTime * 1000);

describe('quicknet rounds and time', () => {
  it('round 1 is the genesis; a round lasts 3 s', () => {
    expect(roundTime(1)).toEqual(GENESIS);
    expect(roundTime(12040883).toISOString()).toBe('2024-10-14T17:13:33.000Z');
    expect(roundAt(GENESIS)).toBe(1);
    expect(roundAt(new Date(GENESIS.getTime() + 2999))).toBe(1);
    expect(roundAt(new Date(GENESIS.getTime() + 3000))).toBe(2);
    expect(() => roundAt(new Date(GENESIS.getTime() - 1))).toThrow();
    expect(() => roundTime(0)).toThrow();
  });

  it('roundAt and roundTime round-trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), (round) => roundAt(roundTime(round)) === round),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 11 }), (offsetMs) => {
        const t = new Date(GENESIS.getTime() + offsetMs);
        const round = roundAt(t);
        return roundTime(round) <= t && t < roundTime(round + 1);
      }),
    );
  });

  it('the draw round is the first emitted at or after close + margin, so it is unknown at close', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 11 }),
        fc.integer({ min: 0, max: 600 }),
        (offsetMs, margin) => {
          const closedAt = new Date(GENESIS.getTime() + offsetMs);
          const target = closedAt.getTime() + margin * 1000;
          const round = drawRoundFor(closedAt, margin);
          return (
            roundTime(round).getTime() >= target && (round === 1 || roundTime(round - 1).getTime() < target)
          );
        },
      ),
    );
    // Closed 30 s before round 12040883: with a 30 s margin that very round draws.
    expect(drawRoundFor(new Date('2024-10-14T17:13:03Z'), 30)).toBe(12040883);
    expect(drawRoundFor(new Date('2024-10-14T17:13:03.001Z'), 30)).toBe(12040884);
  });
});

describe('winner index: SHA-256 rejection sampling, no modulo bias', () => {
  const hex32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(toHex);

  it('is in range and the same for the same inputs', () => {
    fc.assert(
      fc.property(hex32, hex32, fc.integer({ min: 1, max: 1_000_000 }), (randomness, root, n) => {
        const index = winnerIndex(sha256, randomness, root, n);
        return (
          Number.isInteger(index) &&
          index >= 0 &&
          index < n &&
          index === winnerIndex(sha256, randomness, root, n)
        );
      }),
    );
  });

  it('follows the published derivation byte for byte (recomputed here without the module)', () => {
    fc.assert(
      fc.property(hex32, hex32, fc.integer({ min: 1, max: 1_000_000 }), (randomness, root, n) => {
        const input = Buffer.concat([
          Buffer.from(randomness, 'hex'),
          Buffer.from(root, 'hex'),
          Buffer.alloc(4),
        ]);
        const x = createHash('sha256').update(input).digest().readBigUInt64BE(0);
        const limit = TWO_64 - (TWO_64 % BigInt(n));
        fc.pre(x < limit); // counter 0 accepted: every realistic n, all but ~n/2^64 of the time
        return winnerIndex(sha256, randomness, root, n) === Number(x % BigInt(n));
      }),
    );
  });

  it('rejects a sample above the last whole multiple of n and takes the next counter', () => {
    // n = 2^63 + 1: 2^64 mod n = 2^63 − 1, so about half of all samples are rejected.
    const n = (1n << 63n) + 1n;
    const limit = TWO_64 - (TWO_64 % n);
    const sample = (seed: Uint8Array, counter: number) => {
      const input = Buffer.concat([seed, Buffer.alloc(4)]);
      input.writeUInt32BE(counter, seed.length);
      return createHash('sha256').update(input).digest().readBigUInt64BE(0);
    };
    let rejectedFirst = 0;
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (seed) => {
        const { index, counter } = sampleIndex(sha256, seed, n);
        for (let i = 0; i < counter; i++) expect(sample(seed, i)).toBeGreaterThanOrEqual(limit);
        expect(sample(seed, counter)).toBeLessThan(limit);
        expect(index).toBe(sample(seed, counter) % n);
        if (counter > 0) rejectedFirst++;
      }),
      { numRuns: 200 },
    );
    expect(rejectedFirst).toBeGreaterThan(50);
  });

  it('gives every line the same chance (the same count, within noise, over many seeds)', () => {
    const n = 7;
    const counts = new Array(n).fill(0);
    const runs = 14_000;
    for (let i = 0; i < runs; i++) {
      const seed = sha256(Uint8Array.of(i & 0xff, i >> 8));
      counts[Number(sampleIndex(sha256, seed, BigInt(n)).index)]++;
    }
    // Chi-square with 6 degrees of freedom: 22.46 is the 0.1 % tail.
    const expected = runs / n;
    const chi2 = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(22.46);
  });

  it('refuses an empty list', () => {
    expect(() => winnerIndex(sha256, '00'.repeat(32), '00'.repeat(32), 0)).toThrow();
  });
});

describe('worked example of docs/verification.md (drand section) (real quicknet round 12040883)', () => {
  it('derives the winner from the round and the root', () => {
    const lines = [
      { ticketNumber: '07', verificationCode: 'K7M3Q9TXAB', cedula: 'V-11111111' },
      { ticketNumber: '42', verificationCode: 'HC4RWY8N6P', cedula: 'V-22222222' },
      { ticketNumber: '63', verificationCode: '3UEJ9KFDMG', cedula: 'V-33333333' },
    ].map((sale) => saleLine(sha256, sale));
    const root = toHex(merkleRoot(sha256, merkleLevels(sha256, lines)));
    expect(root).toBe('3dbfb45df1507fff047368a8f71a1eca12b8a11ca4d80ff1f69ab54f3e8b67ae');
    const signature =
      '929906c959032ab363c9f26570d215d66f5c06cb0c44fe508c12bb5839f04ec895bb6868e5b9ff13ab289bdb5266b394';
    const randomness = randomnessFromSignature(sha256, signature);
    expect(randomness).toBe('173df1f57805453a8d2015268205d68147de12cafc2f451f7bc6adadca3571b3');
    const first = sha256(new Uint8Array([...fromHex(randomness), ...fromHex(root), 0, 0, 0, 0]));
    expect(toHex(first)).toBe('ebb7bbf70a5bc2aa1b60f102409ee02a80f859b43e00e9539267cc2b949da167');
    expect(Buffer.from(first).readBigUInt64BE(0)).toBe(16985251189356217002n);
    const index = winnerIndex(sha256, randomness, root, lines.length);
    expect(index).toBe(0);
    expect(numberOnLine(lines[index])).toBe(7);
  });

  it('reads the number of a line as the part before ":"', () => {
    expect(numberOnLine('000123:ab')).toBe(123);
    for (const bad of ['sin-numero', '12', ':ab', 'x1:ab']) expect(() => numberOnLine(bad)).toThrow();
  });
});
