import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReservationResult } from '../../../domain/reservations';
import type { HistoryPage, StaffTicket } from '../../../domain/staff-tickets';
import { buyer, makeRaffle, makeRaffleWithFreeNumbers } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { repricedNote } from './package-reprice';

// A package's discount is for the whole package (a security review, 2026-11-30): a buyer who
// reserved "5 por $20" (each number $4 of a $10 raffle), paid one number and let the other four
// expire kept that number, paid in full, for $4. Whatever ends part of an order (the sweep, a
// release, a bulk release, a cancellation), what the order keeps is priced for what it is.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ config: { paymentReviewHours: 48 } });
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const packageRaffle = () =>
  makeRaffle(t, { price_cents: 1000, packages: [{ numbers: 5, price_cents: 2000 }] }).then((r) => r.id);

let cedulas = 0;
async function reserve(raffleId: string, numbers: number[]) {
  cedulas += 1;
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers, buyer: buyer({ cedula: `V-${21000000 + cedulas}` }) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Object.fromEntries(res.body.tickets.map((tk) => [tk.number, tk.id])) as Record<number, string>;
}
const sale = async (id: string) =>
  (await t.api<StaffTicket>('GET', `/api/tickets/${id}`, { token: admin })).body;
const money = async (id: string) => {
  const s = await sale(id);
  return [s.status, s.price_cents, s.total_paid_cents, s.remaining_cents];
};
async function payByHand(id: string, amountCents: number) {
  const res = await t.api('POST', `/api/tickets/${id}/payments`, {
    token: admin,
    body: { amount_cents: amountCents, payment_method: 'efectivo' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}
async function sweep() {
  await t.db.execute(
    sql`update tickets set reserved_until = now() - interval '1 minute' where status = 'apartado'`,
  );
  while ((await t.app.services.tickets.releaseExpired(500)) === 500);
}

describe('an order that no longer holds its package is priced for what it keeps', () => {
  it('the sweep: one number paid at the package share, the rest expired, owes the single price', async () => {
    const raffleId = await packageRaffle();
    const ids = await reserve(raffleId, [10, 11, 12, 13, 14]);
    expect(await money(ids[10] as string)).toEqual(['apartado', 400, 0, 400]);
    await payByHand(ids[10] as string, 400);
    expect(await money(ids[10] as string)).toEqual(['pagado', 400, 400, 0]);

    await sweep();
    expect((await sale(ids[11] as string)).status).toBe('disponible');
    // Paid $4 of $10: part-paid, and no longer released by the sweep (it has money).
    expect(await money(ids[10] as string)).toEqual(['abonado', 1000, 400, 600]);
    const board = (await t.api<{ statuses: string }>('GET', `/api/raffles/${raffleId}/board`)).body.statuses;
    expect(board[10]).not.toBe('d');
    const history = await t.api<HistoryPage>('GET', `/api/history?ticket_id=${ids[10]}`, { token: admin });
    expect(history.body.items[0]).toMatchObject({
      from_status: 'pagado',
      to_status: 'abonado',
      note: repricedNote,
    });
  });

  it('a release or a cancellation by staff, and a bulk release', async () => {
    const raffleId = await packageRaffle();
    const one = await reserve(raffleId, [20, 21, 22, 23, 24]);
    const released = await t.api('PATCH', `/api/tickets/${one[20]}`, {
      token: admin,
      body: { status: 'disponible' },
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    for (const n of [21, 22, 23, 24])
      expect(await money(one[n] as string)).toEqual(['apartado', 1000, 0, 1000]);

    const two = await reserve(raffleId, [30, 31, 32, 33, 34]);
    const cancelled = await t.api('PATCH', `/api/tickets/${two[30]}`, {
      token: admin,
      body: { status: 'cancelado' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await sale(two[31] as string)).price_cents).toBe(1000);

    const three = await reserve(raffleId, [40, 41, 42, 43, 44]);
    const bulk = await t.api('POST', `/api/raffles/${raffleId}/tickets/release`, {
      token: admin,
      body: { numbers: [40, 41] },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    for (const n of [42, 43, 44]) expect((await sale(three[n] as string)).price_cents).toBe(1000);
  });

  it('leaves an order that still holds a package, and a raffle without packages, as they were', async () => {
    const raffleId = await packageRaffle();
    // 7 numbers: 2000 + 2 × 1000 = 4000, 571-572 each. Six kept still cost 3,000 at most: no raise.
    const seven = await reserve(raffleId, [50, 51, 52, 53, 54, 55, 56]);
    const before = await Promise.all(
      [50, 51, 52, 53, 54, 55].map(async (n) => (await sale(seven[n] as string)).price_cents),
    );
    await t.api('PATCH', `/api/tickets/${seven[56]}`, { token: admin, body: { status: 'disponible' } });
    const after = await Promise.all(
      [50, 51, 52, 53, 54, 55].map(async (n) => (await sale(seven[n] as string)).price_cents),
    );
    expect(after).toEqual(before);

    const plain = (await makeRaffle(t, { price_cents: 1000 })).id;
    const ids = await reserve(plain, [1, 2]);
    await t.api('PATCH', `/api/tickets/${ids[1]}`, { token: admin, body: { status: 'disponible' } });
    expect(await money(ids[2] as string)).toEqual(['apartado', 1000, 0, 1000]);
  });

  it('at the single price the order was reserved at, not one raised after it (lowered: the lower)', async () => {
    const raffleId = await packageRaffle();
    const ids = await reserve(raffleId, [60, 61, 62, 63, 64]);
    await payByHand(ids[60] as string, 400);
    // The organizer raises the single price after the sale (the price is no sale term), then the
    // rest of the order lapses: the buyer owes what a number cost when they reserved, $10, not $50.
    const raised = await t.api('PATCH', `/api/raffles/${raffleId}`, {
      token: admin,
      body: { price_cents: 5000 },
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    await t.api('PATCH', `/api/tickets/${ids[61]}`, { token: admin, body: { status: 'disponible' } });
    await sweep();
    expect(await money(ids[60] as string)).toEqual(['abonado', 1000, 400, 600]);

    // Lowered after the sale: the kept number costs today's single price, never more.
    const other = await packageRaffle();
    const cheap = await reserve(other, [70, 71, 72, 73, 74]);
    await payByHand(cheap[70] as string, 400);
    const lowered = await t.api('PATCH', `/api/raffles/${other}`, {
      token: admin,
      body: { price_cents: 800 },
    });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    await sweep();
    expect(await money(cheap[70] as string)).toEqual(['abonado', 800, 400, 400]);
  });
  it('a cancelled number brought back after the rest of its order went costs the single price', async () => {
    // Cancel one number (the rest are priced again), release the rest, bring the cancelled one back:
    // it was still at the package share, a $10 number sold for $4 (an adversarial review, 2026-11-30).
    const raffleId = await packageRaffle();
    const ids = await reserve(raffleId, [80, 81, 82, 83, 84]);
    const cancel = await t.api('PATCH', `/api/tickets/${ids[84]}`, {
      token: admin,
      body: { status: 'cancelado' },
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const bulk = await t.api('POST', `/api/raffles/${raffleId}/tickets/release`, {
      token: admin,
      body: { numbers: [80, 81, 82, 83] },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    const back = await t.api('PATCH', `/api/tickets/${ids[84]}`, {
      token: admin,
      body: { status: 'apartado' },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(await money(ids[84] as string)).toEqual(['apartado', 1000, 0, 1000]);
  });
});

describe('a number priced 0 that staff marked pagado by hand is a gift: its order lapsing leaves it', () => {
  /** "3 por 2 céntimos" of a $5,00 raffle: of each 3 numbers, the first two cost a cent, the third 0. */
  const giftRaffle = () =>
    makeRaffleWithFreeNumbers(t, { price_cents: 500, packages: [{ numbers: 3, price_cents: 2 }] }).then(
      (r) => r.id,
    );
  const gift = async (id: string) => {
    const s = await sale(id);
    return [s.status, s.price_cents, s.status_by_hand];
  };
  async function markPaid(id: string) {
    const res = await t.api('PATCH', `/api/tickets/${id}`, { token: admin, body: { status: 'pagado' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const historyOf = async (id: string) =>
    (await t.api<HistoryPage>('GET', `/api/history?ticket_id=${id}`, { token: admin })).body.items;

  it('the order expires: the gift stays pagado at 0, marked, through two sweeps; the rest goes', async () => {
    const raffleId = await giftRaffle();
    const ids = await reserve(raffleId, [10, 11, 12]);
    const free = ids[12] as string;
    await markPaid(free);
    const rows = (await historyOf(free)).length;

    await sweep();
    expect(await gift(free)).toEqual(['pagado', 0, true]);
    await sweep();
    expect(await gift(free)).toEqual(['pagado', 0, true]);
    for (const n of [10, 11]) expect((await sale(ids[n] as string)).status).toBe('disponible');
    const board = (await t.api<{ statuses: string }>('GET', `/api/raffles/${raffleId}/board`)).body.statuses;
    expect(board.slice(10, 13)).toBe('ddp');
    // Nothing changed on it, so nothing is written on it.
    expect(await historyOf(free)).toHaveLength(rows);
  });

  it('staff release the order’s other numbers, then the sweep: the gift stays as it was', async () => {
    const raffleId = await giftRaffle();
    const ids = await reserve(raffleId, [20, 21, 22]);
    const free = ids[22] as string;
    await markPaid(free);
    const released = await t.api('PATCH', `/api/tickets/${ids[20]}`, {
      token: admin,
      body: { status: 'disponible' },
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(await gift(free)).toEqual(['pagado', 0, true]);
    // What the order keeps that costs something is priced for what it is, without the gift.
    expect(await money(ids[21] as string)).toEqual(['apartado', 500, 0, 500]);

    const bulk = await t.api('POST', `/api/raffles/${raffleId}/tickets/release`, {
      token: admin,
      body: { numbers: [21] },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(await gift(free)).toEqual(['pagado', 0, true]);
    await sweep();
    await sweep();
    expect(await gift(free)).toEqual(['pagado', 0, true]);
  });
});
