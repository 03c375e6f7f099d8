// PostgreSQL only (vitest.config.ts runs *.pg.test.ts when TEST_DATABASE_URL is set): PGlite has one
// session, so two requests never run at the same time there. An order's money under requests sent
// at once, over real HTTP (an adversarial review, 2026-11-30): two approvals of one order, an
// approval and a release or the expiry sweep, two bulk releases of one order, two buyers reporting
// one reference. None may deadlock (each would be undone and run again, a second later).
import { sql } from 'drizzle-orm';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { ReservationResult } from '../../../domain/reservations';
import { queryRows } from '../../db/client';
import { hasSqlState } from '../../lib/errors';
import { buyer, makeRaffle, makeRaffleWithFreeNumbers, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let otherAdmin: string;
beforeAll(async () => {
  t = await createTestApp({ config: { paymentReviewHours: 48 } });
  admin = await t.signInAdmin();
  otherAdmin = (await makeUser(t, { role: 'admin' })).token;
});
afterAll(() => t?.close());

// A deadlock is undone and run again (ticket-changes.ts), so the answers alone would not show one,
// though each costs the request a second: the retry's warning does. No race here may deadlock.
const DEADLOCK_RETRIED = 'Deadlock: the change was undone and runs again';
let warnings: MockInstance<(obj: object, msg: string) => void>;
beforeEach(() => {
  warnings = vi.spyOn(t.app.log as { warn: (obj: object, msg: string) => void }, 'warn');
});
afterEach(() => {
  expect(warnings.mock.calls.map(([, message]) => message)).not.toContain(DEADLOCK_RETRIED);
  warnings.mockRestore();
});

const ROUNDS = Number(process.env.ORDER_PAYMENT_ROUNDS ?? 3);

let cedulas = 0;
let references = 0;
async function reserve(raffleId: string, numbers: number[]) {
  cedulas += 1;
  const cedula = `V-${31000000 + cedulas}`;
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers, buyer: buyer({ cedula }) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const ids = Object.fromEntries(res.body.tickets.map((tk) => [tk.number, tk.id])) as Record<number, string>;
  return { cedula, code: res.body.order.code, ids };
}
/** A $10 raffle that sells "5 por $20": $4 a number while its whole package is held. */
const fiveForTwentyRaffle = async () =>
  (await makeRaffle(t, { price_cents: 1000, packages: [{ numbers: 5, price_cents: 2000 }] })).id;
/** A round's package order: numbers base to base + 4. */
const packageFrom = (raffleId: string, base: number) =>
  reserve(
    raffleId,
    [0, 1, 2, 3, 4].map((i) => base + i),
  );
const report = (body: Record<string, unknown>) =>
  t.api<{ payment: { id: string } } & ApiError>('POST', '/api/payments', {
    body: { payment_method: 'transfer', reference: `REF-${70000000 + ++references}`, ...body },
  });
async function reported(body: Record<string, unknown>) {
  const res = await report(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.payment.id;
}
/** The buyer reports the package share ($4) of the order's first number. */
const firstNumberPaid = (order: { cedula: string; ids: Record<number, string> }, base: number) =>
  reported({ ticket_id: order.ids[base], cedula: order.cedula, amount_cents: 400 });
const approve = (id: string, token = admin) =>
  t.api<ApiError>('PATCH', `/api/payments/${id}`, { token, body: { status: 'approved' } });

/** Each live sale of the order: number, status, price, paid. */
const orderSales = (code: string) =>
  queryRows<{ number: number; status: string; price_cents: number; total_paid_cents: number }>(
    t.db,
    sql`select t.number, t.status, t.price_cents, t.total_paid_cents from tickets t
         join orders o on o.id = t.order_id
        where o.code = ${code} and t.ended_at is null order by t.number`,
  ).then((rows) =>
    rows.map((r) => [Number(r.number), r.status, Number(r.price_cents), Number(r.total_paid_cents)]),
  );

/** The expiry sweep until nothing is left; a round that met a payment in flight (NOWAIT) is tried again. */
async function sweepAll() {
  for (let i = 0; i < 50; i++) {
    try {
      if ((await t.app.services.tickets.releaseExpired(500)) < 500) return;
    } catch (error) {
      if (!hasSqlState(error, '55P03')) throw error;
    }
  }
}

describe('two approvals of payments of one order at once', () => {
  it('two reports of the whole order: one is approved, the other 409, never paid twice', async () => {
    const raffleId = await fiveForTwentyRaffle();
    for (let round = 0; round < ROUNDS; round++) {
      const base = round * 10;
      const order = await packageFrom(raffleId, base);
      const pay = { order_code: order.code, cedula: order.cedula, amount_cents: 2000 };
      const [a, b] = [await reported(pay), await reported(pay)];
      const answers = await Promise.all([approve(a), approve(b, otherAdmin)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)?.body.error.code).toBe('PAYMENT_EXCEEDS_REMAINING');
      expect(await orderSales(order.code)).toEqual(
        [0, 1, 2, 3, 4].map((i) => [base + i, 'pagado', 400, 400]),
      );
    }
  });

  it('each pays the last number that costs something: the number priced 0 is paid with its order', async () => {
    // "3 por 2 céntimos" of a $5,00 raffle: the first two numbers cost a cent, the third 0.
    const raffleId = (
      await makeRaffleWithFreeNumbers(t, { price_cents: 500, packages: [{ numbers: 3, price_cents: 2 }] })
    ).id;
    for (let round = 0; round < ROUNDS; round++) {
      const base = round * 10;
      const order = await reserve(raffleId, [base, base + 1, base + 2]);
      const a = await reported({ ticket_id: order.ids[base], cedula: order.cedula, amount_cents: 1 });
      const b = await reported({ ticket_id: order.ids[base + 1], cedula: order.cedula, amount_cents: 1 });
      const answers = await Promise.all([approve(a), approve(b, otherAdmin)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect(await orderSales(order.code)).toEqual([
        [base, 'pagado', 1, 1],
        [base + 1, 'pagado', 1, 1],
        [base + 2, 'pagado', 0, 0],
      ]);
    }
  });
});

describe('an approval racing what ends part of the order', () => {
  it('a release by staff: never a server error, and the number kept owes the price of what is kept', async () => {
    const raffleId = await fiveForTwentyRaffle();
    for (let round = 0; round < ROUNDS; round++) {
      const base = round * 10;
      const order = await packageFrom(raffleId, base);
      const paid = await firstNumberPaid(order, base);
      const releases = [1, 2, 3, 4].map((i) =>
        t.api('PATCH', `/api/tickets/${order.ids[base + i]}`, {
          token: otherAdmin,
          body: { status: 'disponible' },
        }),
      );
      const answers = await Promise.all([approve(paid), ...releases]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(await orderSales(order.code)).toEqual([[base, 'abonado', 1000, 400]]);
    }
  });

  it('a release, when the order has a number priced 0: never a deadlock, and what is kept is priced again', async () => {
    // "3 por 2 céntimos" of a $5,00 raffle: base and base + 1 cost a cent, base + 2 nothing.
    const { id: raffleId } = await makeRaffleWithFreeNumbers(t, {
      price_cents: 500,
      packages: [{ numbers: 3, price_cents: 2 }],
    });
    for (let round = 0; round < ROUNDS * 2; round++) {
      const base = round * 10;
      const order = await reserve(raffleId, [base, base + 1, base + 2]);
      const paid = await reported({ ticket_id: order.ids[base], cedula: order.cedula, amount_cents: 1 });
      const answers = await Promise.all([
        approve(paid),
        t.api('PATCH', `/api/tickets/${order.ids[base + 1]}`, {
          token: otherAdmin,
          body: { status: 'disponible' },
        }),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      // Two numbers kept of "3 por 2 céntimos" cost $5,00 each: the paid cent is a part payment.
      expect(await orderSales(order.code)).toEqual([
        [base, 'abonado', 500, 1],
        [base + 2, 'apartado', 500, 0],
      ]);
    }
  });

  it('the expiry sweep: the number paid at the package share ends part-paid at the single price', async () => {
    const raffleId = await fiveForTwentyRaffle();
    for (let round = 0; round < ROUNDS; round++) {
      const base = round * 10;
      const order = await packageFrom(raffleId, base);
      const paid = await firstNumberPaid(order, base);
      // Its hold ran out, and so did the review window of its payment: the sweep may end it too.
      await t.db.execute(
        sql`update tickets t set reserved_until = now() - interval '1 minute'
              from orders o where o.id = t.order_id and o.code = ${order.code}`,
      );
      await t.db.execute(sql`update payments set created_at = now() - interval '3 days' where id = ${paid}`);
      const [approved] = await Promise.all([approve(paid), sweepAll()]);
      await sweepAll();
      // Approved first: kept and priced again at $10; swept first: released, and the approval is 409.
      if (approved.status === 200)
        expect(await orderSales(order.code)).toEqual([[base, 'abonado', 1000, 400]]);
      else {
        expect(approved.status, JSON.stringify(approved.body)).toBe(409);
        expect(approved.body.error.code).toBe('TICKET_CHANGED');
        expect(await orderSales(order.code)).toEqual([]);
      }
    }
  });
});

describe('two bulk releases of numbers of one package order at once', () => {
  it('both release theirs, never a server error, and the number kept owes the single price', async () => {
    const raffleId = await fiveForTwentyRaffle();
    const release = (numbers: number[], token: string) =>
      t.api<{ released: number } & ApiError>('POST', `/api/raffles/${raffleId}/tickets/release`, {
        token,
        body: { numbers },
      });
    for (let round = 0; round < Math.min(ROUNDS * 2, 10); round++) {
      const base = round * 10;
      const order = await packageFrom(raffleId, base);
      const answers = await Promise.all([
        release([base + 1, base + 3], admin),
        release([base + 4, base + 2], otherAdmin),
      ]);

      expect(answers.map((r) => [r.status, r.body.released])).toEqual([
        [200, 2],
        [200, 2],
      ]);
      expect(await orderSales(order.code)).toEqual([[base, 'apartado', 1000, 0]]);
    }
  });
});

describe('two buyers reporting one bank reference at once', () => {
  it('written two ways: one is taken, the other 409 DUPLICATE_REFERENCE, never a server error', async () => {
    const raffleId = (await makeRaffle(t, { price_cents: 1000 })).id;
    for (let round = 0; round < ROUNDS; round++) {
      const base = round * 10;
      const [one, two] = [await reserve(raffleId, [base]), await reserve(raffleId, [base + 1])];
      const ref = 88000000 + round;
      const answers = await Promise.all([
        report({ order_code: one.code, cedula: one.cedula, amount_cents: 1000, reference: `REF-${ref}` }),
        report({ order_code: two.code, cedula: two.cedula, amount_cents: 1000, reference: ` ref ${ref} ` }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(answers.find((r) => r.status === 409)?.body.error.code).toBe('DUPLICATE_REFERENCE');
    }
  });
});
