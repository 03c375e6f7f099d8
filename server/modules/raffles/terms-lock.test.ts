import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import { type Raffle, termsLockedMessage } from '../../../domain/raffles';
import type { ReservationResult } from '../../../domain/reservations';
import { buyer, makeRaffle, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue 18: what a number was sold under never changes once any number was ever taken.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const patch = <T = Raffle>(id: string, body: object, token = admin) =>
  t.api<T>('PATCH', `/api/raffles/${id}`, { token, body });
const get = async (id: string) => (await t.api<Raffle>('GET', `/api/raffles/${id}`, { token: admin })).body;

async function reserve(raffleId: string, number: number) {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers: [number], buyer: buyer() },
  });
  if (res.status !== 201) throw new Error(`reserve failed: ${res.status}`);
  return res.body.tickets[0];
}

describe('PATCH /api/raffles/:id once a number was taken', () => {
  it('refuses a new payment type, installments, digit count or size with 409 TERMS_LOCKED naming them', async () => {
    const raffle = await makeRaffle(t, { payment_type: 'cuotas', installments: 4 });
    await reserve(raffle.id, 7);
    const cases: [object, Parameters<typeof termsLockedMessage>[0]][] = [
      [{ payment_type: 'pago_unico' }, ['payment_type', 'installments']],
      [{ installments: 6 }, ['installments']],
      [{ digit_count: 3 }, ['digit_count']],
      [{ total_numbers: 90 }, ['total_numbers']],
      [{ total_numbers: 1000, digit_count: 3 }, ['digit_count', 'total_numbers']],
    ];
    for (const [body, terms] of cases) {
      const res = await patch<ApiError>(raffle.id, body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'TERMS_LOCKED', message: termsLockedMessage(terms) });
    }
    expect(termsLockedMessage(['payment_type', 'installments'])).toBe(
      'Ya se apartaron o vendieron números de esta rifa: no se puede cambiar la forma de pago y la cantidad de cuotas.',
    );
    expect(await get(raffle.id)).toMatchObject({
      payment_type: 'cuotas',
      installments: 4,
      digit_count: 2,
      total_numbers: 100,
      terms_locked: true,
      has_sales: true,
    });
  });

  it('still locks them after the sale ended (the number was released)', async () => {
    const raffle = await makeRaffle(t);
    const ticket = await reserve(raffle.id, 3);
    const released = await t.api('PATCH', `/api/tickets/${ticket.id}`, {
      token: admin,
      body: { status: 'disponible' },
    });
    expect(released.status).toBe(200);
    expect((await get(raffle.id)).stats.disponible).toBe(100);
    const res = await patch<ApiError>(raffle.id, { total_numbers: 200, digit_count: 3 });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('TERMS_LOCKED');
    expect(await get(raffle.id)).toMatchObject({ total_numbers: 100, terms_locked: true });
  });

  it('takes the same terms sent back unchanged, and every other field', async () => {
    const raffle = await makeRaffle(t, { payment_type: 'pago_unico', installments: null });
    await reserve(raffle.id, 1);
    const res = await patch(raffle.id, {
      name: 'Moto Bera 2026 (nueva foto)',
      price_cents: 800,
      payment_type: 'pago_unico',
      installments: 1, // a single payment: null or 1 are the same terms
      digit_count: 2,
      total_numbers: 100,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Moto Bera 2026 (nueva foto)', price_cents: 800 });
  });

  it('leaves the terms free while nothing was ever taken (terms_locked false)', async () => {
    const seller = await makeUser(t, { role: 'vendedor' });
    const raffle = await makeRaffle(t, {}, seller.token);
    expect(raffle).toMatchObject({ terms_locked: false, has_sales: false });
    const res = await patch(
      raffle.id,
      { payment_type: 'cuotas', installments: 3, total_numbers: 500, digit_count: 3 },
      seller.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ payment_type: 'cuotas', installments: 3, total_numbers: 500 });
    // The public never sees the staff flags.
    const publicView = await t.api<Record<string, unknown>>('GET', `/api/raffles/${raffle.id}`);
    expect(publicView.body).not.toHaveProperty('terms_locked');
    expect(publicView.body).not.toHaveProperty('has_sales');
  });

  it('a closed raffle keeps answering RAFFLE_CLOSED for its terms, and says they are locked', async () => {
    const raffle = await makeRaffle(t);
    const closed = await t.api<Raffle>('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    expect(closed.body).toMatchObject({ terms_locked: true, has_sales: false });
    const res = await patch<ApiError>(raffle.id, { total_numbers: 50 });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('RAFFLE_CLOSED');
  });
});
