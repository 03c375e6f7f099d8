import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import { messages } from '../../../domain/messages';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue 21, item 1: one client address cannot squat a raffle with made-up cedulas. A cap of 20
// numbers per raffle and address per hour keeps the test quick (the default is 200).
const CAP = 20;
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
        numbersPerIpPerRaffle: CAP,
      },
    },
  });
});
afterAll(() => t?.close());

const reserve = (raffleId: string, numbers: number[], ip: string, cedula: string) =>
  t.api<ApiError>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers, buyer: buyer({ cedula }) },
    headers: { 'x-forwarded-for': ip },
  });

describe('numbers per raffle and address', () => {
  it('a squatter with a new cedula per request stops at the cap; other addresses and raffles go on', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 1000, digit_count: 3 });
    const squatter = '10.21.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const numbers = [i * 5, i * 5 + 1, i * 5 + 2, i * 5 + 3, i * 5 + 4];
      statuses.push((await reserve(raffle.id, numbers, squatter, `V-${30_000_000 + i}`)).status);
    }
    // Four requests of five reach the cap of 20; every later one is refused whole.
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429, 429, 429, 429, 429]);
    const refused = await reserve(raffle.id, [900], squatter, 'V-31000000');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      code: 'RESERVATION_IP_LIMIT',
      message: messages.http.numbersPerIp(CAP),
    });
    expect(refused.body.error.message).toMatch(/20 números de esta rifa/);
    expect(refused.headers.get('retry-after')).toBe('600');
    // Another address, and the same address on another raffle, are not held back.
    expect((await reserve(raffle.id, [901], '10.21.0.2', 'V-32000000')).status).toBe(201);
    const other = await makeRaffle(t, { total_numbers: 100 });
    expect((await reserve(other.id, [1], squatter, 'V-33000000')).status).toBe(201);
  });

  it('counts only what was reserved: a refused request gives its numbers back', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 1000, digit_count: 3 });
    const ip = '10.21.0.3';
    expect((await reserve(raffle.id, [7], '10.21.0.4', 'V-34000000')).status).toBe(201);
    // 19 numbers, one of them taken: 409, and nothing counted against this address.
    const taken = Array.from({ length: 19 }, (_, i) => i + 1);
    expect((await reserve(raffle.id, taken, ip, 'V-35000000')).status).toBe(409);
    expect(
      (
        await reserve(
          raffle.id,
          Array.from({ length: 20 }, (_, i) => 100 + i),
          ip,
          'V-35000000',
        )
      ).status,
    ).toBe(201);
    expect((await reserve(raffle.id, [200], ip, 'V-35000000')).status).toBe(429);
  });
});
