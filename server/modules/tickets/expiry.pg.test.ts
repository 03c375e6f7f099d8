// PostgreSQL only (vitest.config.ts runs *.pg.test.ts when TEST_DATABASE_URL is set): a sale locked
// by another session cannot exist on PGlite's single session.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, ReservationResult } from '../../../domain/reservations';
import { buyer, makeRaffleWithFreeNumbers } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  pool = (t.db as unknown as { $client: pg.Pool }).$client;
});
afterAll(() => t?.close());

describe('the expiry sweep and an order it cannot take whole', () => {
  it('waits for the next sweep while one of its numbers priced 0 is locked, then releases it whole', async () => {
    const raffle = await makeRaffleWithFreeNumbers(t, {
      price_cents: 500,
      packages: [{ numbers: 10, price_cents: 1 }],
    });
    const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], buyer: buyer() },
    });
    expect(res.status).toBe(201);
    await t.db.execute(
      sql`update tickets set reserved_until = now() - interval '1 minute' where raffle_id = ${raffle.id}`,
    );
    const free = res.body.tickets.find((tk) => tk.price_cents === 0);
    const session = await pool.connect();
    try {
      await session.query('begin');
      await session.query('select id from tickets where id = $1 for update', [free?.id]);
      expect(await t.app.services.tickets.releaseExpired()).toBe(0);
    } finally {
      await session.query('rollback');
      session.release();
    }
    expect(await t.app.services.tickets.releaseExpired()).toBe(10);
    const board = await t.api<Board>('GET', `/api/raffles/${raffle.id}/board`);
    expect(board.body.statuses.slice(0, 10)).toBe('d'.repeat(10));
  });
});
