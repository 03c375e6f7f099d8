import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { PublicCreatePaymentResult } from '../../../domain/payments';
import type { PublicRaffle } from '../../../domain/raffles';
import type { ReservationResult } from '../../../domain/reservations';
import { queryRows } from '../../db/client';
import { buyer, makeRaffle } from '../../test/factories';
import { type LocalTsa, startLocalTsa } from '../../test/local-tsa';
import { prizeCalls } from '../../test/prize-calls';
import { preDrawRaffleBody } from '../../test/prize-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue 23: a pre-sorteo's list is sealed "exactly like a close (list, root, timestamp)": its root
// gets an RFC 3161 token from the same authority, asked for as soon as the list freezes.

let tsa: LocalTsa;
let t: TestApp;
let admin: string;
const { preDrawsNow } = prizeCalls(() => ({ t, admin }));
beforeAll(async () => {
  tsa = await startLocalTsa();
  t = await createTestApp({ config: { tsaUrl: tsa.url, sealRetrySeconds: 60 } });
  admin = await t.signInAdmin();
});
afterAll(async () => {
  await t?.close();
  await tsa?.close();
});

/** A raffle with a pre-sorteo in an hour, number 12 fully paid, then the pre-sorteo's date passed. */
async function preDrawDue() {
  const raffle = await makeRaffle(t, preDrawRaffleBody());
  const reserved = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
    body: { numbers: [12], buyer: buyer({ cedula: 'V-12345678' }) },
  });
  const ticket = reserved.body.tickets[0];
  if (!ticket) throw new Error(`reserve: ${reserved.status}`);
  const paid = await t.api<PublicCreatePaymentResult>('POST', '/api/payments', {
    body: { ticket_id: ticket.id, amount_cents: ticket.price_cents ?? 0, cedula: 'V-12345678' },
  });
  const approved = await t.api('PATCH', `/api/payments/${paid.body.payment.id}`, {
    token: admin,
    body: { status: 'approved' },
  });
  expect(approved.status).toBe(200);
  await preDrawsNow(raffle.id);
  return raffle.id;
}

const preList = async (id: string) =>
  (await t.api<PublicRaffle>('GET', `/api/raffles/${id}`)).body.prizes[1]?.pre_list ?? null;

const untilSealed = (id: string) =>
  vi.waitFor(async () => expect((await preList(id))?.timestamp?.status).toBe('sellado'), {
    timeout: 20_000,
    interval: 100,
  });

describe('the RFC 3161 seal of a pre-sorteo list', () => {
  it('is asked for as soon as the list freezes; the .tsr verifies against the list root with openssl', async () => {
    const id = await preDrawDue();
    const noSealYet = await t.api<ApiError>('GET', `/api/raffles/${id}/prizes/2/seal.tsr`);
    expect([noSealYet.status, noSealYet.body.error.code]).toEqual([404, 'SEAL_NOT_FOUND']);

    expect(await t.app.services.draws.sealDuePreDraws()).toContain(id);
    await untilSealed(id);
    const list = await preList(id);
    expect(list?.timestamp).toEqual({
      status: 'sellado',
      authority: 'TSA de Prueba Rifas',
      time: expect.any(String),
      token_url: `/api/raffles/${id}/prizes/2/seal.tsr`,
    });
    // Stamped after the list froze, within the seconds the request took.
    const stampedAfter = Date.parse(list?.timestamp?.time ?? '') - Date.parse(list?.frozen_at ?? '');
    expect(stampedAfter).toBeGreaterThan(-2_000);
    expect(stampedAfter).toBeLessThan(20_000);

    const response = await fetch(`${t.baseUrl}${list?.timestamp?.token_url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/timestamp-reply');
    const bytes = Buffer.from(await response.arrayBuffer());
    const openssl = await tsa.opensslVerify(bytes, list?.commitment ?? '');
    expect(openssl.output).toContain('Verification: OK');
    expect(openssl.code).toBe(0);
    // The token is over this list's root, not the main draw's or any other.
    const mainRoot = '0'.repeat(64);
    expect((await tsa.opensslVerify(bytes, mainRoot)).code).not.toBe(0);
  });

  it('authority down at the freeze: the list waits "pendiente" and the seal job stamps it once back', async () => {
    await tsa.stop();
    try {
      const id = await preDrawDue();
      await t.app.services.draws.sealDuePreDraws();
      await vi.waitFor(
        async () => {
          const [row] = await queryRows<{ seal_attempts: number }>(
            t.db,
            sql`select seal_attempts from pre_draw_lists where raffle_id = ${id}`,
          );
          expect(row?.seal_attempts).toBe(1);
        },
        { timeout: 20_000, interval: 50 },
      );
      expect((await preList(id))?.timestamp).toEqual({
        status: 'pendiente',
        authority: null,
        time: null,
        token_url: null,
      });
      await tsa.start();
      expect(await t.app.services.seals.sealPending({ now: true })).toMatchObject({ sealed: 1, failed: 0 });
      await untilSealed(id);
    } finally {
      if (!tsa.up) await tsa.start();
    }
  });

  it('two passes freezing at once (two connections on PostgreSQL, as two instances) freeze and stamp it once', async () => {
    const id = await preDrawDue();
    const asked = tsa.stats.requests;
    const passes = await Promise.all([
      t.app.services.draws.sealDuePreDraws(),
      t.app.services.draws.sealDuePreDraws(),
    ]);
    expect(passes.filter((sealed) => sealed.includes(id))).toHaveLength(1);
    await untilSealed(id);
    // One more pass has nothing left to do for it.
    expect(await t.app.services.draws.sealDuePreDraws()).not.toContain(id);
    expect(await t.app.services.seals.sealPending({ now: true })).toMatchObject({ sealed: 0 });
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pre_draw_lists where raffle_id = ${id}`,
    );
    expect(rows[0]?.n).toBe(1);
    expect(tsa.stats.requests - asked).toBe(1);
  });
});
