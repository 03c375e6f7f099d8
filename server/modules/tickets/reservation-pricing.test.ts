import { describe, expect, it } from 'vitest';
import { createTermsRead } from './reservation-pricing';

const row = (priceCents: number) => ({ priceCents, packages: [], digitCount: 3 });

/** A raffle row read that waits until the test lets it answer, counting the reads. */
function slowRows() {
  const answers: ((value: ReturnType<typeof row> | null) => void)[] = [];
  const failures: ((error: Error) => void)[] = [];
  let reads = 0;
  return {
    find: () =>
      new Promise<ReturnType<typeof row> | null>((resolve, reject) => {
        reads++;
        answers.push(resolve);
        failures.push(reject);
      }),
    answer: (value: ReturnType<typeof row> | null) => answers.shift()?.(value),
    fail: (error: Error) => {
      answers.shift();
      failures.shift()?.(error);
    },
    reads: () => reads,
  };
}

describe('the sale terms read per raffle (decision 087)', () => {
  it('a rush on a raffle not kept reads its row once, then answers from what it kept', async () => {
    const rows = slowRows();
    const terms = createTermsRead(rows.find);
    const rush = Array.from({ length: 50 }, () => terms.keptOrRead('r1'));
    expect(rows.reads()).toBe(1);
    rows.answer(row(500));
    const answers = await Promise.all(rush);
    for (const answer of answers)
      expect(answer.terms).toEqual({ priceCents: 500, packages: [], digitCount: 3 });
    // Only the request that started the read had it read after it arrived: the others, should their
    // total differ, read again (the price may have changed after that read began).
    expect(answers.map((answer) => answer.fresh)).toEqual([true, ...Array.from({ length: 49 }, () => false)]);
    expect(await terms.keptOrRead('r1')).toMatchObject({ terms: { priceCents: 500 }, fresh: false });
    expect(rows.reads()).toBe(1);
  });

  it('a read after a refusal is never shared with one already under way', async () => {
    const rows = slowRows();
    const terms = createTermsRead(rows.find);
    const first = terms.keptOrRead('r1');
    const afterRefusal = terms.read('r1');
    expect(rows.reads()).toBe(2);
    rows.answer(row(500));
    rows.answer(row(800));
    expect((await first).terms?.priceCents).toBe(500);
    expect((await afterRefusal)?.priceCents).toBe(800);
    expect((await terms.keptOrRead('r1')).terms?.priceCents).toBe(800);
  });

  it('a failed read fails the requests that shared it; the next request reads again', async () => {
    const rows = slowRows();
    const terms = createTermsRead(rows.find);
    const shared = [terms.keptOrRead('r1'), terms.keptOrRead('r1')];
    rows.fail(new Error('connection lost'));
    for (const result of await Promise.allSettled(shared)) expect(result.status).toBe('rejected');
    const again = terms.keptOrRead('r1');
    expect(rows.reads()).toBe(2);
    rows.answer(null);
    expect(await again).toEqual({ terms: null, fresh: true });
  });
});
