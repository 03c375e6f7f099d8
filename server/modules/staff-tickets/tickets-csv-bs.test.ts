import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCreatePaymentResult } from '../../../domain/payments';
import type { ReservationResult } from '../../../domain/reservations';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// The Bs a sale has paid, in the CSV: what the business reconciles with its bank statement. On
// PGlite, and on PostgreSQL with TEST_DATABASE_URL.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  const rate = await t.api('PUT', '/api/exchange-rates/VES', { token: admin, body: { rate_to_usd: 36.5 } });
  expect(rate.status).toBe(200);
});
afterAll(() => t?.close());

async function reserve(raffleId: string, numbers: number[], cedula: string) {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers, buyer: buyer({ cedula }) },
  });
  expect(res.status).toBe(201);
  return { ids: res.body.tickets.map((ticket) => ticket.id as string), code: res.body.order.code };
}

/** The buyer reports a payment of a whole order in Bs, as the payment form sends it; an admin approves it. */
async function paysInBs(orderCode: string, cedula: string, vesCents: number, reference: string) {
  const paid = await t.api<PublicCreatePaymentResult>('POST', '/api/payments', {
    body: { order_code: orderCode, amount_ves_cents: vesCents, cedula, reference },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  const approved = await t.api('PATCH', `/api/payments/${paid.body.payment.id}`, {
    token: admin,
    body: { status: 'approved' },
  });
  expect(approved.status).toBe(200);
}

/** The «Pagado (Bs)» cell of each number's line, by number. */
async function paidBsByNumber(raffleId: string) {
  const res = await fetch(`${t.baseUrl}/api/raffles/${raffleId}/tickets.csv?status=abonado,pagado`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.status).toBe(200);
  const [header, ...lines] = (await res.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const column = header?.split(';').indexOf('Pagado (Bs)') ?? -1;
  expect(column).toBeGreaterThan(0);
  return Object.fromEntries(lines.map((line) => [line.split(';')[0], line.split(';')[column]]));
}

describe('«Pagado (Bs)» in the CSV', () => {
  it('is what the buyer typed in Bs, not their dollars at the rate again', async () => {
    // $50 a number. Bs 1.000,00 at 36,5 is $27,397…, stored as $27,40, which at 36,5 is Bs 1.000,10:
    // ten céntimos the bank statement never showed.
    const raffle = await makeRaffle(t, { price_cents: 5000 });
    const single = await reserve(raffle.id, [1], 'V-41000001');
    await paysInBs(single.code, 'V-41000001', 100_000, '41000001');
    // Bs 3.650,00 for an order of two numbers ($100): half of what was typed on each.
    const pair = await reserve(raffle.id, [2, 3], 'V-41000002');
    await paysInBs(pair.code, 'V-41000002', 365_000, '41000002');
    // Money recorded by hand in dollars: at its own rate, as before.
    const [cash] = (await reserve(raffle.id, [4], 'V-41000003')).ids;
    const recorded = await t.api('POST', `/api/tickets/${cash}/payments`, {
      token: admin,
      body: { amount_cents: 1001, payment_method: 'efectivo' },
    });
    expect(recorded.status).toBe(201);

    expect(await paidBsByNumber(raffle.id)).toEqual({
      '01': '1000,00',
      '02': '1825,00',
      '03': '1825,00',
      '04': '365,37', // $10,01 × 36,5 = Bs 365,365, half away from zero
    });
  });
});
