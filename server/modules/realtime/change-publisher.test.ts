import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createChangePublisher } from './change-publisher';
import { TICKET_CHANGES_CHANNEL } from './realtime.hub';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const change = (raffle_id: string, number: number) => ({
  raffle_id,
  tickets: [{ number, status: 'apartado', version: number + 1 }],
});

describe('change publisher', () => {
  it('announces committed changes on the channel every instance listens to, in the order given', async () => {
    const received: string[] = [];
    const unlisten = await t.database.listen(TICKET_CHANGES_CHANNEL, (payload) => received.push(payload));
    const publisher = createChangePublisher({ db: t.database.db });
    const raffleId = crypto.randomUUID();
    await Promise.all([1, 2, 3].map((n) => publisher.publish([change(raffleId, n)])));
    await vi.waitFor(() => expect(received.filter((p) => p.includes(raffleId))).toHaveLength(3));
    const mine = received.filter((p) => p.includes(raffleId)).map((p) => JSON.parse(p).tickets[0].number);
    expect(mine).toEqual([1, 2, 3]);
    await unlisten();
  });

  it('sends what piles up during one announcement in the next one: a rush costs few statements', async () => {
    let statements = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const db = {
      execute: async () => {
        statements++;
        if (statements === 1) await gate; // the first announcement is slow: 100 more commit meanwhile
      },
    } as unknown as Db;
    const publisher = createChangePublisher({ db });
    const all = [publisher.publish([change('r', 0)])];
    for (let n = 1; n <= 100; n++) all.push(publisher.publish([change('r', n)]));
    release();
    await Promise.all(all);
    expect(statements).toBe(2);
  });

  it('answers each caller once its own announcement is sent, not when a steady rush lets the queue empty', async () => {
    const gates: (() => void)[] = [];
    const db = {
      execute: () => new Promise<void>((resolve) => gates.push(resolve)),
    } as unknown as Db;
    const publisher = createChangePublisher({ db });
    let firstAnswered = false;
    const first = publisher.publish([change('r', 0)]).then(() => {
      firstAnswered = true;
    });
    await vi.waitFor(() => expect(gates).toHaveLength(1));
    publisher.publish([change('r', 1)]); // commits during the first announcement: the queue never empties
    gates[0]?.();
    await vi.waitFor(() => expect(firstAnswered).toBe(true));
    await first;
    await vi.waitFor(() => expect(gates).toHaveLength(2));
    gates[1]?.();
    await publisher.flush();
  });

  it('retries a failed announcement, then logs it instead of failing the sale that already committed', async () => {
    const warn = vi.fn();
    const db = {
      execute: async () => {
        throw new Error('connection lost');
      },
    } as unknown as Db;
    await createChangePublisher({ db, log: { warn } }).publish([change('r', 1)]);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
