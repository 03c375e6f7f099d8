import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import { messages } from '../../../domain/messages';
import type { OrderView } from '../../../domain/orders';
import type { ReservationResult } from '../../../domain/reservations';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Audit of 2026-12-06: an order code travels in shared links and screenshots, and the order's page
// (numbers, payments, verification codes) opened for the code with the right cédula. Only the
// per-address limit stood in the way of trying cédulas from many addresses. Now each code has a
// few wrong cédulas per hour (ORDER_MISSES_PER_CODE), whatever the address (decision 083).
const MISSES = 4;
let t: TestApp;
let admin: string;
let raffle: { id: string };
beforeAll(async () => {
  t = await createTestApp({
    config: {
      trustProxy: true,
      rateLimits: { reservations: 1000, orderMissesPerCode: MISSES },
    },
  });
  admin = await t.signInAdmin();
  raffle = await makeRaffle(t, { price_cents: 1000, total_numbers: 100 });
});
afterAll(() => t?.close());

/** An order of `numbers` for the buyer with this cédula: its code. */
async function order(cedula: string, numbers: number[]) {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
    body: { numbers, buyer: buyer({ cedula }) },
  });
  expect(res.status).toBe(201);
  return res.body.order.code;
}

let nextAddress = 1;
/** Each request from an address of its own, as a script behind many proxies sends them. */
const fromAnywhere = () => ({
  'x-forwarded-for': `10.91.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`,
});
const view = <T = OrderView>(code: string, cedula: string) =>
  t.api<T>('GET', `/api/orders/${code}?cedula=${cedula}`, { headers: fromAnywhere() });
const pay = (code: string, cedula: string, reference: string, token?: string) =>
  t.api<ApiError>('POST', '/api/payments', {
    token,
    headers: fromAnywhere(),
    body: {
      order_code: code,
      cedula,
      amount_cents: 500,
      payment_method: 'zelle',
      reference,
    },
  });
const wrongCedulas = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `V-${30_000_000 + from + i}`);

describe('guessing the cédula of a known order code', () => {
  it('stops after a few wrong cédulas from any address; the right one then gets the same 429', async () => {
    const code = await order('V-20222111', [1, 2]);
    const statuses: number[] = [];
    for (const cedula of wrongCedulas(0, MISSES + 2)) statuses.push((await view(code, cedula)).status);
    expect(statuses).toEqual([...Array(MISSES).fill(404), 429, 429]);
    // Written as a buyer types it (dash, lower case): the same code, the same count.
    const right = await view<ApiError>(`${code.slice(0, 3)}-${code.slice(3)}`.toLowerCase(), 'V-20222111');
    expect(right.status).toBe(429);
    expect(right.body.error).toEqual({ code: 'ORDER_LIMIT', message: messages.http.orderMisses });
    expect(right.headers.get('retry-after')).toBe('3600');
    // Paying it by its code is refused too, even with the right cédula.
    const paid = await pay(code, 'V-20222111', 'ZL-0001');
    expect(paid.status).toBe(429);
    expect(paid.body.error.code).toBe('ORDER_LIMIT');
  });

  it("another code is not held back, and the buyer's own look-ups count nothing", async () => {
    const code = await order('V-20222333', [3]);
    for (let i = 0; i < MISSES + 3; i++) {
      const own = await view(code, 'V-20222333');
      expect(own.status).toBe(200);
      expect(own.body.code).toBe(code);
    }
    // A refusal that is not about the cédula (nothing owed) is not a miss either.
    expect((await pay(code, 'V-20222333', 'ZL-0002')).status).toBe(201);
    expect((await view(code, 'V-20222333')).status).toBe(200);
  });

  it('counts wrong cédulas on the payment form as on the page, and guesses sent at once before they run', async () => {
    const code = await order('V-20222444', [4]);
    const payments = await Promise.all(
      wrongCedulas(100, MISSES + 6).map((cedula, i) => pay(code, cedula, `ZL-1${i}`)),
    );
    expect(payments.filter((p) => p.status === 404)).toHaveLength(MISSES);
    expect(payments.filter((p) => p.status === 429)).toHaveLength(6);
    expect(payments.find((p) => p.status === 404)?.body.error.code).toBe('ORDER_NOT_FOUND');
    expect((await view(code, 'V-20222444')).status).toBe(429);
  });

  it('a staff member paying an order is not counted', async () => {
    const code = await order('V-20222555', [5, 6]);
    for (const cedula of wrongCedulas(200, MISSES + 1))
      expect((await pay(code, cedula, `ZL-2${cedula}`, admin)).status).toBe(404);
    expect((await view(code, 'V-20222555')).status).toBe(200);
  });
});
