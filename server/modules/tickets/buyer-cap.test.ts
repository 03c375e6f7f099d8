import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { Raffle } from '../../../domain/raffles';
import type { ReservationResult } from '../../../domain/reservations';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue 21, items 1 and 2: the organizer caps the numbers one buyer (by cedula) may hold, and sets
// how long an unpaid reservation is held, in minutes. Both databases (reserve_sales decides).
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const reserve = <T = ReservationResult>(raffleId: string, numbers: number[], cedula: string) =>
  t.api<T>('POST', `/api/raffles/${raffleId}/reservations`, { body: { numbers, buyer: buyer({ cedula }) } });

describe('numbers per buyer', () => {
  it('refuses a request that would take one cedula past the cap, saying the cap and what it holds', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100, max_numbers_per_buyer: 5 });
    expect(raffle.max_numbers_per_buyer).toBe(5);
    expect((await reserve(raffle.id, [1, 2, 3], 'V-40100200')).status).toBe(201);
    const over = await reserve<ApiError>(raffle.id, [4, 5, 6], 'V-40100200');
    expect(over.status).toBe(409);
    expect(over.body.error).toEqual({
      code: 'BUYER_LIMIT',
      message:
        'Cada comprador puede tener como máximo 5 números de esta rifa y con esta cédula ya tienes 3. Elige menos números.',
      max_numbers_per_buyer: 5,
      held: 3,
    });
    // Nothing of the refused request was sold; up to the cap still is; another buyer is not held back.
    expect((await reserve(raffle.id, [4, 5], 'V-40100200')).status).toBe(201);
    expect((await reserve<ApiError>(raffle.id, [6], 'V-40100200')).body.error.code).toBe('BUYER_LIMIT');
    expect((await reserve(raffle.id, [6, 7, 8, 9, 10], 'V-40100201')).status).toBe(201);
    const board = await t.api<{ numbers: unknown }>('GET', `/api/raffles/${raffle.id}`);
    expect(board.status).toBe(200);
  });

  it('says a number someone holds before the cap: a typed cédula and one taken number tell nothing of what it holds', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100, max_numbers_per_buyer: 5 });
    expect((await reserve(raffle.id, [1, 2, 3], 'V-40100500')).status).toBe(201);
    expect((await reserve(raffle.id, [9], 'V-40100599')).status).toBe(201);
    // Someone typing the buyer's cédula with a taken number (9) and enough to pass the cap: the same
    // answer as for a cédula that holds nothing, naming only the taken number.
    for (const cedula of ['V-40100500', 'V-40100501']) {
      const probe = await reserve<ApiError>(raffle.id, [9, 10, 11, 12, 13], cedula);
      expect(probe.status).toBe(409);
      expect(probe.body.error).toMatchObject({ code: 'TICKETS_UNAVAILABLE', numbers: [9] });
      expect(probe.body.error).not.toHaveProperty('held');
    }
    // With every number free, the cap is still the answer (and the buyer is told what they hold).
    const over = await reserve<ApiError>(raffle.id, [10, 11, 12], 'V-40100500');
    expect(over.body.error).toMatchObject({ code: 'BUYER_LIMIT', held: 3 });
  });

  it('counts a cedula written another way as the same buyer, and one request alone over the cap', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100, max_numbers_per_buyer: 2 });
    expect((await reserve(raffle.id, [1, 2, 3], 'V-40100300')).status).toBe(409);
    expect((await reserve(raffle.id, [1], 'V-40100300')).status).toBe(201);
    // "v40100300" normalises to the same cedula.
    expect((await reserve(raffle.id, [2], 'v40100300')).status).toBe(201);
    expect((await reserve<ApiError>(raffle.id, [3], 'V-40.100.300')).body.error.code).toBe('BUYER_LIMIT');
  });

  it('defaults to 100 per buyer and 120 minutes, shown on the public raffle', async () => {
    const raffle = await makeRaffle(t, {
      total_numbers: 1000,
      digit_count: 3,
      reservation_hours: undefined,
      max_numbers_per_buyer: undefined,
    });
    const view = await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`);
    expect(view.body).toMatchObject({
      max_numbers_per_buyer: 100,
      reservation_minutes: 120,
      reservation_hours: 2,
    });
    const first = Array.from({ length: 60 }, (_, i) => i);
    const second = Array.from({ length: 41 }, (_, i) => 100 + i);
    expect((await reserve(raffle.id, first, 'V-40100400')).status).toBe(201);
    expect((await reserve<ApiError>(raffle.id, second, 'V-40100400')).body.error.code).toBe('BUYER_LIMIT');
    expect((await reserve(raffle.id, second.slice(0, 40), 'V-40100400')).status).toBe(201);
  });
});

describe('hold time in minutes', () => {
  it('holds an unpaid reservation for the raffle’s minutes', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100, reservation_minutes: 30 });
    const before = Date.now();
    const res = await reserve(raffle.id, [1], 'V-40100500');
    const until = new Date(res.body.tickets[0].reserved_until as string).getTime();
    expect(until - before).toBeGreaterThan(29 * 60_000);
    expect(until - before).toBeLessThan(31 * 60_000);
  });

  it('takes hours from an older client (minutes win when both come), and an edit changes later reservations', async () => {
    const legacy = await makeRaffle(t, { reservation_hours: 3 });
    expect(legacy).toMatchObject({ reservation_minutes: 180, reservation_hours: 3 });
    const both = await makeRaffle(t, { reservation_hours: 3, reservation_minutes: 45 });
    expect(both).toMatchObject({ reservation_minutes: 45, reservation_hours: 1 });
    const edited = await t.api<Raffle>('PATCH', `/api/raffles/${both.id}`, {
      token: admin,
      body: { reservation_minutes: 90, max_numbers_per_buyer: 7 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      reservation_minutes: 90,
      reservation_hours: 2,
      max_numbers_per_buyer: 7,
    });
    const tooShort = await t.api<ApiError>('PATCH', `/api/raffles/${both.id}`, {
      token: admin,
      body: { reservation_minutes: 5 },
    });
    expect(tooShort.status).toBe(422);
  });
});
