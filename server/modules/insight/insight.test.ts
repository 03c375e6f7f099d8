import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { SalesInsight } from '../../../domain/insight';
import type { PublicCreatePaymentResult } from '../../../domain/payments';
import { caracasDate } from '../../../domain/rates';
import type { ReservationResult } from '../../../domain/reservations';
import { queryRows } from '../../db/client';
import { buyer, makeRaffle, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { lastDays } from './insight.service';

let t: TestApp;
let admin: string;
let sellerA: Awaited<ReturnType<typeof makeUser>>;
let sellerB: Awaited<ReturnType<typeof makeUser>>;
const ids = { a1: '', a2: '', b1: '', sandbox: '' };
const DAY_MS = 86_400_000;
const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS);
const fortyDaysAgo = new Date(Date.now() - 40 * DAY_MS);

async function reserve(raffleId: string, numbers: number[], cedula: string) {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers, buyer: buyer({ cedula }) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.tickets as { id: string; number: number }[];
}

const setStatus = async (ticketId: string, status: string) => {
  const res = await t.api('PATCH', `/api/tickets/${ticketId}`, { token: admin, body: { status } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

async function payPart(ticketId: string, cedula: string, amount: number) {
  const sent = await t.api<PublicCreatePaymentResult>('POST', '/api/payments', {
    body: { ticket_id: ticketId, amount_cents: amount, cedula },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const approved = await t.api('PATCH', `/api/payments/${sent.body.payment.id}`, {
    token: admin,
    body: { status: 'approved' },
  });
  expect(approved.status).toBe(200);
}

const insight = <T = SalesInsight>(query: string, token?: string) =>
  t.api<T>('GET', `/api/insight${query}`, { token });

type SaleRow = {
  raffle_id: string;
  seller_id: string | null;
  is_sandbox: boolean;
  status: string;
  ended: boolean;
  purchased_at: Date | string;
  total_paid_cents: string;
  remaining_cents: string;
};

/** The expected figures, recomputed here from every stored sale (what the endpoint aggregates in SQL). */
async function expected(filter: (s: SaleRow) => boolean, days = 30) {
  const rows = await queryRows<SaleRow>(
    t.db,
    sql`select t.raffle_id, r.seller_id, r.is_sandbox, t.status, t.ended_at is not null as ended,
      t.purchased_at, t.total_paid_cents::text, t.remaining_cents::text
      from tickets t join raffles r on r.id = t.raffle_id`,
  );
  const live = rows.filter(
    (s) => filter(s) && !s.is_sandbox && !s.ended && ['apartado', 'abonado', 'pagado'].includes(s.status),
  );
  const count = (status: string) => live.filter((s) => s.status === status).length;
  const totals = {
    reserved: count('apartado'),
    partially_paid: count('abonado'),
    paid: count('pagado'),
    sold: live.length,
    collected_cents: live.reduce((n, s) => n + Number(s.total_paid_cents), 0),
    owed_cents: live.reduce((n, s) => n + Number(s.remaining_cents), 0),
  };
  const perDay = lastDays(caracasDate(), days).map((day) => {
    const sold = live.filter((s) => caracasDate(new Date(s.purchased_at)) === day);
    return {
      day,
      numbers: sold.length,
      amount_cents: sold.reduce((n, s) => n + Number(s.total_paid_cents) + Number(s.remaining_cents), 0),
    };
  });
  return { totals, perDay };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  sellerA = await makeUser(t);
  sellerB = await makeUser(t);
  ids.a1 = (await makeRaffle(t, { name: 'Moto de A', price_cents: 1000 }, sellerA.token)).id;
  ids.a2 = (await makeRaffle(t, { name: 'Nevera de A', price_cents: 250 }, sellerA.token)).id;
  ids.b1 = (await makeRaffle(t, { name: 'Carro de B', price_cents: 500 }, sellerB.token)).id;
  ids.sandbox = (await makeRaffle(t, { name: 'Simulacro', price_cents: 700 })).id;

  // A1: 2 apartado, 1 abonado (300 of 1000), 1 pagado, 1 cancelled, 1 released (none of the last two counts).
  const a1 = await reserve(ids.a1, [1, 2, 3, 4, 5, 6], 'V-10000001');
  await payPart(a1[2]?.id as string, 'V-10000001', 300);
  await setStatus(a1[3]?.id as string, 'pagado');
  await setStatus(a1[4]?.id as string, 'cancelado');
  await setStatus(a1[5]?.id as string, 'disponible');
  // A2: one sale made three days ago and one forty days ago (outside the default 30 days).
  const a2 = await reserve(ids.a2, [7, 8, 9], 'V-10000002');
  await t.db.execute(sql`update tickets set purchased_at = ${threeDaysAgo} where id = ${a2[0]?.id}`);
  await t.db.execute(sql`update tickets set purchased_at = ${fortyDaysAgo} where id = ${a2[1]?.id}`);
  await setStatus(a2[2]?.id as string, 'pagado');
  // B1: another seller's sales.
  const b1 = await reserve(ids.b1, [10, 11], 'V-10000003');
  await setStatus(b1[0]?.id as string, 'pagado');
  // A test-bench raffle: sales that must never be counted.
  await reserve(ids.sandbox, [1, 2, 3], 'V-10000004');
  await t.db.execute(sql`update raffles set is_sandbox = true where id = ${ids.sandbox}`);
});
afterAll(() => t?.close());

describe('GET /api/insight', () => {
  it('gives an admin the totals and sales per day of every raffle, sandbox excluded, no rate yet', async () => {
    const res = await insight('', admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const want = await expected(() => true);
    expect(res.body.totals).toEqual(want.totals);
    // Counted by hand too (A1 + A2 + B1), so a mistake shared by the query and the recount shows.
    expect(res.body.totals).toEqual({
      reserved: 2 + 2 + 1,
      partially_paid: 1,
      paid: 1 + 1 + 1,
      sold: 4 + 3 + 2,
      collected_cents: 300 + 1000 + 250 + 500,
      owed_cents: 2 * 1000 + 700 + 2 * 250 + 500,
    });
    expect(res.body.days).toBe(30);
    expect(res.body.per_day).toEqual(want.perDay);
    expect(res.body.per_day).toHaveLength(30);
    expect(res.body.per_day.at(-1)?.day).toBe(caracasDate());
    // Today: A1's 4 live sales, A2's pagado, B1's 2; three days ago: A2's first; 40 days ago is out.
    expect(res.body.per_day.at(-1)?.numbers).toBe(7);
    expect(res.body.per_day.find((d) => d.day === caracasDate(threeDaysAgo))?.numbers).toBe(1);
    expect(res.body.per_day.reduce((n, d) => n + d.numbers, 0)).toBe(9 - 1);
    expect(res.body.raffles.map((r) => r.name)).toEqual(['Carro de B', 'Nevera de A', 'Moto de A']);
    expect(res.body.raffles.find((r) => r.id === ids.a1)).toEqual({
      id: ids.a1,
      name: 'Moto de A',
      status: 'activa',
      total_numbers: 100,
      reserved: 2,
      partially_paid: 1,
      paid: 1,
      collected_cents: 1300,
      owed_cents: 2700,
    });
    expect(res.body.currency_rate).toBeNull();
  });

  it('narrows to one raffle and to the asked number of days', async () => {
    const res = await insight(`?raffle_id=${ids.a2}&days=7`, admin);
    expect(res.status).toBe(200);
    const want = await expected((s) => s.raffle_id === ids.a2, 7);
    expect(res.body.totals).toEqual(want.totals);
    expect(res.body.per_day).toEqual(want.perDay);
    expect(res.body.per_day).toHaveLength(7);
    expect(res.body.raffles.map((r) => r.id)).toEqual([ids.a2]);
    const year = await insight(`?raffle_id=${ids.a2}&days=365`, admin);
    expect(year.body.per_day).toHaveLength(365);
    expect(year.body.per_day.reduce((n, d) => n + d.numbers, 0)).toBe(3);
  });

  it('shows a vendedor only their own raffles and refuses another seller’s', async () => {
    const own = await insight('', sellerA.token);
    expect(own.status).toBe(200);
    const want = await expected((s) => s.seller_id === sellerA.user.id);
    expect(own.body.totals).toEqual(want.totals);
    expect(own.body.per_day).toEqual(want.perDay);
    expect(own.body.raffles.map((r) => r.id)).toEqual([ids.a2, ids.a1]);

    const mine = await insight(`?raffle_id=${ids.a1}`, sellerA.token);
    expect(mine.status).toBe(200);
    expect(mine.body.totals.sold).toBe(4);

    const theirs = await insight<ApiError>(`?raffle_id=${ids.b1}`, sellerA.token);
    expect(theirs.status).toBe(403);
    expect(theirs.body.error.code).toBe('NOT_YOUR_RAFFLE');
  });

  it('answers 404 for an unknown raffle and for a sandbox raffle', async () => {
    const unknown = await insight<ApiError>('?raffle_id=6f1c2f5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f', admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('RAFFLE_NOT_FOUND');
    const sandbox = await insight(`?raffle_id=${ids.sandbox}`, admin);
    expect(sandbox.status).toBe(404);
  });

  it('is for staff only', async () => {
    const anonymous = await insight('');
    expect(anonymous.status).toBe(401);
    const badToken = await insight('', 'not-a-token');
    expect(badToken.status).toBe(401);
  });

  it('answers 400 with a Spanish message for a bad query', async () => {
    for (const query of ['?days=0', '?days=366', '?days=abc', '?days=2.5', '?raffle_id=123']) {
      const res = await insight<ApiError>(query, admin);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message, query).toMatch(/[áéíóúñ]|inválid|días/i);
    }
  });

  it('gives the current bolívar rate so the web can show Bs', async () => {
    const set = await t.api('PUT', '/api/exchange-rates/VES', { token: admin, body: { rate_to_usd: 36.5 } });
    expect(set.status).toBe(200);
    const res = await insight('', sellerB.token);
    expect(res.body.currency_rate).toMatchObject({
      rate_to_usd: 36.5,
      rate_date: caracasDate(),
      is_stale: false,
    });
    expect(res.body.raffles.map((r) => r.id)).toEqual([ids.b1]);
  });
});
