import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '../../../domain/orders';
import type { PublicCreatePaymentResult } from '../../../domain/payments';
import type { Board, ReservationResult } from '../../../domain/reservations';
import type { RaffleBuyersPage, StaffTicket, TicketPage } from '../../../domain/staff-tickets';
import type { TrackingResult } from '../../../domain/tracking';
import { queryRows } from '../../db/client';
import { buyer, makeRaffle, makeRaffleWithFreeNumbers } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// A pending payment that covers the first amount due keeps its reservation for the review window
// (PAYMENT_REVIEW_HOURS) after `reserved_until`: every screen that shows a deadline says so with
// `review_hold_until`, and the expiry sweep keeps exactly the sales that field says are kept.

const REVIEW_HOURS = 48;
const ANA = buyer({ name: 'Ana Gómez', cedula: 'V-11111111', phone: '0412-5550001' });
const LUIS = buyer({ name: 'Luis Díaz', cedula: 'V-22222222', phone: '0416-5550002' });

let t: TestApp;
let admin: string;
let unico: { id: string };
let cuotas: { id: string };
/** Each sale by a name saying what its buyer sent for it. */
const sales: Record<string, { id: string; number: number; raffleId: string; order: string; cedula: string }> =
  {};
/** The holding payments' ids by sale name. */
const holding: Record<string, string> = {};

async function reserve(name: string, raffleId: string, number: number, who = ANA) {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers: [number], buyer: who },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const sale = res.body.tickets[0] as { id: string };
  sales[name] = { id: sale.id, number, raffleId, order: res.body.order.code, cedula: String(who.cedula) };
  return sale.id;
}

async function pay(ticketId: string, amountCents: number, who = ANA) {
  const res = await t.api<PublicCreatePaymentResult>('POST', '/api/payments', {
    body: { ticket_id: ticketId, amount_cents: amountCents, cedula: who.cedula },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.payment as { id: string }).id;
}

/** What the database says the hold ends: the payment's own creation plus the window, as the API writes instants. */
async function expectedHold(paymentId: string) {
  const [row] = await queryRows<{ until: Date | string }>(
    t.db,
    sql`select created_at + make_interval(hours => ${REVIEW_HOURS}::int) as until from payments where id = ${paymentId}`,
  );
  return new Date(row?.until as string).toISOString();
}

const tracked = async (who = ANA) =>
  (
    await t.api<TrackingResult>('POST', '/api/tracking', {
      body: { cedula: who.cedula, phone_last4: String(who.phone).slice(-4) },
    })
  ).body.tickets;

const staffList = async (raffleId: string) =>
  (await t.api<TicketPage>('GET', `/api/raffles/${raffleId}/tickets?status=apartado`, { token: admin })).body
    .items;

beforeAll(async () => {
  t = await createTestApp({ config: { paymentReviewHours: REVIEW_HOURS } });
  admin = await t.signInAdmin();
  unico = await makeRaffle(t, { price_cents: 1000, total_numbers: 100 });
  cuotas = await makeRaffle(t, {
    price_cents: 1000,
    total_numbers: 100,
    payment_type: 'cuotas',
    installments: 4,
  });

  holding.covered = await pay(await reserve('covered', unico.id, 1), 1000);
  await pay(await reserve('short', unico.id, 2), 999);
  const rejected = await pay(await reserve('rejected', unico.id, 3), 1000);
  const review = await t.api('PATCH', `/api/payments/${rejected}`, {
    token: admin,
    body: { status: 'rejected', reason: 'No aparece en el banco' },
  });
  expect(review.status, JSON.stringify(review.body)).toBe(200);
  const stale = await pay(await reserve('stale', unico.id, 4), 1000);
  await t.db.execute(
    sql`update payments set created_at = now() - make_interval(hours => ${REVIEW_HOURS + 1}::int) where id = ${stale}`,
  );
  await reserve('unpaid', unico.id, 5);
  // A made-up payment every two days: the window runs from the first one still pending, so a fresh
  // one does not start it again (the newest used to, and held the number as long as nobody rejected).
  const first = await pay(await reserve('repeated', unico.id, 6), 1000);
  await t.db.execute(
    sql`update payments set created_at = now() - make_interval(hours => ${REVIEW_HOURS + 1}::int) where id = ${first}`,
  );
  await pay(sales.repeated?.id as string, 1000);
  // Reported, rejected, reported again: the window runs from the first report, which is long past,
  // so a made-up report after each rejection does not keep the number for another two days.
  const refused = await pay(await reserve('reportedAgain', unico.id, 7), 1000);
  await t.db.execute(
    sql`update payments set created_at = now() - make_interval(hours => ${REVIEW_HOURS + 1}::int) where id = ${refused}`,
  );
  const refusal = await t.api('PATCH', `/api/payments/${refused}`, {
    token: admin,
    body: { status: 'rejected', reason: 'No aparece en el banco' },
  });
  expect(refusal.status, JSON.stringify(refusal.body)).toBe(200);
  await pay(sales.reportedAgain?.id as string, 1000);
  holding.cuota = await pay(await reserve('cuota', cuotas.id, 1), 250);
  await pay(await reserve('underCuota', cuotas.id, 2), 249);
  // Luis: one number, its payment under review; nothing else to pay.
  holding.luis = await pay(await reserve('luis', unico.id, 9, LUIS), 1000, LUIS);
});
afterAll(() => t?.close());

/** What every view must say of each sale: the hold's end, or null. */
async function expectedHolds() {
  return {
    covered: await expectedHold(holding.covered as string),
    short: null,
    rejected: null,
    stale: null,
    unpaid: null,
    repeated: null,
    reportedAgain: null,
    cuota: await expectedHold(holding.cuota as string),
    underCuota: null,
    luis: await expectedHold(holding.luis as string),
  } as Record<string, string | null>;
}

describe('review_hold_until: until when a payment under review keeps a reservation', () => {
  it('tracking: the payment covering the price or one cuota, within the window; none below it, rejected or stale', async () => {
    const expected = await expectedHolds();
    const mine = await tracked();
    for (const [name, sale] of Object.entries(sales)) {
      if (sale.cedula !== ANA.cedula) continue;
      const ticket = mine.find((x) => x.raffle_id === sale.raffleId && x.number === sale.number);
      expect(ticket?.review_hold_until, name).toBe(expected[name]);
    }
    expect(expected.covered).not.toBeNull();
    // The hold outlasts the 2-hour reservation: that is what the screens must show instead of it.
    const covered = mine.find((x) => x.raffle_id === unico.id && x.number === 1);
    expect(Date.parse(covered?.review_hold_until as string)).toBeGreaterThan(
      Date.parse(covered?.reserved_until as string),
    );
  });

  it('the staff list and a ticket of it say the same', async () => {
    const expected = await expectedHolds();
    const lists = [...(await staffList(unico.id)), ...(await staffList(cuotas.id))];
    for (const [name, sale] of Object.entries(sales)) {
      const row = lists.find((x) => x.id === sale.id);
      expect(row?.review_hold_until, name).toBe(expected[name]);
      const one = await t.api<StaffTicket>('GET', `/api/tickets/${sale.id}`, { token: admin });
      expect(one.body.review_hold_until, name).toBe(expected[name]);
    }
  });

  it("the buyers screen: the first hold's end, and the deadline only of what no review keeps", async () => {
    const expected = await expectedHolds();
    const page = (await t.api<RaffleBuyersPage>('GET', `/api/raffles/${unico.id}/buyers`, { token: admin }))
      .body;
    const ana = page.items.find((b) => b.cedula === ANA.cedula);
    const luis = page.items.find((b) => b.cedula === LUIS.cedula);
    expect(ana?.review_hold_until).toBe(expected.covered);
    const [deadline] = await queryRows<{ until: Date | string }>(
      t.db,
      sql`select min(reserved_until) as until from tickets
          where id = any(${`{${[sales.short, sales.rejected, sales.stale, sales.unpaid, sales.repeated].map((s) => s?.id).join(',')}}`}::uuid[])`,
    );
    expect(ana?.reserved_until).toBe(new Date(deadline?.until as string).toISOString());
    // Every reservation Luis has to pay for is under review: no deadline to remind him of.
    expect(luis).toMatchObject({ review_hold_until: expected.luis, reserved_until: null });
  });

  it('the order page says it per number', async () => {
    const expected = await expectedHolds();
    for (const name of ['covered', 'short', 'unpaid', 'cuota']) {
      const sale = sales[name] as (typeof sales)[string];
      const res = await t.api<OrderView>('GET', `/api/orders/${sale.order}?cedula=${sale.cedula}`);
      expect(res.status).toBe(200);
      expect(res.body.tickets[0]?.review_hold_until, name).toBe(expected[name]);
    }
  });

  it('the sweep keeps exactly the sales the field says are kept, once reserved_until has passed', async () => {
    const before = await expectedHolds();
    await t.db.execute(
      sql`update tickets set reserved_until = now() - interval '1 minute'
          where raffle_id in (${unico.id}, ${cuotas.id}) and ended_at is null`,
    );
    // The field does not depend on reserved_until: a hold outlives it.
    const stillShown = await tracked();
    expect(stillShown.find((x) => x.raffle_id === unico.id && x.number === 1)?.review_hold_until).toBe(
      before.covered,
    );
    await t.app.services.tickets.releaseExpired();
    const boards = {
      [unico.id]: (await t.api<Board>('GET', `/api/raffles/${unico.id}/board`)).body.statuses,
      [cuotas.id]: (await t.api<Board>('GET', `/api/raffles/${cuotas.id}/board`)).body.statuses,
    };
    for (const [name, sale] of Object.entries(sales)) {
      const kept = boards[sale.raffleId]?.[sale.number] === 'a';
      expect(kept, name).toBe(before[name] !== null);
    }
  });
});

// A package cheaper than a cent a number prices some of its numbers 0 (decision 040): they owe
// nothing, so no payment covers them, but they go back on sale with their order. The hold of the
// order's paid-for numbers is theirs too; without it a free number showed no hold while the sweep
// kept it, and the buyers screen reminded its buyer of a deadline the review had lifted.
describe('review_hold_until of a number its package priced 0', () => {
  const MARIA = buyer({ name: 'María Pérez', cedula: 'V-33333333', phone: '0414-5550003' });
  const PEDRO = buyer({ name: 'Pedro Ruiz', cedula: 'V-44444444', phone: '0424-5550004' });
  let packaged: { id: string };
  /** "3 por 2 céntimos": numbers 20 and 21 cost a cent each, 22 costs 0. */
  let covered: { order: string; payment: string };

  async function reservePackage(numbers: number[], who: typeof ANA) {
    const res = await t.api<ReservationResult>('POST', `/api/raffles/${packaged.id}/reservations`, {
      body: { numbers, buyer: who },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.tickets.map((tk) => tk.price_cents)).toEqual([1, 1, 0]);
    return res.body.order.code;
  }

  async function payOrder(code: string, amountCents: number, who: typeof ANA) {
    const res = await t.api<PublicCreatePaymentResult>('POST', '/api/payments', {
      body: { order_code: code, amount_cents: amountCents, cedula: who.cedula, reference: `0099${code}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body.payment as { id: string }).id;
  }

  const holdsOf = async (who: typeof ANA) =>
    Object.fromEntries(
      (await tracked(who))
        .filter((tk) => tk.raffle_id === packaged.id)
        .map((tk) => [tk.number, tk.review_hold_until]),
    );

  beforeAll(async () => {
    packaged = await makeRaffleWithFreeNumbers(t, {
      price_cents: 500,
      total_numbers: 100,
      packages: [{ numbers: 3, price_cents: 2 }],
    });
    // María's payment covers both numbers that cost something; Pedro's only the first of his.
    const code = await reservePackage([20, 21, 22], MARIA);
    covered = { order: code, payment: await payOrder(code, 2, MARIA) };
    await payOrder(await reservePackage([30, 31, 32], PEDRO), 1, PEDRO);
  });

  it('is its order’s hold while a payment under review keeps every number of it that costs something', async () => {
    const hold = await expectedHold(covered.payment);
    expect(await holdsOf(MARIA)).toEqual({ 20: hold, 21: hold, 22: hold });
    const list = await staffList(packaged.id);
    const free = list.find((x) => x.number === 22);
    expect(free?.review_hold_until).toBe(hold);
    const one = await t.api<StaffTicket>('GET', `/api/tickets/${free?.id}`, { token: admin });
    expect(one.body.review_hold_until).toBe(hold);
    const order = await t.api<OrderView>('GET', `/api/orders/${covered.order}?cedula=${MARIA.cedula}`);
    expect(order.body.tickets.map((tk) => tk.review_hold_until)).toEqual([hold, hold, hold]);
    // Everything María has to pay for is under review: no deadline to remind her of.
    const page = (
      await t.api<RaffleBuyersPage>('GET', `/api/raffles/${packaged.id}/buyers`, { token: admin })
    ).body;
    expect(page.items.find((b) => b.cedula === MARIA.cedula)).toMatchObject({
      review_hold_until: hold,
      reserved_until: null,
    });
  });

  it('is null while a number of its order that costs something is not held: it goes with that one', async () => {
    const pedro = await holdsOf(PEDRO);
    expect(pedro[30]).not.toBeNull();
    expect([pedro[31], pedro[32]]).toEqual([null, null]);
  });

  it('the sweep keeps exactly the numbers the field says are kept', async () => {
    const before = { ...(await holdsOf(MARIA)), ...(await holdsOf(PEDRO)) };
    await t.db.execute(
      sql`update tickets set reserved_until = now() - interval '1 minute'
          where raffle_id = ${packaged.id} and ended_at is null`,
    );
    await t.app.services.tickets.releaseExpired();
    const board = (await t.api<Board>('GET', `/api/raffles/${packaged.id}/board`)).body.statuses;
    for (const number of [20, 21, 22, 31, 32]) {
      expect(board[number] !== 'd', String(number)).toBe(before[number] !== null);
    }
    // Pedro's held number stays, alone now (package-reprice.ts).
    expect(board[30]).not.toBe('d');
  });
});
