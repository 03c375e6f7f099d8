import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer, makeRaffle } from '../test/factories';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';

let t: TestApp;
let admin: string;
let raffleId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  raffleId = (await makeRaffle(t, { total_numbers: 100, digit_count: 2 })).id;
});
afterAll(() => t?.close());

const NUL = '\u0000';

describe('hostile input never reaches the database (issue 10, item 1)', () => {
  it.each([
    ['sign-in e-mail', 'POST', '/api/auth/sign-in', () => ({ email: `a${NUL}@x.com`, password: 'x' })],
    ['sign-in phone', 'POST', '/api/auth/sign-in', () => ({ phone: `0414${NUL}`, password: 'x' })],
    [
      'buyer name',
      'POST',
      () => `/api/raffles/${raffleId}/reservations`,
      () => ({ numbers: [1], buyer: buyer({ name: `Ana${NUL}` }) }),
    ],
    [
      'buyer address',
      'POST',
      () => `/api/raffles/${raffleId}/reservations`,
      () => ({ numbers: [2], buyer: buyer({ address: `Calle ${NUL}` }) }),
    ],
    ['tracking cedula', 'POST', '/api/tracking', () => ({ cedula: `V-1${NUL}`, phone_last4: '1234' })],
    ['an object key', 'POST', '/api/tracking', () => ({ [`ced${NUL}`]: 'V-1', phone_last4: '1234' })],
  ])('a NUL byte in the %s is a 400 with a Spanish message', async (_what, method, path, body) => {
    const url = typeof path === 'function' ? path() : path;
    const res = await t.api(method, url, { body: body(), token: admin });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_CHARACTER' });
    expect(res.body.error.message).toMatch(/carácter no permitido/);
  });

  it('a NUL byte in a search, query string or path is a 400, never a 500', async () => {
    for (const path of [
      `/api/raffles/${raffleId}/tickets?search=ana%00`,
      `/api/history?raffle_id=${raffleId}%00`,
      `/api/raffles/${raffleId}%00`,
      `/api/raffles/${raffleId}/buyers?search=%00%00`,
    ]) {
      const res = await t.api('GET', path, { token: admin });
      expect(res.status, path).toBe(400);
    }
  });

  it('staff text fields with a NUL byte are refused (raffle name, user name, payment notes)', async () => {
    const raffle = await t.api('PATCH', `/api/raffles/${raffleId}`, {
      token: admin,
      body: { name: `Rifa${NUL}` },
    });
    expect(raffle.status).toBe(400);
    const user = await t.api('POST', '/api/users', {
      token: admin,
      body: { email: 'x@y.com', password: 'Clave-muy-segura-2026', full_name: `Ana${NUL}`, role: 'vendedor' },
    });
    expect(user.status).toBe(400);
    const still = await t.api('GET', `/api/raffles/${raffleId}`);
    expect(still.body.name).not.toContain(NUL);
  });

  it('numbers beyond a 32-bit integer are a 4xx, not an overflow', async () => {
    const lucky = await t.api('POST', `/api/raffles/${raffleId}/lucky-pick`, {
      body: { count: 1, exclude: [2147483648] },
    });
    expect(lucky.status).toBe(422);
    const reserve = await t.api('POST', `/api/raffles/${raffleId}/reservations`, {
      body: { numbers: [2147483648], buyer: buyer() },
    });
    expect(reserve.status).toBe(422);
    const page = await t.api('GET', `/api/raffles/${raffleId}/tickets?page=9007199254740991`, {
      token: admin,
    });
    expect(page.status).toBe(400);
  });
});

describe('sign-out and sign-in without a body (issue 10, item 3)', () => {
  it('sign-out with a Bearer token and no body signs out: 204, then the token is dead', async () => {
    const { session } = await t.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const out = await t.api('POST', '/api/auth/sign-out', {
      token: session.access_token,
      headers: { 'content-type': 'application/json' },
      raw: '',
    });
    expect(out.status).toBe(204);
    expect((await t.api('GET', '/api/auth/me', { token: session.access_token })).status).toBe(401);
  });

  it('sign-in with no body gives the contract message', async () => {
    const res = await t.api('POST', '/api/auth/sign-in', { raw: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('You must provide either an email or phone number and a password');
  });
});
