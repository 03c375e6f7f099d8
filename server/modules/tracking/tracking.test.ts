import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { ReservationResult } from '../../../domain/reservations';
import { maskBuyerName, type TrackedTicket, type TrackingResult } from '../../../domain/tracking';
import { tickets } from '../../db/schema';
import { buyer, closingDatePassed, makeRaffle, reserveNumbers } from '../../test/factories';
import type { OpenApiView } from '../../test/openapi-view';
import { type ApiResponse, createTestApp, type TestApp } from '../../test/test-app';
import { TRACKING_ANSWER_FLOOR_MS } from './tracking.routes';

const MARIA = buyer({
  name: 'María José Pérez',
  phone: '0414-1234567',
  cedula: 'V-12345678',
  address: 'Urb. Las Acacias, calle 4, San Cristóbal',
  email: 'maria.jose@example.com',
});

let t: TestApp;
let firstRaffle: { id: string; name: string };
let secondRaffle: { id: string; name: string };
/** María's ticket ids by raffle name initial and number, e.g. m7 = number 7 of the Moto raffle. */
const maria: Record<string, string> = {};
const mariaTicketIds = () => Object.values(maria);

async function reserve(raffleId: string, numbers: number[], who: Record<string, unknown>) {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers, buyer: who },
  });
  if (res.status !== 201) throw new Error(`reservation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.tickets as { id: string; number: number }[];
}

const track = <T = TrackingResult>(body: unknown, app: TestApp = t) =>
  app.api<T>('POST', '/api/tracking', { body });

beforeAll(async () => {
  t = await createTestApp();
  firstRaffle = await makeRaffle(t, { name: 'Moto Bera 2026', price_cents: 1000, total_numbers: 100 });
  secondRaffle = await makeRaffle(t, {
    name: 'Nevera Mabe',
    price_cents: 2000,
    total_numbers: 1000,
    digit_count: 3,
  });
  for (const ticket of await reserve(firstRaffle.id, [42, 7], MARIA)) maria[`m${ticket.number}`] = ticket.id;
  for (const ticket of await reserve(secondRaffle.id, [5], MARIA)) maria[`n${ticket.number}`] = ticket.id;
  // Same cedula with another phone, and the same last four digits with another cedula.
  await reserve(
    firstRaffle.id,
    [8],
    buyer({ name: 'Otra Persona', phone: '0412-9998888', cedula: 'V-12345678' }),
  );
  await reserve(
    firstRaffle.id,
    [9],
    buyer({ name: 'Pedro Gómez', phone: '0424-7654567', cedula: 'E-87654321' }),
  );
  // A payment reported by María on her number 7 of the first raffle.
  const seven = await t.api('POST', '/api/payments', {
    body: { ticket_id: maria.m7, amount_cents: 400, cedula: 'V-12345678', reference: 'PM-001' },
  });
  expect(seven.status).toBe(201);
});
afterAll(() => t?.close());

describe('POST /api/tracking', () => {
  it('finds every ticket of the buyer, any raffle, newest raffle first then by number', async () => {
    const res = await track({ cedula: 'v 12.345.678', phone_last4: '4567' });
    expect(res.status).toBe(200);
    expect(res.body.tickets.map((x: TrackedTicket) => [x.raffle_name, x.ticket_number])).toEqual([
      ['Nevera Mabe', '005'],
      ['Moto Bera 2026', '07'],
      ['Moto Bera 2026', '42'],
    ]);
    const seven = res.body.tickets[1];
    expect(Object.keys(seven).sort()).toEqual([
      'amount_due_cents',
      'buyer_name_masked',
      'has_pending_payment',
      'installments',
      'instant_win_prize',
      'number',
      'order_code',
      'payment_type',
      'payments',
      'price_cents',
      'purchased_at',
      'raffle_id',
      'raffle_name',
      'receipt',
      'remaining_cents',
      'reserved_until',
      'review_hold_until',
      'sales_closed',
      'status',
      'ticket_number',
      'total_paid_cents',
      'verification_code',
    ]);
    expect(seven).toMatchObject({
      raffle_id: firstRaffle.id,
      number: 7,
      status: 'apartado',
      total_paid_cents: 0,
      remaining_cents: 1000,
      buyer_name_masked: 'm*** j*** p***',
    });
    expect(seven.payments).toEqual([
      { status: 'pending', amount_cents: 400, payment_date: expect.any(String), rejection_reason: null },
    ]);
    // A payment under review below the price does not keep the number past reserved_until.
    expect(seven).toMatchObject({
      amount_due_cents: 1000,
      has_pending_payment: true,
      payment_type: 'pago_unico',
      review_hold_until: null,
    });
    expect(Number.isNaN(Date.parse(seven.purchased_at as string))).toBe(false);
    expect(Number.isNaN(Date.parse(seven.reserved_until as string))).toBe(false);
    expect(res.body.tickets[0].payments).toEqual([]);
  });

  it('never returns ids or contact data of the buyer', async () => {
    const res = await track({ cedula: 'V-12345678', phone_last4: '4567' });
    const text = JSON.stringify(res.body);
    for (const secret of [
      '0414',
      '1234567',
      '12345678',
      'Acacias',
      'maria.jose@example.com',
      'maría',
      'pérez',
      ...mariaTicketIds(),
    ]) {
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('needs both halves: a wrong cedula or wrong digits give an empty list', async () => {
    for (const body of [
      { cedula: 'V-12345678', phone_last4: '4568' },
      { cedula: 'V-12345679', phone_last4: '4567' },
      { cedula: 'E-12345678', phone_last4: '4567' },
    ]) {
      const res = await track(body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ tickets: [] });
    }
    // The same cedula with another phone sees only that phone's ticket.
    const other = await track({ cedula: 'V-12345678', phone_last4: '8888' });
    expect(other.body.tickets.map((x: TrackedTicket) => x.number)).toEqual([8]);
    expect(other.body.tickets[0].buyer_name_masked).toBe('o*** p***');
  });

  it('shows paid status and leaves out numbers that went back on sale', async () => {
    // Paid through the ledger: staff mark it pagado, which records the payment.
    const paid = await t.api('PATCH', `/api/tickets/${maria.n5}`, {
      token: await t.signInAdmin(),
      body: { status: 'pagado' },
    });
    expect(paid.status).toBe(200);
    // The sale ended (its row keeps the buyer for history): not the buyer's anymore.
    await t.db
      .update(tickets)
      .set({ status: 'disponible', endedAt: new Date() })
      .where(eq(tickets.id, maria.m42 as string));
    const res = await track({ cedula: 'V-12345678', phone_last4: '4567' });
    expect(res.body.tickets.map((x: TrackedTicket) => [x.number, x.status, x.remaining_cents])).toEqual([
      [5, 'pagado', 0],
      [7, 'apartado', 1000],
    ]);
  });

  it('says when a raffle’s sales closed: from its closing date, before the job closes it', async () => {
    const raffle = await makeRaffle(t, {
      total_numbers: 100,
      closing_date: new Date(Date.now() + 3600_000).toISOString(),
    });
    const who = buyer({ cedula: 'V-7654321', phone: '0412-7654321' });
    await reserveNumbers(t, raffle.id, [3], who);
    const closed = async () =>
      (await track({ cedula: 'V-7654321', phone_last4: '4321' })).body.tickets.map((x) => x.sales_closed);
    expect(await closed()).toEqual([false]);
    await closingDatePassed(t, raffle.id);
    expect(await closed()).toEqual([true]);
  });

  it('takes as long whether the cedula has tickets or not: no answer leaves before the floor', async () => {
    const timed = async (body: unknown) => {
      const started = performance.now();
      const res = await track(body);
      return { ms: performance.now() - started, count: res.body.tickets.length };
    };
    const found = await timed({ cedula: MARIA.cedula, phone_last4: '4567' });
    const none = await timed({ cedula: 'V-99999999', phone_last4: '4567' });
    expect(found.count).toBeGreaterThan(0);
    expect(none.count).toBe(0);
    // Both wait out the floor; the work behind either is a few milliseconds, far below it.
    for (const answer of [found, none])
      expect(answer.ms).toBeGreaterThanOrEqual(TRACKING_ANSWER_FLOOR_MS - 1);
  });

  it('rejects missing or malformed fields with a Spanish 400/422', async () => {
    const cases: [unknown, number][] = [
      [{}, 400],
      [{ cedula: 'V-12345678' }, 400],
      [{ phone_last4: '4567' }, 400],
      [{ cedula: 'V-12345678', phone_last4: 4567 }, 400],
      [{ cedula: 12345678, phone_last4: '4567' }, 400],
      [{ cedula: 'V-12345678', phone_last4: '4567', phone: '04141234567' }, 400],
      [{ cedula: 'V-12345678', phone_last4: '456' }, 422],
      [{ cedula: 'V-12345678', phone_last4: '45678' }, 422],
      [{ cedula: 'V-12345678', phone_last4: 'abcd' }, 422],
      [{ cedula: 'X-1', phone_last4: '4567' }, 422],
      [{ cedula: "V-1' or '1'='1", phone_last4: '4567' }, 422],
    ];
    for (const [body, status] of cases) {
      const res = await track<ApiError>(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.message).toMatch(/[a-zá-ú]/i);
      expect(res.body.error.message).not.toMatch(/expected|invalid input/i);
    }
    const digits = await track<ApiError>({ cedula: 'V-12345678', phone_last4: '45' });
    expect(digits.body.error.message).toMatch(/últimos 4 dígitos/);
    const cedula = await track<ApiError>({ cedula: 'abc', phone_last4: '4567' });
    expect(cedula.body.error.message).toMatch(/Cédula inválida/);
    expect((await t.api('POST', '/api/tracking', { raw: '{"cedula":' })).status).toBe(400);
    expect((await t.api('POST', '/api/tracking')).status).toBe(400);
  });

  it('is rate limited per IP with a Spanish 429', async () => {
    const limited = await createTestApp({
      config: { rateLimits: { signIn: 1000, reservations: 1000, tracking: 2, uploads: 1000 } },
    });
    try {
      const statuses: number[] = [];
      let last: ApiResponse<ApiError> | null = null;
      for (let i = 0; i < 3; i++) {
        last = await track<ApiError>({ cedula: 'V-1234567', phone_last4: String(1000 + i) }, limited);
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(last?.body.error.code).toBe('RATE_LIMITED');
      expect(last?.body.error.message).toMatch(/Demasiadas solicitudes/);
      // The headers the 429 carries are the ones the OpenAPI document declares for it.
      const sent = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'];
      for (const name of sent) expect(last?.headers.get(name), name).toMatch(/^\d+$/);
      expect(last?.headers.get('x-ratelimit-remaining')).toBe('0');
      const doc = await limited.api<OpenApiView>('GET', '/api/openapi.json');
      expect(Object.keys(doc.body.paths['/api/tracking'].post.responses['429'].headers)).toEqual(sent);
    } finally {
      await limited.close();
    }
  });
});

describe('maskBuyerName', () => {
  it('keeps only the first letter of each word', () => {
    expect(maskBuyerName('maría pérez')).toBe('m*** p***');
    expect(maskBuyerName('  Ñandú   Óscar ')).toBe('ñ*** ó***');
    expect(maskBuyerName(null)).toBe('');
  });
});
