import { describe, expect, it } from 'vitest';
import { keysetChunks } from './staff-tickets-export.repo';

/** Sales numbered 0..count-1 as a keyset read answers them, with every `read(after)` call logged. */
function sales(count: number, batch: number, fail?: { after: number }) {
  const calls: number[] = [];
  const read = async (after: number) => {
    calls.push(after);
    if (fail && after === fail.after) throw new Error('la base de datos no respondió');
    return Array.from({ length: Math.max(0, Math.min(batch, count - after - 1)) }, (_, i) => ({
      number: after + 1 + i,
    }));
  };
  return { calls, read };
}

describe('keysetChunks', () => {
  it('reads every sale once, in order, read ahead or not', async () => {
    for (const readAhead of [false, true])
      for (const [count, batch] of [
        [0, 3],
        [1, 3],
        [3, 3],
        [10, 3],
      ] as const) {
        const { read } = sales(count, batch);
        const numbers: unknown[] = [];
        for await (const rows of keysetChunks(read, batch, readAhead))
          numbers.push(...rows.map((r) => r.number));
        expect(numbers, JSON.stringify({ count, batch, readAhead })).toEqual(
          Array.from({ length: count }, (_, i) => i),
        );
      }
  });

  it('read ahead, sends the next statement before the caller has used this chunk; otherwise only after', async () => {
    for (const readAhead of [false, true]) {
      const { calls, read } = sales(10, 3);
      const chunks = keysetChunks(read, 3, readAhead);
      await chunks.next();
      // The caller now writes chunk 0: read ahead, the database already reads chunk 1.
      expect(calls).toEqual(readAhead ? [-1, 2] : [-1]);
      await chunks.next();
      expect(calls).toEqual(readAhead ? [-1, 2, 5] : [-1, 2]);
      await chunks.return(undefined);
    }
  });

  it('never reads past a chunk shorter than the batch', async () => {
    const { calls, read } = sales(5, 3);
    for await (const _ of keysetChunks(read, 3, true));
    expect(calls).toEqual([-1, 2]);
  });

  it('a failed statement fails the scan', async () => {
    const { read } = sales(10, 3, { after: 2 });
    const numbers: unknown[] = [];
    await expect(
      (async () => {
        for await (const rows of keysetChunks(read, 3, true)) numbers.push(...rows.map((r) => r.number));
      })(),
    ).rejects.toThrow('la base de datos no respondió');
    expect(numbers).toEqual([0, 1, 2]);
  });

  it('a caller that stops early leaves no unhandled rejection from the statement read ahead', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { calls, read } = sales(10, 3, { after: 2 });
      for await (const _ of keysetChunks(read, 3, true)) break; // the download was cut after chunk 0
      expect(calls).toEqual([-1, 2]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
