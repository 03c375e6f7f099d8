// PostgreSQL only (vitest.config.ts runs *.pg.test.ts when TEST_DATABASE_URL is set): a close in
// flight on another session cannot exist on PGlite's single session.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { ReservationResult } from '../../../domain/reservations';
import { closeInFlight, someoneWaitsOnALock } from '../../test/close-in-flight';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  pool = (t.db as unknown as { $client: pg.Pool }).$client;
});
afterAll(() => t?.close());

async function reserved(raffleId: string, number: number) {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers: [number], buyer: buyer() },
  });
  return res.body.tickets[0] as { id: string };
}

describe('closing against changes in flight', () => {
  it('a staff release waits for a close in flight, then is refused', async () => {
    const raffle = await makeRaffle(t);
    const ticket = await reserved(raffle.id, 3);
    const close = await closeInFlight(pool, raffle.id);
    const release = t.api<ApiError>('PATCH', `/api/tickets/${ticket.id}`, {
      token: admin,
      body: { status: 'disponible' },
    });
    await someoneWaitsOnALock(pool);
    await close.commitClosed();
    const res = await release;
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('RAFFLE_CLOSED');
  });

  it('a staff sale by number waits for a close in flight, then is refused', async () => {
    const raffle = await makeRaffle(t);
    const close = await closeInFlight(pool, raffle.id);
    const sale = t.api<ApiError>('PATCH', `/api/raffles/${raffle.id}/numbers/8`, {
      token: admin,
      body: { status: 'pagado', buyer_name: 'Venta a mano' },
    });
    await someoneWaitsOnALock(pool);
    await close.commitClosed();
    expect((await sale).body.error.code).toBe('RAFFLE_CLOSED');
  });

  it('the expiry sweep skips a raffle being closed instead of releasing under it', async () => {
    const raffle = await makeRaffle(t);
    await reserved(raffle.id, 5);
    await t.db.execute(
      sql`update tickets set reserved_until = now() - interval '1 minute' where raffle_id = ${raffle.id}`,
    );
    const close = await closeInFlight(pool, raffle.id);
    expect(await t.app.services.tickets.releaseExpired()).toBe(0);
    await close.rollback();
    expect(await t.app.services.tickets.releaseExpired()).toBe(1);
  });
});
