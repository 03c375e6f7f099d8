import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { ReservationResult } from '../../../domain/reservations';
import { queryRows } from '../../db/client';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Decision 057: on a phone the answer to a reservation can be lost after the sale committed. The
// browser sends the same request again with the same key; it must get its own order back, not
// "someone else took these numbers".
const CAP_PER_IP = 6;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      trustProxy: true,
      rateLimits: {
        signIn: 1000,
        reservations: 1000,
        reservationsPerIp: 1000,
        tracking: 1000,
        numbersPerIpPerRaffle: CAP_PER_IP,
      },
    },
  });
});
afterAll(() => t?.close());

let ipSeq = 0;
const newIp = () => `10.57.0.${++ipSeq}`;

const reserve = <T = ReservationResult>(
  raffleId: string,
  body: Record<string, unknown>,
  ip: string,
  cedula = 'V-12345678',
) =>
  t.api<T>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { buyer: buyer({ cedula }), ...body },
    headers: { 'x-forwarded-for': ip },
  });

const ordersOf = async (raffleId: string) =>
  queryRows<{ id: string; code: string; request_id: string | null }>(
    t.db,
    sql`select id, code, request_id from orders where raffle_id = ${raffleId} order by created_at`,
  );
const liveSales = async (raffleId: string) =>
  queryRows<{ number: number; order_id: string }>(
    t.db,
    sql`select number, order_id from tickets where raffle_id = ${raffleId} and ended_at is null order by number`,
  );

describe('a reservation sent again with its key', () => {
  it('answers the first order again: same sales, same code, nothing sold twice, counted once', async () => {
    const raffle = await makeRaffle(t);
    const ip = newIp();
    const body = { numbers: [12, 4], request_id: randomUUID() };
    const first = await reserve(raffle.id, body, ip);
    expect(first.status).toBe(201);
    const again = await reserve(raffle.id, body, ip);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await ordersOf(raffle.id)).toEqual([
      { id: first.body.order.id, code: first.body.order.code, request_id: body.request_id },
    ]);
    expect(await liveSales(raffle.id)).toEqual([
      { number: 4, order_id: first.body.order.id },
      { number: 12, order_id: first.body.order.id },
    ]);
    // The second sending gave its numbers back to the address's allowance: 4 more still fit (6).
    expect((await reserve(raffle.id, { numbers: [20, 21, 22, 23] }, ip, 'V-20000001')).status).toBe(201);
  });

  it('gets its order even when the first sending used up the address allowance', async () => {
    const raffle = await makeRaffle(t);
    const ip = newIp();
    const body = { numbers: [1, 2, 3, 4, 5, 6], request_id: randomUUID() };
    const first = await reserve(raffle.id, body, ip);
    expect(first.status).toBe(201);
    const again = await reserve(raffle.id, body, ip);
    expect(again.status).toBe(201);
    expect(again.body.order).toEqual(first.body.order);
    // Anything new from that address is still over its allowance.
    expect((await reserve<ApiError>(raffle.id, { numbers: [7] }, ip)).status).toBe(429);
  });

  it('answers a double tap (two sendings at once) with one order', async () => {
    const raffle = await makeRaffle(t);
    const ip = newIp();
    const body = { numbers: [30, 31], request_id: randomUUID() };
    const [a, b] = await Promise.all([reserve(raffle.id, body, ip), reserve(raffle.id, body, ip)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.order).toEqual(b.body.order);
    expect(await ordersOf(raffle.id)).toHaveLength(1);
  });

  it('answers the first order when the buyer cap now refuses the request', async () => {
    const raffle = await makeRaffle(t, { max_numbers_per_buyer: 2 });
    const ip = newIp();
    const body = { numbers: [8, 9], request_id: randomUUID() };
    const first = await reserve(raffle.id, body, ip);
    expect(first.status).toBe(201);
    const again = await reserve(raffle.id, body, ip);
    expect(again.status).toBe(201);
    expect(again.body.order.code).toBe(first.body.order.code);
  });

  it('is still refused for anyone else: another key, no key, another cédula, or a larger set', async () => {
    const raffle = await makeRaffle(t);
    const ip = newIp();
    const key = randomUUID();
    expect((await reserve(raffle.id, { numbers: [40, 41], request_id: key }, ip)).status).toBe(201);
    const refused = [
      await reserve<ApiError>(raffle.id, { numbers: [40, 41], request_id: randomUUID() }, ip),
      await reserve<ApiError>(raffle.id, { numbers: [40, 41] }, ip),
      await reserve<ApiError>(raffle.id, { numbers: [40, 41], request_id: key }, ip, 'V-99999999'),
      await reserve<ApiError>(raffle.id, { numbers: [40, 41, 42], request_id: key }, ip),
    ];
    for (const res of refused) {
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'TICKETS_UNAVAILABLE', numbers: [40, 41] });
    }
    expect(await ordersOf(raffle.id)).toHaveLength(1);
  });

  it('sells again once the first order is gone, and later sendings get the new order', async () => {
    const raffle = await makeRaffle(t);
    const ip = newIp();
    const body = { numbers: [50], request_id: randomUUID() };
    const first = await reserve(raffle.id, body, ip);
    expect(first.status).toBe(201);
    const token = await t.signInAdmin();
    const released = await t.api('PATCH', `/api/tickets/${first.body.tickets[0]?.id}`, {
      token,
      body: { status: 'disponible' },
    });
    expect(released.status).toBe(200);
    const second = await reserve(raffle.id, body, ip);
    expect(second.status).toBe(201);
    expect(second.body.order.id).not.toBe(first.body.order.id);
    const third = await reserve(raffle.id, body, ip);
    expect(third.status).toBe(201);
    expect(third.body.order).toEqual(second.body.order);
  });

  it('refuses a key that is not a UUID (422)', async () => {
    const raffle = await makeRaffle(t);
    const res = await reserve<ApiError>(raffle.id, { numbers: [1], request_id: 'otra-vez' }, newIp());
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual([
      expect.objectContaining({ path: 'request_id', message: 'La clave de la solicitud no es válida' }),
    ]);
  });
});
