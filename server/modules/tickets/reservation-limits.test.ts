import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { ReservationResult } from '../../../domain/reservations';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Small limits so the test stays quick: 3 reservations per buyer (IP + cedula), 8 per IP.
const PER_BUYER = 3;
const PER_IP = 8;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      rateLimits: { signIn: 1000, reservations: PER_BUYER, reservationsPerIp: PER_IP, tracking: 1000 },
    },
  });
});
afterAll(() => t?.close());

let next = 0;
const reserve = <T = ReservationResult>(
  raffleId: string,
  cedula: string,
  headers: Record<string, string> = {},
) =>
  t.api<T>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers: [next++], buyer: buyer({ cedula }) },
    headers,
  });

describe('reservation limits: per buyer (IP + cedula) under a per-IP ceiling', () => {
  it('limits one cedula at its own limit while other buyers behind the same IP go on, up to the IP ceiling', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 1000, digit_count: 3 });
    const statuses = async (cedula: string, times: number) => {
      const out: number[] = [];
      for (let i = 0; i < times; i++) out.push((await reserve(raffle.id, cedula)).status);
      return out;
    };

    // One buyer: three reservations, then 429. The same cedula written differently is the same buyer.
    expect(await statuses('V-11111111', PER_BUYER)).toEqual([201, 201, 201]);
    const limited = await reserve<ApiError>(raffle.id, 'v 11.111.111');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');

    // Other buyers on the same address are not locked out by the first one's limit…
    expect(await statuses('V-22222222', 2)).toEqual([201, 201]);
    expect(await statuses('E-83333333', 2)).toEqual([201, 201]);
    // …until the address as a whole reaches its ceiling (8 requests this minute, the 429 included).
    const beyond = await reserve(raffle.id, 'V-44444444');
    expect(beyond.status).toBe(429);
    expect(beyond.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('counts each address apart (behind TRUST_PROXY, the client address the proxy forwards)', async () => {
    const proxied = await createTestApp({
      config: {
        trustProxy: true,
        rateLimits: { signIn: 1000, reservations: 1, reservationsPerIp: 2, tracking: 1000 },
      },
    });
    try {
      const raffle = await makeRaffle(proxied, { total_numbers: 1000, digit_count: 3 });
      let n = 0;
      const from = (ip: string, cedula: string) =>
        proxied.api('POST', `/api/raffles/${raffle.id}/reservations`, {
          body: { numbers: [n++], buyer: buyer({ cedula }) },
          headers: { 'x-forwarded-for': ip },
        });
      expect((await from('190.1.1.1', 'V-1000001')).status).toBe(201);
      expect((await from('190.1.1.1', 'V-1000001')).status).toBe(429); // that buyer's limit
      expect((await from('190.1.1.1', 'V-1000002')).status).toBe(429); // that address's ceiling
      // The same buyer from another address, and another buyer there, are still served.
      expect((await from('190.2.2.2', 'V-1000001')).status).toBe(201);
      expect((await from('190.2.2.2', 'V-1000003')).status).toBe(201);
    } finally {
      await proxied.close();
    }
  });

  it('a junk body counts against the address too (the limit runs before validation)', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 10, digit_count: 1 });
    // The ceiling was reached by the first test in this minute: junk is refused as well, not parsed.
    const res = await t.api('POST', `/api/raffles/${raffle.id}/reservations`, { raw: '{"numbers":' });
    expect(res.status).toBe(429);
  });
});
