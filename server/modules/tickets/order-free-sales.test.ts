import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCreatePaymentResult } from '../../../domain/payments';
import type { Board, ReservationResult } from '../../../domain/reservations';
import type { HistoryPage, StaffTicket } from '../../../domain/staff-tickets';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { freeSaleNotes } from './order-free-sales';
import { publishedListRepo } from './published-list.repo';

// A package cheaper than a cent a number prices some numbers 0 (decision 040). Once the order's
// numbers that cost something are paid in full, those are paid too (decision 061): they used to stay
// `apartado`, out of the pre-sorteo list (status pagado), so a buyer who paid lost them from the draw.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

/** "3 por 2 céntimos" of a $5,00 raffle: of each 3 numbers, the first two cost a cent, the third 0. */
const packageRaffle = () =>
  makeRaffle(t, { price_cents: 500, total_numbers: 100, packages: [{ numbers: 3, price_cents: 2 }] });

let buyers = 0;
async function reserve(raffleId: string, numbers: number[]) {
  buyers += 1;
  const who = buyer({ cedula: `V-${26000000 + buyers}`, phone: `0414-55${String(buyers).padStart(5, '0')}` });
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers, buyer: who },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.tickets.map((tk) => tk.price_cents)).toEqual([1, 1, 0]);
  const ids = Object.fromEntries(res.body.tickets.map((tk) => [tk.number, tk.id])) as Record<number, string>;
  return { ids, code: res.body.order.code, cedula: who.cedula as string };
}

let references = 0;
async function report(order: { code: string; cedula: string }, amountCents: number) {
  references += 1;
  const res = await t.api<PublicCreatePaymentResult>('POST', '/api/payments', {
    body: {
      order_code: order.code,
      amount_cents: amountCents,
      cedula: order.cedula,
      reference: `0061${references}`,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.payment as { id: string }).id;
}

async function staff(method: string, url: string, body: Record<string, unknown>) {
  const res = await t.api(method, url, { token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res;
}
const payByHand = (id: string, amountCents: number) =>
  staff('POST', `/api/tickets/${id}/payments`, { amount_cents: amountCents, payment_method: 'efectivo' });

const status = async (id: string) =>
  (await t.api<StaffTicket>('GET', `/api/tickets/${id}`, { token: admin })).body.status;
const board = async (raffleId: string) =>
  (await t.api<Board>('GET', `/api/raffles/${raffleId}/board`)).body.statuses;
const lastHistory = async (id: string) =>
  (await t.api<HistoryPage>('GET', `/api/history?ticket_id=${id}`, { token: admin })).body.items[0];
const paidList = async (raffleId: string) =>
  (await publishedListRepo.listSalesPage(t.db, raffleId, 'paid', { after: -1, limit: 100 })).map(
    (s) => s.number,
  );

describe('a number its package priced 0 is paid when its order is', () => {
  it('a report approved for the whole order: all three numbers paid, in the pre-sorteo list, recorded', async () => {
    const raffle = await packageRaffle();
    const order = await reserve(raffle.id, [10, 11, 12]);
    const payment = await report(order, 2);
    expect(await status(order.ids[12] as string)).toBe('apartado');

    await staff('PATCH', `/api/payments/${payment}`, { status: 'approved' });
    expect(await status(order.ids[12] as string)).toBe('pagado');
    expect((await board(raffle.id)).slice(10, 13)).toBe('ppp');
    expect(await paidList(raffle.id)).toEqual([10, 11, 12]);
    expect(await lastHistory(order.ids[12] as string)).toMatchObject({
      from_status: 'apartado',
      to_status: 'pagado',
      note: freeSaleNotes.paid,
    });
  });

  it('staff paying by hand: only once the last number that costs something is paid; a refund takes it back', async () => {
    const raffle = await packageRaffle();
    const order = await reserve(raffle.id, [20, 21, 22]);
    await payByHand(order.ids[20] as string, 1);
    expect(await status(order.ids[22] as string)).toBe('apartado');

    await payByHand(order.ids[21] as string, 1);
    expect(await status(order.ids[22] as string)).toBe('pagado');

    await staff('POST', `/api/tickets/${order.ids[21]}/refunds`, {
      amount_cents: 1,
      reason: 'Pago duplicado',
    });
    expect(await status(order.ids[21] as string)).toBe('apartado');
    expect(await status(order.ids[22] as string)).toBe('apartado');
    expect(await paidList(raffle.id)).toEqual([20]);
    expect(await lastHistory(order.ids[22] as string)).toMatchObject({
      from_status: 'pagado',
      to_status: 'apartado',
      note: freeSaleNotes.unpaid,
    });
  });

  it('several reports approved at once, and a status change to pagado by staff', async () => {
    const raffle = await packageRaffle();
    const first = await reserve(raffle.id, [30, 31, 32]);
    // One report for each number that costs something, sent by staff for the buyer.
    const ids: string[] = [];
    for (const n of [30, 31]) {
      references += 1;
      const res = await staff('POST', '/api/payments', {
        ticket_id: first.ids[n],
        amount_cents: 1,
        reference: `0061${references}`,
      });
      ids.push((res.body as PublicCreatePaymentResult).payment.id);
    }
    await staff('POST', '/api/payments/review', { ids, status: 'approved' });
    expect(await status(first.ids[32] as string)).toBe('pagado');

    const second = await reserve(raffle.id, [40, 41, 42]);
    await staff('PATCH', `/api/tickets/${second.ids[40]}`, { status: 'pagado' });
    expect(await status(second.ids[42] as string)).toBe('apartado');
    await staff('PATCH', `/api/tickets/${second.ids[41]}`, { status: 'pagado' });
    expect(await status(second.ids[42] as string)).toBe('pagado');
    expect(await paidList(raffle.id)).toEqual([30, 31, 32, 40, 41, 42]);
  });

  it('a paid number priced 0 is not released in bulk as if nothing were paid', async () => {
    const raffle = await packageRaffle();
    const order = await reserve(raffle.id, [50, 51, 52]);
    await staff('PATCH', `/api/payments/${await report(order, 2)}`, { status: 'approved' });
    const res = await staff('POST', `/api/raffles/${raffle.id}/tickets/release`, { numbers: [52] });
    expect(res.body).toMatchObject({ released: 0, skipped: [{ number: 52, reason: 'HAS_PAYMENTS' }] });
    expect(await status(order.ids[52] as string)).toBe('pagado');
  });

  it('an order with nothing that costs something stays as it was (a raffle priced 0)', async () => {
    const raffle = await makeRaffle(t, { price_cents: 0 });
    const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [3, 4], buyer: buyer({ cedula: 'V-26999999' }) },
    });
    expect(res.status).toBe(201);
    const [three, four] = res.body.tickets.map((tk) => tk.id) as [string, string];
    await staff('PATCH', `/api/tickets/${three}`, { status: 'pagado' });
    expect([await status(three), await status(four)]).toEqual(['pagado', 'apartado']);
  });

  it('migration 0032 settles the orders paid before this rule, and only those', async () => {
    const raffle = await packageRaffle();
    const paid = await reserve(raffle.id, [60, 61, 62]);
    await staff('PATCH', `/api/payments/${await report(paid, 2)}`, { status: 'approved' });
    const owing = await reserve(raffle.id, [70, 71, 72]);
    await payByHand(owing.ids[70] as string, 1);
    // As such an order was left before: its number priced 0 still reserved.
    await t.db.execute(sql`update tickets set status = 'apartado' where id = ${paid.ids[62] as string}`);

    const migration = new URL(
      '../../db/migrations/0032_free_numbers_paid_with_their_order.sql',
      import.meta.url,
    );
    await t.db.execute(sql.raw(readFileSync(migration, 'utf8')));
    expect(await status(paid.ids[62] as string)).toBe('pagado');
    expect(await status(owing.ids[72] as string)).toBe('apartado');
    expect(await lastHistory(paid.ids[62] as string)).toMatchObject({
      to_status: 'pagado',
      note: freeSaleNotes.paid,
    });
  });
});
