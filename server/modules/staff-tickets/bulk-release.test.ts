import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../domain/audit';
import {
  BULK_RELEASE_MAX,
  type BulkReleasePreview,
  type BulkReleaseResult,
} from '../../../domain/bulk-release';
import type { Board, ReservationResult } from '../../../domain/reservations';
import type { HistoryPage, TicketPage } from '../../../domain/staff-tickets';
import { assignSeller, creditOrderTo } from '../../test/commission-factories';
import { buyer, makeRaffle, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let seller: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  seller = await makeUser(t);
});
afterAll(() => t?.close());

const ANA = { name: 'Ana Gómez', phone: '0414-1112233', cedula: 'V-11111111' };
const LUIS = { name: 'Luis Pérez', phone: '0424-9998877', cedula: 'E-22222222' };
const EVA = { name: 'Eva Ruiz', phone: '0412-3334455', cedula: 'V-33333333' };

/** A raffle of the seller's with Ana on 5, 15, 25; Luis on 123, 124; Eva on 300 (paid in full). */
async function seeded() {
  const raffle = await makeRaffle(
    t,
    { total_numbers: 1000, digit_count: 3, price_cents: 1000 },
    seller.token,
  );
  const ids: Record<number, string> = {};
  for (const [numbers, who] of [
    [[5, 15, 25], ANA],
    [[123, 124], LUIS],
    [[300], EVA],
  ] as const) {
    const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers, buyer: buyer(who) },
    });
    expect(res.status).toBe(201);
    for (const ticket of res.body.tickets) ids[ticket.number] = ticket.id;
  }
  const paid = await t.api('PATCH', `/api/tickets/${ids[300]}`, {
    token: seller.token,
    body: { status: 'pagado' },
  });
  expect(paid.status).toBe(200);
  return raffle.id;
}

const release = <T = BulkReleaseResult>(
  raffleId: string,
  body: Record<string, unknown>,
  token = seller.token,
) => t.api<T>('POST', `/api/raffles/${raffleId}/tickets/release`, { token, body });
const preview = (raffleId: string, body: Record<string, unknown>, token = seller.token) =>
  release<BulkReleasePreview>(raffleId, { ...body, dry_run: true }, token);
const sold = async (raffleId: string) =>
  (
    await t.api<TicketPage>(
      'GET',
      `/api/raffles/${raffleId}/tickets?status=apartado,abonado,pagado,cancelado`,
      {
        token: admin,
      },
    )
  ).body.items.map((i) => i.number);
const board = async (raffleId: string) =>
  (await t.api<Board>('GET', `/api/raffles/${raffleId}/board`)).body.statuses;

describe('POST /api/raffles/:id/tickets/release', () => {
  it('by list: the dry run counts what the real run releases, skipping paid and unsold numbers', async () => {
    const raffleId = await seeded();
    const body = { numbers: [5, 123, 300, 7, 5000] };
    const dry = await preview(raffleId, body);
    expect(dry.status).toBe(200);
    const skipped = [
      { number: 7, reason: 'NOT_SOLD' },
      { number: 300, reason: 'HAS_PAYMENTS' },
      { number: 5000, reason: 'OUT_OF_RANGE' },
    ];
    expect(dry.body).toMatchObject({ numbers: 2, buyers: 2, skipped });
    // A dry run changes nothing.
    expect(await sold(raffleId)).toEqual([5, 15, 25, 123, 124, 300]);

    const real = await release(raffleId, body);
    expect(real.status).toBe(200);
    expect(real.body).toMatchObject({ released: dry.body.numbers, buyers: dry.body.buyers, skipped });
    expect(real.body.skipped[1]?.message).toMatch(/pagos aprobados/);
    expect(await sold(raffleId)).toEqual([15, 25, 124, 300]);
    const statuses = await board(raffleId);
    expect([statuses[5], statuses[123], statuses[300]]).toEqual(['d', 'd', 'p']);

    // One history row per released number, in the single release's style.
    const history = await t.api<HistoryPage>('GET', `/api/history?raffle_id=${raffleId}&status=disponible`, {
      token: seller.token,
    });
    expect(
      history.body.items.map((e) => [e.number, e.from_status, e.to_status, e.note, e.actor_email]),
    ).toEqual([
      [123, 'apartado', 'disponible', `Liberado en lote por ${seller.email}`, seller.email],
      [5, 'apartado', 'disponible', `Liberado en lote por ${seller.email}`, seller.email],
    ]);
    // In the audit chain as every staff write, with the raffle it touched.
    await t.app.services.audit.settled();
    const audit = await t.api<AuditPage>(
      'GET',
      `/api/audit?raffle_id=${raffleId}&action=${encodeURIComponent('POST /api/raffles/:id/tickets/release')}`,
      { token: admin },
    );
    expect(audit.body.entries.map((e) => [e.actor_email, e.summary])).toEqual([
      [seller.email, { status: 200, fields: ['numbers'], values: { numbers: body.numbers } }],
      // The dry run is a POST too: kept, and named by its `dry_run` field.
      [seller.email, { status: 200, fields: ['dry_run', 'numbers'], values: { numbers: body.numbers } }],
    ]);
    // Again: nothing left to release.
    expect((await release(raffleId, { numbers: [5, 123] })).body).toMatchObject({ released: 0, buyers: 0 });
  });

  it('by buyer: every number of that cedula, whatever way it is typed', async () => {
    const raffleId = await seeded();
    const dry = await preview(raffleId, { buyer_cedula: 'v 11.111.111' });
    expect(dry.body).toEqual({ numbers: 3, buyers: 1, skipped: [], delivered_prizes: [] });
    const real = await release(raffleId, { buyer_cedula: 'V-11111111' }, admin);
    expect(real.body).toEqual({ released: 3, buyers: 1, skipped: [] });
    expect(await sold(raffleId)).toEqual([123, 124, 300]);
    const statuses = await board(raffleId);
    expect([statuses[5], statuses[15], statuses[25]]).toEqual(['d', 'd', 'd']);
  });

  it('by filter: the staff list filter (status and search) selects, the paid one is skipped', async () => {
    const raffleId = await seeded();
    const all = { filter: { status: 'apartado,abonado,pagado' } };
    const dry = await preview(raffleId, all);
    expect(dry.body).toEqual({
      numbers: 5,
      buyers: 2,
      skipped: [{ number: 300, reason: 'HAS_PAYMENTS', message: expect.any(String) }],
      delivered_prizes: [],
    });
    const searched = await preview(raffleId, { filter: { status: 'apartado', search: 'pérez' } });
    expect(searched.body).toMatchObject({ numbers: 2, buyers: 1, skipped: [] });
    const real = await release(raffleId, all);
    expect(real.body).toMatchObject({ released: dry.body.numbers, buyers: dry.body.buyers });
    expect(await sold(raffleId)).toEqual([300]);
  });

  it('asks for exactly one selection, and answers 422 beyond the limit without releasing anything', async () => {
    const raffleId = await seeded();
    for (const body of [
      {},
      { numbers: [5], buyer_cedula: 'V-11111111' },
      { numbers: [] },
      { numbers: [-1] },
    ]) {
      const res = await release(raffleId, body);
      expect([res.status, res.body], JSON.stringify(body)).toMatchObject([
        422,
        { error: { code: 'VALIDATION_ERROR' } },
      ]);
    }
    expect((await release(raffleId, { numbers: [5], junk: 1 })).status).toBe(400);
    const tooMany = Array.from({ length: BULK_RELEASE_MAX + 1 }, (_, i) => i);
    const refused = await release(raffleId, { numbers: tooMany });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: { code: 'BULK_RELEASE_TOO_MANY' } });
    expect((await preview(raffleId, { numbers: tooMany })).status).toBe(422);
    expect(await sold(raffleId)).toEqual([5, 15, 25, 123, 124, 300]);
  });

  it('is for the raffle staff: another vendedor gets 403 before the body is read', async () => {
    const raffleId = await seeded();
    const other = await makeUser(t);
    expect((await release(raffleId, { numbers: [5] }, other.token)).status).toBe(403);
    expect((await release(raffleId, { junk: true }, other.token)).status).toBe(403);
    expect(
      (await t.api('POST', `/api/raffles/${raffleId}/tickets/release`, { body: { numbers: [5] } })).status,
    ).toBe(401);
    expect(await sold(raffleId)).toEqual([5, 15, 25, 123, 124, 300]);
  });

  it('an assigned seller releases only the sales credited to them, as the single release (403 NOT_YOUR_SALE)', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100, digit_count: 2, price_cents: 1000 }, admin);
    const [mine, theirs] = [await makeUser(t), await makeUser(t)];
    for (const s of [mine, theirs]) await assignSeller(t.db, raffle.id, s.user.id);
    const orders: Record<number, string> = {};
    const tickets: Record<number, string> = {};
    for (const [number, who] of [
      [10, ANA],
      [20, LUIS],
      [30, EVA],
    ] as const) {
      const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
        body: { numbers: [number], buyer: buyer(who) },
      });
      expect(res.status).toBe(201);
      tickets[number] = res.body.tickets[0]?.id as string;
      orders[number] = res.body.order.id;
    }
    // 10 is credited to `mine`, 20 to the other seller, 30 to nobody (sold by the raffle itself).
    await creditOrderTo(t.db, orders[10] as string, mine.user.id);
    await creditOrderTo(t.db, orders[20] as string, theirs.user.id);
    const single = await t.api('PATCH', `/api/tickets/${tickets[20]}`, {
      token: mine.token,
      body: { status: 'disponible' },
    });
    expect(single.status).toBe(403);
    expect(single.body).toMatchObject({ error: { code: 'NOT_YOUR_SALE' } });

    const body = { numbers: [10, 20, 30] };
    const dry = await preview(raffle.id, body, mine.token);
    expect(dry.body).toMatchObject({ numbers: 1, buyers: 1 });
    expect(dry.body.skipped.map((s) => [s.number, s.reason])).toEqual([
      [20, 'NOT_YOUR_SALE'],
      [30, 'NOT_YOUR_SALE'],
    ]);
    const done = await release(raffle.id, body, mine.token);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ released: 1, buyers: 1 });
    expect(await sold(raffle.id)).toEqual([20, 30]);
    // The admin (like the raffle's owner) releases any sale.
    const byAdmin = await release(raffle.id, body, admin);
    expect(byAdmin.body).toMatchObject({ released: 2 });
    expect(byAdmin.body.skipped.map((s) => [s.number, s.reason])).toEqual([[10, 'NOT_SOLD']]);
    expect(await sold(raffle.id)).toEqual([]);
  });

  it('after the close the sold list is frozen: 409 RAFFLE_CLOSED, dry run too', async () => {
    const raffleId = await seeded();
    expect((await t.api('POST', `/api/raffles/${raffleId}/close`, { token: admin })).status).toBe(200);
    for (const res of [
      await release(raffleId, { numbers: [5] }),
      await preview(raffleId, { numbers: [5] }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: { code: 'RAFFLE_CLOSED' } });
    }
    expect(await sold(raffleId)).toEqual([5, 15, 25, 123, 124, 300]);
  });

  it('releases 10,000 numbers in one call: one history row each, the board shows them on sale', async () => {
    const raffle = await makeRaffle(
      t,
      { total_numbers: 20_000, digit_count: 5, price_cents: 500 },
      seller.token,
    );
    // 10,001 sales of 2,001 buyers, written directly (reservations have per-buyer caps).
    await t.db.execute(sql`insert into tickets (raffle_id, number, ticket_number, status, buyer_name, buyer_phone,
        buyer_cedula, purchased_at, price_cents, remaining_cents)
      select ${raffle.id}::uuid, n, lpad(n::text, 5, '0'), 'apartado', 'comprador ' || (n / 5), '0414-' || (1000000 + n / 5),
        'V-' || (10000000 + n / 5), now(), 500, 500
      from generate_series(0, ${BULK_RELEASE_MAX}) as n`);
    const everything = { filter: { status: 'apartado' } };
    expect((await preview(raffle.id, everything)).status).toBe(422);
    const all = { filter: { status: 'apartado', search: '' } };
    expect((await release(raffle.id, all)).status).toBe(422);
    const list = { numbers: Array.from({ length: BULK_RELEASE_MAX }, (_, i) => i + 1) };
    const dry = await preview(raffle.id, list);
    expect(dry.body).toEqual({ numbers: BULK_RELEASE_MAX, buyers: 2001, skipped: [], delivered_prizes: [] });
    const started = performance.now();
    const real = await release(raffle.id, list);
    const ms = performance.now() - started;
    expect(real.body).toEqual({ released: BULK_RELEASE_MAX, buyers: 2001, skipped: [] });
    console.info(`bulk release of ${BULK_RELEASE_MAX} numbers: ${ms.toFixed(0)} ms`);
    const history = await t.api<HistoryPage>(
      'GET',
      `/api/history?raffle_id=${raffle.id}&status=disponible&per_page=1`,
      { token: seller.token },
    );
    expect(history.body.count).toBe(BULK_RELEASE_MAX);
    const statuses = await board(raffle.id);
    expect([statuses[1], statuses[BULK_RELEASE_MAX], statuses[BULK_RELEASE_MAX + 1]]).toEqual([
      'd',
      'd',
      'd',
    ]);
    // Number 0 was not in the list: still sold.
    expect(await sold(raffle.id)).toEqual([0]);
  }, 120_000);
});
