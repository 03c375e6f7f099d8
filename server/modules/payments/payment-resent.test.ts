import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import { type PublicCreatePaymentResult, paymentMessages } from '../../../domain/payments';
import type { ReservationResult } from '../../../domain/reservations';
import { queryRows } from '../../db/client';
import { buyer, makeRaffle } from '../../test/factories';
import { paymentCalls } from '../../test/payment-calls';
import { createTestApp, type TestApp } from '../../test/test-app';

// A buyer's report sent again (decision 057) and a reference that is no reference.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const { sale, pay, nextNumber } = paymentCalls(() => t);

// Decision 057: a buyer's report whose answer was lost on the way is sent again; it is the same
// payment, not a duplicate of itself.
describe('the same report sent again by its buyer', () => {
  const paymentsOf = (ticketId: string) =>
    queryRows<{ id: string; status: string }>(
      t.db,
      sql`select id, status from payments where ticket_id = ${ticketId} order by created_at`,
    );

  it('answers the payment it made, once, for a ticket and for an order', async () => {
    const raffle = (await makeRaffle(t, { price_cents: 1000 })).id;
    const ticket = await sale(raffle, 'V-5550001');
    const first = await pay(ticket.id, 'V-5550001', 'REF-4455660');
    expect(first.status).toBe(201);
    const again = await pay(ticket.id, 'V-5550001', 'ref 4455660');
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await paymentsOf(ticket.id)).toHaveLength(1);

    const order = await t.api<ReservationResult>('POST', `/api/raffles/${raffle}/reservations`, {
      body: { numbers: [95, 96], buyer: buyer({ cedula: 'V-5550002' }) },
    });
    const payOrder = () =>
      t.api<PublicCreatePaymentResult>('POST', '/api/payments', {
        body: {
          order_code: order.body.order.code,
          cedula: 'V-5550002',
          amount_cents: 2000,
          payment_method: 'transfer',
          reference: '77889900',
        },
      });
    const byOrder = await payOrder();
    expect(byOrder.status).toBe(201);
    const byOrderAgain = await payOrder();
    expect(byOrderAgain.status).toBe(201);
    expect(byOrderAgain.body.payment.id).toBe(byOrder.body.payment.id);
    const count = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from payments where order_id = ${order.body.order.id}`,
    );
    expect(count).toEqual([{ n: 1 }]);
  });

  it('is still a duplicate with another amount, once decided, or from staff', async () => {
    const raffle = (await makeRaffle(t, { price_cents: 1000 })).id;
    const ticket = await sale(raffle, 'V-5550003');
    expect((await pay(ticket.id, 'V-5550003', 'REF-5566771')).status).toBe(201);
    const otherAmount = await t.api<ApiError>('POST', '/api/payments', {
      body: { ticket_id: ticket.id, amount_cents: 200, cedula: 'V-5550003', reference: 'REF-5566771' },
    });
    expect(otherAmount.status).toBe(409);
    expect(otherAmount.body.error.code).toBe('DUPLICATE_REFERENCE');
    const staff = await t.api<ApiError>('POST', '/api/payments', {
      token: admin,
      body: { ticket_id: ticket.id, amount_cents: 100, reference: 'REF-5566771' },
    });
    expect(staff.status).toBe(409);
    const [payment] = await paymentsOf(ticket.id);
    const approved = await t.api('PATCH', `/api/payments/${payment?.id}`, {
      token: admin,
      body: { status: 'approved' },
    });
    expect(approved.status).toBe(200);
    const afterApproval = await pay<ApiError>(ticket.id, 'V-5550003', 'REF-5566771');
    expect(afterApproval.status).toBe(409);
    expect(await paymentsOf(ticket.id)).toHaveLength(1);
  });
});

// Decision 057: cash, Zelle or Binance carry no reference to recognize a resend by; the report's own
// key (`request_id`) does.
describe('a report sent again with its key', () => {
  const cash = (ticketId: string, cedula: string, requestId?: string) =>
    t.api<PublicCreatePaymentResult & ApiError>('POST', '/api/payments', {
      body: {
        ticket_id: ticketId,
        amount_cents: 100,
        cedula,
        payment_method: 'efectivo',
        ...(requestId && { request_id: requestId }),
      },
    });
  const countFor = async (ticketId: string) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from payments where ticket_id = ${ticketId}`,
      )
    )[0]?.n;

  it('answers the payment it made, once, even sent twice at the same moment or after a decision', async () => {
    const raffle = (await makeRaffle(t, { price_cents: 1000 })).id;
    const ticket = await sale(raffle, 'V-5560001');
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([cash(ticket.id, 'V-5560001', key), cash(ticket.id, 'V-5560001', key)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.payment.id).toBe(b.body.payment.id);
    expect(await countFor(ticket.id)).toBe(1);
    const approved = await t.api('PATCH', `/api/payments/${a.body.payment.id}`, {
      token: admin,
      body: { status: 'approved' },
    });
    expect(approved.status).toBe(200);
    const later = await cash(ticket.id, 'V-5560001', key);
    expect(later.status).toBe(201);
    expect(later.body.payment).toMatchObject({ id: a.body.payment.id, status: 'approved' });
    expect(await countFor(ticket.id)).toBe(1);
  });

  it('is someone else’s for another buyer (409), and without a key two reports are two payments', async () => {
    const raffle = (await makeRaffle(t, { price_cents: 1000 })).id;
    const mine = await sale(raffle, 'V-5560002');
    const theirs = await sale(raffle, 'V-5560003');
    const key = crypto.randomUUID();
    expect((await cash(mine.id, 'V-5560002', key)).status).toBe(201);
    const stolen = await cash(theirs.id, 'V-5560003', key);
    expect(stolen.status).toBe(409);
    expect(stolen.body.error).toMatchObject({
      code: 'REQUEST_ID_USED',
      message: paymentMessages.requestIdUsed,
    });
    expect(await countFor(theirs.id)).toBe(0);
    expect((await cash(theirs.id, 'V-5560003')).status).toBe(201);
    expect((await cash(theirs.id, 'V-5560003')).status).toBe(201);
    expect(await countFor(theirs.id)).toBe(2);
  });
});

// An adversarial review (2026-11-30): a reference of invisible characters or separators only passed
// as "the reference" an order payment by transfer requires, and, with no key, no duplicate check saw it.
describe('a reference with nothing to compare is no reference', () => {
  it('an order paid by transfer or pago móvil with one is 422, as with none', async () => {
    const raffle = (await makeRaffle(t, { price_cents: 1000 })).id;
    const order = await t.api<ReservationResult>('POST', `/api/raffles/${raffle}/reservations`, {
      body: { numbers: [nextNumber()], buyer: buyer({ cedula: 'V-5570001' }) },
    });
    expect(order.status).toBe(201);
    for (const reference of ['\u200b\u2060', '\u00a0-- / ..']) {
      const res = await t.api<ApiError>('POST', '/api/payments', {
        body: { order_code: order.body.order.code, cedula: 'V-5570001', amount_cents: 100, reference },
      });
      expect(res.status, JSON.stringify(reference)).toBe(422);
      expect(res.body.error.fields).toEqual([
        { path: 'reference', message: paymentMessages.referenceRequired },
      ]);
    }
    const real = await t.api('POST', '/api/payments', {
      body: {
        order_code: order.body.order.code,
        cedula: 'V-5570001',
        amount_cents: 100,
        reference: 'REF 0042',
      },
    });
    expect(real.status).toBe(201);
  });
});
