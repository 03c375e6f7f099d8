import { readFileSync } from 'node:fs';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkReleaseMessages } from '../../../domain/bulk-release';
import type { PublicCreatePaymentResult } from '../../../domain/payments';
import type { Board, ReservationResult } from '../../../domain/reservations';
import type { HistoryPage, StaffTicket } from '../../../domain/staff-tickets';
import { queryRows } from '../../db/client';
import { buyer, makeRaffle, makeRaffleWithFreeNumbers } from '../../test/factories';
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
  makeRaffleWithFreeNumbers(t, {
    price_cents: 500,
    total_numbers: 100,
    packages: [{ numbers: 3, price_cents: 2 }],
  });

let buyers = 0;
async function reserve(raffleId: string, numbers: number[], prices = [1, 1, 0]) {
  buyers += 1;
  const who = buyer({ cedula: `V-${26000000 + buyers}`, phone: `0414-55${String(buyers).padStart(5, '0')}` });
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers, buyer: who },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.tickets.map((tk) => tk.price_cents)).toEqual(prices);
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
const refund = (id: string, amountCents: number) =>
  staff('POST', `/api/tickets/${id}/refunds`, { amount_cents: amountCents, reason: 'Pago duplicado' });
const mark = (id: string, to: string) => staff('PATCH', `/api/tickets/${id}`, { status: to });

const status = async (id: string) =>
  (await t.api<StaffTicket>('GET', `/api/tickets/${id}`, { token: admin })).body.status;
const board = async (raffleId: string) =>
  (await t.api<Board>('GET', `/api/raffles/${raffleId}/board`)).body.statuses;
const lastHistory = async (id: string) =>
  (await t.api<HistoryPage>('GET', `/api/history?ticket_id=${id}`, { token: admin })).body.items[0];
/** The numbers a pre-sorteo sealed now would list (recorded, read, then rolled back). */
const paidList = async (raffleId: string) => {
  let numbers: number[] = [];
  await t.db
    .transaction(async (tx) => {
      await publishedListRepo.recordPreDrawList(tx, raffleId, 2, new Date());
      const page = await publishedListRepo.listSalesPage(tx, raffleId, { preDraw: 2 }, { from: 0, to: 100 });
      numbers = page.map((s) => s.number);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return numbers;
};

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
    expect(res.body).toMatchObject({
      released: 0,
      skipped: [
        { number: 52, reason: 'PAID_WITH_ORDER', message: bulkReleaseMessages.skipped.PAID_WITH_ORDER },
      ],
    });
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
    // Paid by staff's hand, not by an order: a bulk release says so, for a number sold by hand too.
    await staff('PATCH', `/api/raffles/${raffle.id}/numbers/5`, { status: 'pagado' });
    const bulk = await staff('POST', `/api/raffles/${raffle.id}/tickets/release`, {
      numbers: [3, 4, 5],
      dry_run: true,
    });
    expect(bulk.body).toMatchObject({
      numbers: 1,
      skipped: [
        { number: 3, reason: 'PAID_BY_HAND' },
        { number: 5, reason: 'PAID_BY_HAND' },
      ],
    });
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

describe('a number priced 0 whose status staff chose by hand keeps it', () => {
  const byHand = async (id: string) =>
    (
      await queryRows<{ by_hand: boolean }>(
        t.db,
        sql`select status_by_hand as by_hand from tickets where id = ${id}`,
      )
    )[0]?.by_hand;

  it('marked pagado on an unpaid order: a partial payment, the whole payment and a refund leave it pagado', async () => {
    const raffle = await packageRaffle();
    const order = await reserve(raffle.id, [10, 11, 12]);
    const free = order.ids[12] as string;
    await mark(free, 'pagado');
    expect(await lastHistory(free)).toMatchObject({
      from_status: 'apartado',
      to_status: 'pagado',
      note: `Estado cambiado a pagado. ${freeSaleNotes.byHand('pagado')}`,
    });

    await payByHand(order.ids[10] as string, 1);
    expect(await status(free)).toBe('pagado');
    await payByHand(order.ids[11] as string, 1);
    await refund(order.ids[11] as string, 1);
    expect(await status(order.ids[11] as string)).toBe('apartado');
    expect(await status(free)).toBe('pagado');
    expect(await paidList(raffle.id)).toEqual([10, 12]);
    // Nothing the order did was written on it: its last row is still staff's.
    expect(await lastHistory(free)).toMatchObject({
      note: `Estado cambiado a pagado. ${freeSaleNotes.byHand('pagado')}`,
    });
  });

  it('marked apartado on a paid order: a refund and the payment again leave it apartado', async () => {
    const raffle = await packageRaffle();
    const order = await reserve(raffle.id, [20, 21, 22]);
    const free = order.ids[22] as string;
    await staff('PATCH', `/api/payments/${await report(order, 2)}`, { status: 'approved' });
    expect(await status(free)).toBe('pagado');
    await mark(free, 'apartado');
    expect(await lastHistory(free)).toMatchObject({
      from_status: 'pagado',
      to_status: 'apartado',
      note: `Estado cambiado a apartado. ${freeSaleNotes.byHand('apartado')}`,
    });

    await refund(order.ids[21] as string, 1);
    await payByHand(order.ids[21] as string, 1);
    expect(await status(order.ids[21] as string)).toBe('pagado');
    expect(await status(free)).toBe('apartado');
    expect(await paidList(raffle.id)).toEqual([20, 21]);
  });

  it('a number nobody set by hand still follows its order, next to one staff did', async () => {
    const raffle = await packageRaffle();
    // Two packages in one order: the last two numbers priced 0.
    const order = await reserve(raffle.id, [30, 31, 32, 33, 34, 35], [1, 1, 1, 1, 0, 0]);
    await mark(order.ids[34] as string, 'pagado');
    for (const n of [30, 31, 32]) await payByHand(order.ids[n] as string, 1);
    expect([await status(order.ids[34] as string), await status(order.ids[35] as string)]).toEqual([
      'pagado',
      'apartado',
    ]);
    await payByHand(order.ids[33] as string, 1);
    expect(await status(order.ids[35] as string)).toBe('pagado');
    await refund(order.ids[33] as string, 1);
    expect([await status(order.ids[34] as string), await status(order.ids[35] as string)]).toEqual([
      'pagado',
      'apartado',
    ]);
    expect(await lastHistory(order.ids[35] as string)).toMatchObject({ note: freeSaleNotes.unpaid });
    expect(await byHand(order.ids[35] as string)).toBe(false);
  });

  it('staff choosing what its order says gives it back to its order', async () => {
    const raffle = await packageRaffle();
    const order = await reserve(raffle.id, [40, 41, 42]);
    const free = order.ids[42] as string;
    await mark(free, 'pagado');
    await mark(free, 'apartado');
    expect(await lastHistory(free)).toMatchObject({
      to_status: 'apartado',
      note: `Estado cambiado a apartado. ${freeSaleNotes.followsOrder}`,
    });
    expect(await byHand(free)).toBe(false);
    await staff('PATCH', `/api/payments/${await report(order, 2)}`, { status: 'approved' });
    expect(await status(free)).toBe('pagado');
    expect(await lastHistory(free)).toMatchObject({ note: freeSaleNotes.paid });
  });

  it('a bulk release names a number staff marked paid as such, not as paid with its order', async () => {
    const raffle = await packageRaffle();
    const order = await reserve(raffle.id, [50, 51, 52]);
    await mark(order.ids[52] as string, 'pagado');
    const res = await staff('POST', `/api/raffles/${raffle.id}/tickets/release`, {
      numbers: [52],
      dry_run: true,
    });
    expect(res.body).toMatchObject({
      numbers: 0,
      skipped: [{ number: 52, reason: 'PAID_BY_HAND', message: bulkReleaseMessages.skipped.PAID_BY_HAND }],
    });
  });

  it('marked apartado, priced again when its order no longer holds the package, it follows its money', async () => {
    const raffle = await packageRaffle();
    const order = await reserve(raffle.id, [60, 61, 62]);
    const free = order.ids[62] as string;
    await staff('PATCH', `/api/payments/${await report(order, 2)}`, { status: 'approved' });
    await mark(free, 'apartado');
    await staff('PATCH', `/api/tickets/${order.ids[60]}`, {
      status: 'disponible',
      no_refund_reason: 'Pasa a otro número',
    });
    const sale = (await t.api<StaffTicket>('GET', `/api/tickets/${free}`, { token: admin })).body;
    expect(sale).toMatchObject({ status: 'apartado', price_cents: 500, status_by_hand: false });
    expect(await status(order.ids[61] as string)).toBe('abonado');
  });

  it('marked pagado (a gift), its order no longer holding the package leaves it as staff left it', async () => {
    const raffle = await packageRaffle();
    const order = await reserve(raffle.id, [63, 64, 65]);
    const free = order.ids[65] as string;
    await mark(free, 'pagado');
    await mark(order.ids[63] as string, 'disponible');
    const sale = (await t.api<StaffTicket>('GET', `/api/tickets/${free}`, { token: admin })).body;
    expect(sale).toMatchObject({ status: 'pagado', price_cents: 0, status_by_hand: true });
    expect(await lastHistory(free)).toMatchObject({
      note: `Estado cambiado a pagado. ${freeSaleNotes.byHand('pagado')}`,
    });
  });

  it('migration 0035 marks the numbers priced 0 whose status only staff can have put there', async () => {
    const raffle = await packageRaffle();
    // Left by staff against their order before this change: apartado on a paid order, pagado on an unpaid one.
    const paid = await reserve(raffle.id, [70, 71, 72]);
    await staff('PATCH', `/api/payments/${await report(paid, 2)}`, { status: 'approved' });
    const owing = await reserve(raffle.id, [73, 74, 75]);
    const following = await reserve(raffle.id, [76, 77, 78]);
    const free = await makeRaffle(t, { price_cents: 0 });
    const res = await t.api<ReservationResult>('POST', `/api/raffles/${free.id}/reservations`, {
      body: { numbers: [1, 2], buyer: buyer({ cedula: 'V-26999998' }) },
    });
    const [freePaid, freeHeld] = res.body.tickets.map((tk) => tk.id) as [string, string];
    await t.db.execute(sql`update tickets set status = 'apartado' where id = ${paid.ids[72] as string}`);
    await t.db.execute(
      sql`update tickets set status = 'pagado' where id in (${owing.ids[75] as string}, ${freePaid})`,
    );
    await t.db.execute(
      sql`update tickets set status_by_hand = false where raffle_id in (${raffle.id}, ${free.id})`,
    );

    const migration = new URL('../../db/migrations/0035_free_status_by_hand.sql', import.meta.url);
    for (const statement of readFileSync(migration, 'utf8').split('--> statement-breakpoint'))
      await t.db.execute(sql.raw(statement));
    expect(await byHand(paid.ids[72] as string)).toBe(true);
    expect(await byHand(owing.ids[75] as string)).toBe(true);
    expect(await byHand(freePaid)).toBe(true);
    expect(await byHand(following.ids[78] as string)).toBe(false);
    expect(await byHand(freeHeld)).toBe(false);
    // And the next payment of those orders leaves them as they are.
    await payByHand(owing.ids[73] as string, 1);
    expect(await status(owing.ids[75] as string)).toBe('pagado');
  });
});
