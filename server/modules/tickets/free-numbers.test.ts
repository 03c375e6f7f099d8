import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFreeNumbers } from './free-numbers';

describe('free numbers of a board', () => {
  it('selects the k-th free number and picks only free ones, through any changes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000 }),
        fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 300 }),
        (total, changes) => {
          const free = new Uint8Array(total).fill(1);
          const index = createFreeNumbers(total, (n) => free[n] === 1);
          for (const [at, nowFree] of changes) {
            const n = at % total;
            if ((free[n] === 1) === nowFree) continue;
            free[n] = nowFree ? 1 : 0;
            index.changed(n, nowFree);
          }
          const expected = [...free.keys()].filter((n) => free[n] === 1);
          expect(index.count()).toBe(expected.length);
          for (let k = 0; k < expected.length; k += Math.max(1, Math.floor(expected.length / 50)))
            expect(index.select(k)).toBe(expected[k]);
          const picked = index.pick(10, expected.slice(0, 3));
          expect(new Set(picked).size).toBe(picked.length);
          for (const n of picked) {
            expect(free[n]).toBe(1);
            expect(expected.slice(0, 3)).not.toContain(n);
          }
          expect(picked.length).toBe(
            Math.min(10, Math.max(0, expected.length - Math.min(3, expected.length))),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('picks from a 1,000,000-number raffle 99.99% sold in well under 5 ms', () => {
    const total = 1_000_000;
    const free = new Uint8Array(total);
    // 100 free numbers at random positions.
    const freeAt = new Set<number>();
    while (freeAt.size < 100) freeAt.add(Math.floor(Math.random() * total));
    for (const n of freeAt) free[n] = 1;
    const index = createFreeNumbers(total, (n) => free[n] === 1);
    const timings: number[] = [];
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      const picked = index.pick(5, []);
      timings.push(performance.now() - started);
      expect(picked).toHaveLength(5);
      for (const n of picked) expect(freeAt.has(n)).toBe(true);
    }
    timings.sort((a, b) => a - b);
    const median = timings[25] ?? Number.NaN;
    console.log(`lucky pick of 5 on 1,000,000 numbers, 100 free: median ${median.toFixed(3)} ms`);
    // The target is 5 ms; a loaded test machine gets room, the figure above is the measurement.
    expect(median).toBeLessThan(5);
    // Asking for more than is free gives what there is.
    expect(index.pick(500, [])).toHaveLength(100);
  });
});
