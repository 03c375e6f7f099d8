import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import { messages } from '../../../domain/messages';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createReservationChallenge } from './reservation-challenge';

// Issue 21, item 3: past RESERVATION_CHALLENGE_PER_MINUTE reservations of one raffle or one address
// in a minute, each reservation needs a solved ALTCHA challenge, good once.
const ABOVE = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { trustProxy: true, rateLimits: { challengeAbove: ABOVE } } });
});
afterAll(() => t?.close());

type Challenge = Parameters<typeof solveChallenge>[0]['challenge'];

const reserve = (raffleId: string, numbers: number[], ip: string, altcha?: string) =>
  t.api<ApiError>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: {
      numbers,
      buyer: buyer({ cedula: `V-${20_000_000 + numbers[0]}` }),
      ...(altcha ? { altcha } : {}),
    },
    headers: { 'x-forwarded-for': ip },
  });

/** What the web app's widget does: fetch a challenge, solve it, hand over base64 {challenge, solution}. */
async function solved(ip: string): Promise<string> {
  const response = await t.api<Challenge>('GET', '/api/reservations/challenge', {
    headers: { 'x-forwarded-for': ip },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toMatch(/no-store/);
  const challenge = response.body;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('proof of work under pressure', () => {
  it('a scripted rush on one raffle is challenged past the threshold; a solved challenge reserves, once', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100 });
    // A script from many addresses (each under the threshold alone) rushing one raffle.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await reserve(raffle.id, [i], `10.31.0.${i + 1}`)).status);
    expect(statuses).toEqual([201, 201, 201, 428, 428, 428, 428, 428]);
    const refused = await reserve(raffle.id, [50], '10.31.1.1');
    expect(refused.body.error).toEqual({
      code: 'CHALLENGE_REQUIRED',
      message: messages.http.challengeRequired,
    });

    // What an honest buyer's browser does next: solve and send the same body again.
    const payload = await solved('10.31.1.1');
    expect((await reserve(raffle.id, [50], '10.31.1.1', payload)).status).toBe(201);
    // The same solution again (a script replaying it) is refused.
    const replay = await reserve(raffle.id, [51], '10.31.1.1', payload);
    expect(replay.status).toBe(403);
    expect(replay.body.error.code).toBe('CHALLENGE_FAILED');
    // Nothing was sold without a proof of work past the threshold.
    const board = await t.api<{ statuses: string }>('GET', `/api/raffles/${raffle.id}/board`);
    const sold = [...board.body.statuses].flatMap((s, n) => (s === 'd' ? [] : [n]));
    expect(sold).toEqual([0, 1, 2, 50]);
  });

  it('one address rushing several raffles is challenged; another address on those raffles is not', async () => {
    const raffles = await Promise.all([1, 2, 3, 4, 5].map(() => makeRaffle(t, { total_numbers: 10 })));
    const statuses = [];
    for (const raffle of raffles) statuses.push((await reserve(raffle.id, [1], '10.32.0.1')).status);
    expect(statuses).toEqual([201, 201, 201, 428, 428]);
    expect((await reserve(raffles[4].id, [2], '10.32.0.2')).status).toBe(201);
  });

  it('refuses a forged, tampered or foreign solution', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100 });
    for (let i = 0; i < ABOVE; i++) await reserve(raffle.id, [i], `10.33.0.${i + 1}`);
    const good = JSON.parse(Buffer.from(await solved('10.33.1.1'), 'base64').toString());
    const tampered = structuredClone(good);
    tampered.challenge.parameters.cost = 1;
    const wrongKey = structuredClone(good);
    wrongKey.solution.derivedKey = '00'.repeat(32);
    for (const bad of [
      'not base64 json',
      btoa('{}'),
      btoa(JSON.stringify(tampered)),
      btoa(JSON.stringify(wrongKey)),
    ]) {
      const answer = await reserve(raffle.id, [60], '10.33.1.1', bad);
      expect(answer.status, bad.slice(0, 20)).toBe(403);
      expect(answer.body.error).toEqual({ code: 'CHALLENGE_FAILED', message: messages.http.challengeFailed });
    }
  });
});

describe('without pressure, or turned off', () => {
  it('a buyer reserving now and then is never asked', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100 });
    for (let i = 0; i < ABOVE; i++) expect((await reserve(raffle.id, [i], '10.34.0.1')).status).toBe(201);
  });

  it('RESERVATION_CHALLENGE_PER_MINUTE=0 never asks', async () => {
    const off = await createTestApp({ config: { rateLimits: { challengeAbove: 0 } } });
    try {
      const raffle = await makeRaffle(off, { total_numbers: 100 });
      for (let i = 0; i < 10; i++) {
        const answer = await off.api('POST', `/api/raffles/${raffle.id}/reservations`, {
          body: { numbers: [i], buyer: buyer({ cedula: `V-${21_000_000 + i}` }) },
        });
        expect(answer.status).toBe(201);
      }
    } finally {
      await off.close();
    }
  });
});

describe('the challenge itself', () => {
  const solve = async (challenge: Challenge) => {
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };

  it('an expired solution is refused; one from another secret too', async () => {
    const ten = 10 * 60_000;
    const past = createReservationChallenge({
      perMinute: 1,
      secret: 'a'.repeat(32),
      now: () => Date.now() - ten,
    });
    const current = createReservationChallenge({ perMinute: 1, secret: 'a'.repeat(32) });
    const other = createReservationChallenge({ perMinute: 1, secret: 'b'.repeat(32) });
    expect(await current.verify(await solve(await past.create()))).toBe(false);
    expect(await current.verify(await solve(await other.create()))).toBe(false);
    expect(await current.verify(await solve(await current.create()))).toBe(true);
  });

  it('pressure is counted per minute: a quiet minute later nothing is asked', () => {
    let clock = 1_000_000;
    const challenge = createReservationChallenge({ perMinute: 2, secret: 'c'.repeat(32), now: () => clock });
    expect([1, 2, 3].map(() => challenge.isRequired('r1', '10.0.0.1'))).toEqual([false, false, true]);
    clock += 30_000; // half of the last minute still weighs
    expect(challenge.isRequired('r1', '10.0.0.2')).toBe(true);
    clock += 90_000; // two minutes after the rush
    expect(challenge.isRequired('r1', '10.0.0.1')).toBe(false);
  });
});
