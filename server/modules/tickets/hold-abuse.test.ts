import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PDF, upload } from '../../test/uploads';

// An adversarial review of how one client could hold a raffle on its busiest day (review-hold,
// 2026-12-01). A phone or a home line gets a whole IPv6 /64 from its carrier: one client can write
// 2^64 source addresses, so every per-address limit must count the /64 as one address, as
// @fastify/rate-limit's own limits already do.
const CAP = 20;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      trustProxy: true,
      sseMaxPerIp: 2,
      // One PDF proof fits, a second does not.
      uploadBytesPerHour: PDF.length + 10,
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

/** The status of a live stream opened as `ip` (the proxy's X-Forwarded-For); open ones close at the end. */
const streams: http.ClientRequest[] = [];
afterAll(() => {
  for (const stream of streams) stream.destroy();
});
function openStream(raffleId: string, ip: string): Promise<number> {
  const url = new URL(`${t.baseUrl}/api/raffles/${raffleId}/events`);
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        agent: false,
        headers: { 'x-forwarded-for': ip },
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
      },
    );
    streams.push(request);
    request.on('error', reject);
  });
}

describe('one IPv6 client rotating the addresses of its /64', () => {
  it('shares one hourly allowance of numbers per raffle', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 1000, digit_count: 3 });
    const statuses: number[] = [];
    // Ten requests of five numbers, each from another address of 2001:db8:1:2::/64.
    for (let i = 0; i < 10; i++) {
      const numbers = [0, 1, 2, 3, 4].map((n) => i * 5 + n);
      statuses.push(
        (await reserve(raffle.id, numbers, `2001:db8:1:2::${i + 1}`, `V-${40_000_000 + i}`)).status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429, 429, 429, 429, 429]);
    // The same address written another way is the same client too.
    expect((await reserve(raffle.id, [900], '2001:0db8:0001:0002:0:0:0:ff', 'V-41000000')).status).toBe(429);
    // Another /64 (another subscriber) is not held back.
    expect((await reserve(raffle.id, [901], '2001:db8:1:3::1', 'V-42000000')).status).toBe(201);
  });

  it('opens the live streams of one address, not more', async () => {
    const raffle = await makeRaffle(t);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await openStream(raffle.id, `2001:db8:5:6::${i + 1}`));
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    expect(await openStream(raffle.id, '2001:db8:5:7::1')).toBe(200);
  });

  it('stores the hourly bytes of one address', async () => {
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    expect((await upload(t, PDF, from('2001:db8:9:9::1'))).status).toBe(201);
    const refused = await upload<ApiError>(t, PDF, from('2001:db8:9:9::2'));
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('UPLOAD_QUOTA_EXCEEDED');
    expect((await upload(t, PDF, from('2001:db8:9:a::1'))).status).toBe(201);
  });
});

describe('a client writing its own X-Forwarded-For', () => {
  it('without TRUST_PROXY is the address it connects from, whatever the header says', async () => {
    const direct = await createTestApp({ config: { rateLimits: { numbersPerIpPerRaffle: CAP } } });
    try {
      const raffle = await makeRaffle(direct, { total_numbers: 1000, digit_count: 3 });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await direct.api('POST', `/api/raffles/${raffle.id}/reservations`, {
          body: {
            numbers: [0, 1, 2, 3, 4].map((n) => i * 5 + n),
            buyer: buyer({ cedula: `V-${43_000_000 + i}` }),
          },
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    } finally {
      await direct.close();
    }
  });
});
