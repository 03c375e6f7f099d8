import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCreatePaymentResult } from '../../../domain/payments';
import type { Board, ReservationResult } from '../../../domain/reservations';
import { buyer, makeRaffle, makeRaffleWithFreeNumbers } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// The expiry sweep decides by what is owed, not by what was paid: a package "100 por 1 céntimo"
// makes 99 sales priced 0, which owe nothing once the order's cent is paid and must stay the
// buyer's; while the order still owes money they go back on sale with it.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ config: { paymentReviewHours: 48 } });
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const all = Array.from({ length: 100 }, (_, i) => i);
/** "100 por N céntimos" of a $5,00 raffle: all but N of the numbers are priced 0 (decision 061). */
const packageRaffle = (packagePriceCents: number) =>
  makeRaffleWithFreeNumbers(t, {
    price_cents: 500,
    packages: [{ numbers: 100, price_cents: packagePriceCents }],
  });

async function reserveAll(raffleId: string) {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers: all, buyer: buyer() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

let references = 0;
async function payOrder(code: string, amountCents: number) {
  references += 1;
  const res = await t.api<PublicCreatePaymentResult>('POST', '/api/payments', {
    body: {
      order_code: code,
      amount_cents: amountCents,
      cedula: buyer().cedula,
      reference: `0012${references}`,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.payment as { id: string };
}

async function review(paymentId: string, body: Record<string, unknown>) {
  const res = await t.api('PATCH', `/api/payments/${paymentId}`, { token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const expire = (raffleId: string) =>
  t.db.execute(
    sql`update tickets set reserved_until = now() - interval '1 minute' where raffle_id = ${raffleId}`,
  );

/** Every batch of the sweep until one comes back short, as the job runs it; how many were released. */
async function sweep(batch = 500) {
  let released = 0;
  for (;;) {
    const n = await t.app.services.tickets.releaseExpired(batch);
    released += n;
    if (n < batch) return released;
  }
}

const board = async (raffleId: string) =>
  (await t.api<Board>('GET', `/api/raffles/${raffleId}/board`)).body.statuses;

describe('the expiry sweep keeps what is owed nothing', () => {
  it('a package "100 por 1 céntimo" paid and approved keeps all 100 numbers after its hold runs out', async () => {
    const raffle = await packageRaffle(1);
    const reservation = await reserveAll(raffle.id);
    expect(reservation.order.total_cents).toBe(1);
    expect(reservation.tickets.filter((tk) => tk.price_cents === 0)).toHaveLength(99);
    await review((await payOrder(reservation.order.code, 1)).id, { status: 'approved' });
    await expire(raffle.id);

    await sweep();
    // Its numbers priced 0 are paid with the order (decision 061).
    expect(await board(raffle.id)).toBe('p'.repeat(100));
    const order = await t.api<{ owed_cents: number; tickets: unknown[] }>(
      'GET',
      `/api/orders/${reservation.order.code}?cedula=${buyer().cedula}`,
    );
    expect(order.body).toMatchObject({ owed_cents: 0 });
    expect(order.body.tickets).toHaveLength(100);
  });

  it('a reservation of a raffle priced 0 owes nothing and is kept', async () => {
    const raffle = await makeRaffle(t, { price_cents: 0 });
    const res = await t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [3, 4], buyer: buyer() },
    });
    expect(res.status).toBe(201);
    await expire(raffle.id);

    expect(await sweep()).toBe(0);
    expect((await board(raffle.id)).slice(3, 5)).toBe('aa');
  });
});

describe('the expiry sweep releases an order that still owes money with its numbers priced 0', () => {
  it('an unpaid package goes back on sale whole, even with sweep batches smaller than the order', async () => {
    const raffle = await packageRaffle(1);
    await reserveAll(raffle.id);
    await expire(raffle.id);

    expect(await sweep(30)).toBe(100);
    expect(await board(raffle.id)).toBe('d'.repeat(100));
  });

  it('a pending payment covering the order holds all of it for the review; rejected, all of it goes', async () => {
    const raffle = await packageRaffle(2);
    const reservation = await reserveAll(raffle.id);
    const payment = await payOrder(reservation.order.code, 2);
    await expire(raffle.id);

    expect(await sweep()).toBe(0);
    expect(await board(raffle.id)).toBe('a'.repeat(100));

    await review(payment.id, { status: 'rejected', reason: 'No aparece en el banco' });
    expect(await sweep()).toBe(100);
    expect(await board(raffle.id)).toBe('d'.repeat(100));
  });

  it('partly paid: the paid number stays, part-paid at the single price; the unpaid one and the numbers priced 0 go back on sale', async () => {
    const raffle = await packageRaffle(2);
    const reservation = await reserveAll(raffle.id);
    await review((await payOrder(reservation.order.code, 1)).id, { status: 'approved' });
    await expire(raffle.id);

    expect(await sweep()).toBe(99);
    // It stays, but alone it is no package: priced at the single $5,00, it owes the rest (package-reprice.ts).
    expect(await board(raffle.id)).toBe(`b${'d'.repeat(99)}`);
  });
});
