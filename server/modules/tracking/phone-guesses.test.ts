import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import { messages } from '../../../domain/messages';
import type { TrackingResult } from '../../../domain/tracking';
import { buyer, makeRaffle, reserveNumbers } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Review of holds and abuse (2026-12-01): a competitor who knows someone's cédula guessed the last
// 4 digits of their phone from many addresses (10,000 guesses, 20 a minute per address) and read
// their raffles, numbers, order codes and verification codes in tracking. Now each cédula has a few
// misses per hour (TRACKING_MISSES_PER_CEDULA), whatever the address.
const MISSES = 5;
let t: TestApp;
let raffle: { id: string };
beforeAll(async () => {
  t = await createTestApp({
    config: {
      trustProxy: true,
      rateLimits: { tracking: 1000, reservations: 1000, trackingMissesPerCedula: MISSES },
    },
  });
  raffle = await makeRaffle(t, { price_cents: 1000, total_numbers: 100 });
});
afterAll(() => t?.close());

/** A buyer whose phone ends in 4567, with number `n`. */
async function victim(cedula: string, n: number) {
  await reserveNumbers(t, raffle.id, [n], buyer({ cedula, phone: '0414-1234567' }));
}

let nextAddress = 1;
/** Each guess from an address of its own, as a script behind many proxies sends them. */
const track = <T = TrackingResult>(cedula: string, last4: string) =>
  t.api<T>('POST', '/api/tracking', {
    body: { cedula, phone_last4: last4 },
    headers: { 'x-forwarded-for': `10.77.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}` },
  });

const guesses = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => String(from + i).padStart(4, '0'));

describe('guessing the last 4 digits of a phone for a cédula', () => {
  it('stops after a few misses from any address; the right guess then gets the same 429', async () => {
    await victim('V-20111222', 1);
    const statuses: number[] = [];
    for (const last4 of guesses(0, MISSES + 3)) statuses.push((await track('V-20111222', last4)).status);
    expect(statuses).toEqual([...Array(MISSES).fill(200), 429, 429, 429]);
    const right = await track<ApiError>('V-20111222', '4567');
    expect(right.status).toBe(429);
    expect(right.body.error).toEqual({ code: 'TRACKING_LIMIT', message: messages.http.trackingMisses });
    expect(right.headers.get('retry-after')).toBe('3600');
    // Another cédula is not held back, and a buyer's own look-ups count nothing.
    await victim('V-20111333', 2);
    for (let i = 0; i < MISSES + 2; i++) {
      const own = await track('V-20111333', '4567');
      expect(own.status).toBe(200);
      expect(own.body.tickets.map((x) => x.number)).toEqual([2]);
    }
  });

  it('counts guesses sent at once before they run', async () => {
    await victim('V-20111444', 3);
    const answers = await Promise.all(guesses(100, 20).map((last4) => track('V-20111444', last4)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(MISSES);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - MISSES);
  });

  it('counts a cédula nobody bought with as any other (no tell of who bought here)', async () => {
    const statuses: number[] = [];
    for (const last4 of guesses(200, MISSES + 1)) statuses.push((await track('V-20111555', last4)).status);
    expect(statuses).toEqual([...Array(MISSES).fill(200), 429]);
  });

  it('counts a payment named by raffle, number, cédula and phone that misses too', async () => {
    await victim('V-20111666', 4);
    const pay = (last4: string) =>
      t.api<ApiError>('POST', '/api/payments', {
        body: {
          raffle_id: raffle.id,
          number: 4,
          cedula: 'V-20111666',
          phone_last4: last4,
          amount_cents: 1000,
          payment_method: 'efectivo',
        },
        headers: { 'x-forwarded-for': `10.78.0.${nextAddress++ % 250}` },
      });
    const statuses: number[] = [];
    for (const last4 of guesses(300, MISSES)) statuses.push((await pay(last4)).status);
    expect(statuses).toEqual(Array(MISSES).fill(404));
    const right = await pay('4567');
    expect(right.status).toBe(429);
    expect(right.body.error.code).toBe('TRACKING_LIMIT');
    expect((await track('V-20111666', '4567')).status).toBe(429);
  });
});
