import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../domain/api';
import { messages } from '../../domain/messages';
import type { TicketPayment } from '../../domain/payments';
import type { PublicRaffle } from '../../domain/raffles';
import type { ReservationResult } from '../../domain/reservations';
import type { StaffTicket } from '../../domain/staff-tickets';
import type { User } from '../../domain/users';
import { buyer, makeRaffle, makeUser } from '../test/factories';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';

let t: TestApp;
let admin: string;
let vendedor: string;
let raffleId: string;
/** A sale of number 10 (its ticket and the buyer's cedula) and a user to edit. */
let ticketId: string;
const cedula = 'V-20333444';
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  vendedor = (await makeUser(t, { role: 'vendedor' })).token;
  userId = (await makeUser(t, { role: 'vendedor' })).user.id;
  raffleId = (await makeRaffle(t, { total_numbers: 100, digit_count: 2 })).id;
  const sale = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers: [10], buyer: buyer({ cedula }) },
  });
  expect(sale.status).toBe(201);
  ticketId = sale.body.tickets[0].id;
});
afterAll(() => t?.close());

const NUL = '\u0000';
const SPANISH_NUL = /carácter no permitido/;

/** The answer to a NUL byte: 400 with the Spanish message, refused before any query runs. */
function expectRefusedNul(res: { status: number; body: unknown }, what: string) {
  expect(res.status, what).toBe(400);
  const { error } = res.body as ApiError;
  expect(error, what).toMatchObject({ code: 'INVALID_CHARACTER' });
  expect(error.message, what).toMatch(SPANISH_NUL);
}

/** `{a: {a: … value}}`, `depth` objects deep. */
const nested = (depth: number, value: unknown, key = 'a'): unknown =>
  Array.from({ length: depth }).reduce<unknown>((inner) => ({ [key]: inner }), value);

describe('hostile input never reaches the database (issue 10, item 1)', () => {
  type Case = [what: string, method: string, path: () => string, body: () => unknown, token?: () => string];
  const asAdmin = () => admin;
  it.each<Case>([
    ['sign-in e-mail', 'POST', () => '/api/auth/sign-in', () => ({ email: `a${NUL}@x.com`, password: 'x' })],
    ['sign-in phone', 'POST', () => '/api/auth/sign-in', () => ({ phone: `0414${NUL}`, password: 'x' })],
    [
      'reservation buyer name',
      'POST',
      () => `/api/raffles/${raffleId}/reservations`,
      () => ({ numbers: [1], buyer: buyer({ name: `Ana${NUL}` }) }),
    ],
    [
      'reservation buyer address',
      'POST',
      () => `/api/raffles/${raffleId}/reservations`,
      () => ({ numbers: [2], buyer: buyer({ address: `Calle ${NUL}` }) }),
    ],
    [
      'payment reference',
      'POST',
      () => '/api/payments',
      () => ({ ticket_id: ticketId, amount_cents: 100, cedula, reference: `0045${NUL}1234` }),
    ],
    [
      'payment notes',
      'POST',
      () => '/api/payments',
      () => ({ ticket_id: ticketId, amount_cents: 100, cedula, reference: '00451234', notes: `Pago${NUL}` }),
    ],
    [
      'ticket buyer name (staff)',
      'PATCH',
      () => `/api/tickets/${ticketId}`,
      () => ({ buyer_name: `Ana${NUL}Pérez` }),
      asAdmin,
    ],
    [
      'ticket buyer address (staff)',
      'PATCH',
      () => `/api/tickets/${ticketId}`,
      () => ({ buyer_address: `Calle 1${NUL}` }),
      asAdmin,
    ],
    [
      'number buyer name (staff)',
      'PATCH',
      () => `/api/raffles/${raffleId}/numbers/20`,
      () => ({ status: 'apartado', buyer_name: `Ana${NUL}` }),
      asAdmin,
    ],
    ['raffle name', 'PATCH', () => `/api/raffles/${raffleId}`, () => ({ name: `Rifa${NUL}` }), asAdmin],
    [
      'raffle description',
      'PATCH',
      () => `/api/raffles/${raffleId}`,
      () => ({ description: `Premio${NUL}` }),
      asAdmin,
    ],
    [
      'new user name',
      'POST',
      () => '/api/users',
      () => ({
        email: 'x@y.com',
        password: 'Clave-muy-segura-2026',
        full_name: `Ana${NUL}`,
        role: 'vendedor',
      }),
      asAdmin,
    ],
    ['user name (PATCH)', 'PATCH', () => `/api/users/${userId}`, () => ({ full_name: `Ana${NUL}` }), asAdmin],
    ['user phone (PATCH)', 'PATCH', () => `/api/users/${userId}`, () => ({ phone: `0414${NUL}` }), asAdmin],
    ['tracking cedula', 'POST', () => '/api/tracking', () => ({ cedula: `V-1${NUL}`, phone_last4: '1234' })],
    ['an object key', 'POST', () => '/api/tracking', () => ({ [`ced${NUL}`]: 'V-1', phone_last4: '1234' })],
  ])('a NUL byte in the %s is a 400 with a Spanish message', async (what, method, path, body, token) => {
    expectRefusedNul(await t.api(method, path(), { body: body(), token: token?.() }), what);
  });

  it('nothing of those reached the data: the sale, the raffle and the user are as they were', async () => {
    const ticket = await t.api<StaffTicket>('GET', `/api/tickets/${ticketId}`, { token: admin });
    expect(ticket.status).toBe(200);
    const raffle = await t.api<PublicRaffle>('GET', `/api/raffles/${raffleId}`);
    const users = await t.api<User[]>('GET', '/api/users', { token: admin });
    const payments = await t.api<TicketPayment[]>('GET', `/api/tickets/${ticketId}/payments`, {
      token: admin,
    });
    for (const body of [ticket.body, raffle.body, users.body, payments.body]) {
      expect(JSON.stringify(body)).not.toContain('\\u0000');
    }
    expect(payments.body).toEqual([]);
  });

  it('a NUL byte in a search, query string or path is a 400 with a Spanish message, never a 500', async () => {
    for (const path of [
      `/api/raffles/${raffleId}/tickets?search=ana%00`,
      `/api/raffles/${raffleId}/tickets.csv?search=%00`,
      `/api/history?raffle_id=${raffleId}%00`,
      `/api/raffles/${raffleId}%00`,
      `/api/raffles/${raffleId}/buyers?search=%00%00`,
      `/api/raffles?status=activa%00`,
    ]) {
      expectRefusedNul(await t.api('GET', path, { token: admin }), path);
    }
  });

  it('finds a NUL however deep the body nests it (100 levels, in a value or a key)', async () => {
    for (const body of [
      nested(100, `V-1${NUL}`),
      nested(100, { [`k${NUL}`]: 1 }),
      { cedula: 'V-1', phone_last4: '1234', deep: nested(100, [[`x${NUL}`]]) },
    ]) {
      expectRefusedNul(await t.api('POST', '/api/tracking', { body }), 'deep body');
    }
    // Without a NUL, the same depth is an ordinary validation error.
    const clean = await t.api<ApiError>('POST', '/api/tracking', { body: nested(100, 'V-1') });
    expect(clean.status).toBe(400);
    expect(clean.body.error.code).toBe('VALIDATION_ERROR');
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

describe('the guards answer before the URL is looked at (issue 10, item 2)', () => {
  it('a NUL in the URL of a protected route: 401 without a token, 403 for the wrong role, 400 past the guard', async () => {
    const staffOnly = `/api/raffles/${raffleId}%00/tickets`;
    expect((await t.api('GET', staffOnly)).status).toBe(401);
    expect((await t.api('GET', staffOnly, { token: 'forged.token.value' })).status).toBe(401);
    expectRefusedNul(await t.api('GET', staffOnly, { token: admin }), staffOnly);

    const adminOnly = `/api/users/${userId}%00`;
    const body = { full_name: 'Ana' };
    expect((await t.api('PATCH', adminOnly, { body })).status).toBe(401);
    expect((await t.api('PATCH', adminOnly, { body, token: vendedor })).status).toBe(403);
    expectRefusedNul(await t.api('PATCH', adminOnly, { body, token: admin }), adminOnly);
  });

  it('a NUL in the URL of a public route is refused for anyone', async () => {
    expectRefusedNul(await t.api('GET', `/api/raffles/${raffleId}%00`), 'public raffle');
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
    const res = await t.api<ApiError>('POST', '/api/auth/sign-in', { raw: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('You must provide either an email or phone number and a password');
  });
});

describe('prototype keys in a JSON body (issue 17)', () => {
  it('a valid JSON body with __proto__ or constructor.prototype is a clear 400 that does not call it invalid JSON', async () => {
    const bodies = [
      '{"__proto__":{"isAdmin":true},"email":"a@b.c","password":"x"}',
      '{"email":"a@b.c","password":"x","constructor":{"prototype":{"isAdmin":true}}}',
      `{"numbers":[1],"buyer":{"name":"Ana","__proto__":{"role":"admin"}}}`,
    ];
    for (const [index, raw] of bodies.entries()) {
      const path = index === 2 ? `/api/raffles/${raffleId}/reservations` : '/api/auth/sign-in';
      const res = await t.api<ApiError>('POST', path, { raw });
      expect(res.status, raw).toBe(400);
      expect(res.body, raw).toEqual({
        error: { code: 'FORBIDDEN_JSON_KEY', message: messages.http.forbiddenJsonKey },
      });
      expect(res.body.error.message).not.toMatch(/no es un JSON válido/);
      expect(res.body.error.message).toMatch(/__proto__/);
    }
    // Malformed JSON is still called malformed.
    const broken = await t.api<ApiError>('POST', '/api/auth/sign-in', { raw: '{"__proto__":' });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toEqual({ code: 'INVALID_JSON', message: messages.http.invalidJson });
    // And nothing was polluted.
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

describe('control characters and lone surrogates in text (issue 21, item 13)', () => {
  it('are refused in any JSON string with 400, the field named, and nothing stored', async () => {
    const cases: [what: string, name: string, path: string][] = [
      ['a bell', 'Ana\u0007 Pérez', 'buyer.name'],
      ['an escape sequence', 'Ana \u001b[31mPérez', 'buyer.name'],
      ['a C1 control', 'Ana\u0085Pérez', 'buyer.name'],
      ['a lone high surrogate', 'Ana \ud83d', 'buyer.name'],
      ['a lone low surrogate', '\ude00 Ana', 'buyer.name'],
    ];
    for (const [what, name, path] of cases) {
      const res = await t.api<ApiError & { error: { fields: { path: string }[] } }>(
        'POST',
        `/api/raffles/${raffleId}/reservations`,
        { body: { numbers: [40], buyer: buyer({ name }) } },
      );
      expect(res.status, what).toBe(400);
      expect(res.body.error.code, what).toBe('INVALID_CHARACTER');
      expect(res.body.error.message, what).toBe(messages.http.invalidCharacter);
      expect(res.body.error.fields, what).toEqual([{ path, message: messages.http.invalidCharacter }]);
    }
    // A real emoji (a whole surrogate pair), accents, tabs and new lines are text like any other.
    const fine = await t.api('POST', `/api/raffles/${raffleId}/reservations`, {
      body: { numbers: [40], buyer: buyer({ name: 'Ana Pérez 😀', address: 'Calle 5\n\tCasa 3\r\n' }) },
    });
    expect(fine.status).toBe(201);
  });
});
