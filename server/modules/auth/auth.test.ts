import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Health } from '../../../domain/api';
import type { MeResponse, SignInResponse } from '../../../domain/auth';
import { makeUser } from '../../test/factories';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app';
import { hashRefreshToken } from './tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /api/health', () => {
  it('reports the database in use', async () => {
    const res = await t.api<Health>('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      disk_free_mb: expect.any(Number),
    });
  });
});

describe('POST /api/auth/sign-in', () => {
  it('signs in by e-mail (any case) and returns session and profile', async () => {
    const res = await t.api<SignInResponse>('POST', '/api/auth/sign-in', {
      body: { email: TEST_ADMIN.email.toUpperCase(), password: TEST_ADMIN.password },
    });
    expect(res.status).toBe(200);
    const { session, profile } = res.body;
    expect(session).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      user: { email: TEST_ADMIN.email },
    });
    expect(session.access_token.split('.')).toHaveLength(3);
    expect(session.refresh_token.length).toBeGreaterThan(20);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(profile).toMatchObject({ email: TEST_ADMIN.email, role: 'admin', full_name: 'Administrador' });
    expect(profile.id).toBe(session.user.id);
  });

  it('signs in by phone written in any Venezuelan format', async () => {
    const seller = await makeUser(t, { phone: '0414-555-1234' });
    const res = await t.api<SignInResponse>('POST', '/api/auth/sign-in', {
      body: { phone: '+58 414 5551234', password: seller.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ email: seller.email, role: 'vendedor' });
  });

  it.each([[{ email: TEST_ADMIN.email }], [{ password: 'x' }], [{ email: '', password: '' }], [{}]])(
    'needs an identifier and a password: %j',
    async (body) => {
      const res = await t.api<ApiError>('POST', '/api/auth/sign-in', { body });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('You must provide either an email or phone number and a password');
    },
  );

  it('answers invalid_credentials for a wrong password or an unknown user, without saying which', async () => {
    const wrong = await t.api<ApiError>('POST', '/api/auth/sign-in', {
      body: { email: TEST_ADMIN.email, password: 'Nope12345' },
    });
    const unknown = await t.api<ApiError>('POST', '/api/auth/sign-in', {
      body: { email: 'ghost@test.local', password: 'Nope12345' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'invalid_credentials',
        message: 'Correo, teléfono o contraseña incorrectos',
      });
    }
  });

  it('rejects malformed JSON, wrong types, unknown fields and oversized bodies with a Spanish 4xx', async () => {
    const malformed = await t.api<ApiError>('POST', '/api/auth/sign-in', { raw: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('INVALID_JSON');
    const wrongType = await t.api('POST', '/api/auth/sign-in', {
      body: { email: TEST_ADMIN.email, password: 12345 },
    });
    expect(wrongType.status).toBe(400);
    const unknownField = await t.api('POST', '/api/auth/sign-in', {
      body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password, admin: true },
    });
    expect(unknownField.status).toBe(400);
    const notAnObject = await t.api('POST', '/api/auth/sign-in', { body: ['x'] });
    expect(notAnObject.status).toBe(400);
    const huge = await t.api<ApiError>('POST', '/api/auth/sign-in', {
      body: { email: TEST_ADMIN.email, password: 'x'.repeat(300_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.message).toBe('La solicitud es demasiado grande.');
  });

  it('refuses a disabled user with 403', async () => {
    const seller = await makeUser(t);
    const admin = await t.signInAdmin();
    await t.api('PATCH', `/api/users/${seller.user.id}`, { token: admin, body: { disabled: true } });
    const res = await t.api<ApiError>('POST', '/api/auth/sign-in', {
      body: { email: seller.email, password: seller.password },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('user_disabled');
  });
});

describe('per-account back-off', () => {
  it('1,000 guesses at one account from 100 addresses: only a handful are checked', async () => {
    const guessed = await createTestApp({
      config: { trustProxy: true, rateLimits: { signIn: 10_000, reservations: 10, tracking: 10 } },
    });
    try {
      const seller = await makeUser(guessed);
      const statuses: Record<number, number> = {};
      let retryAfter: string | null = null;
      for (let batch = 0; batch < 20; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            guessed.api<ApiError>('POST', '/api/auth/sign-in', {
              body: { email: seller.email, password: `Guess-${batch}-${i}` },
              headers: { 'x-forwarded-for': `10.9.${(batch * 50 + i) % 100}.1` },
            }),
          ),
        );
        for (const answer of answers) {
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          if (answer.status === 429) {
            expect(answer.body.error.code).toBe('SIGN_IN_BACKOFF');
            expect(answer.body.error.message).toMatch(/^Demasiados intentos fallidos con esta cuenta/);
            retryAfter ??= answer.headers.get('retry-after');
          }
        }
      }
      // Ten free tries, then one per doubling wait: the test ends long before the 16 s one.
      expect(statuses[400] ?? 0).toBeGreaterThanOrEqual(10);
      expect(statuses[400] ?? 0).toBeLessThanOrEqual(15);
      expect(statuses[429]).toBe(1_000 - (statuses[400] ?? 0));
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      // The right password waits too: a guess that happened to be right would otherwise be told so.
      // Sent while more than a second of a wait is left: on a slow machine the batches can end just
      // as a wait runs out, and a try then is checked (CI saw 200).
      for (let i = 0; i < 5; i++) {
        const probe = await guessed.api<ApiError>('POST', '/api/auth/sign-in', {
          body: { email: seller.email, password: `Guess-probe-${i}` },
        });
        if (probe.status === 429 && Number(probe.headers.get('retry-after')) >= 2) break;
      }
      const right = await guessed.api<ApiError>('POST', '/api/auth/sign-in', {
        body: { email: seller.email, password: seller.password },
      });
      expect(right.status).toBe(429);
      // Another account is not held back by it.
      expect((await guessed.api('POST', '/api/auth/sign-in', { body: TEST_ADMIN })).status).toBe(200);
    } finally {
      await guessed.close();
    }
  });

  it('counts unknown accounts the same way (the answer does not tell which exist)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.api('POST', '/api/auth/sign-in', {
        body: { email: 'nadie@ejemplo.com', password: `Wrong-${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 11)).toEqual(Array(11).fill(400));
    expect(statuses[11]).toBe(429);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 in Spanish after too many attempts from one IP', async () => {
    const limited = await createTestApp({
      config: { rateLimits: { signIn: 3, reservations: 10, tracking: 10 } },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.api<ApiError>('POST', '/api/auth/sign-in', {
          body: { email: 'a@b.c', password: 'Wrong1234' },
        });
        statuses.push(res.status);
        if (res.status === 429) expect(res.body.error.code).toBe('RATE_LIMITED');
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

/** Moves a refresh token's use out of the grace window, as if it was used a minute ago. */
async function usedLongAgo(refreshToken: string) {
  await t.db.execute(
    sql`update refresh_tokens set used_at = now() - interval '1 minute' where token_hash = ${hashRefreshToken(refreshToken)}`,
  );
}

describe('POST /api/auth/refresh', () => {
  it('rotates: the new pair works and the old refresh token is dead', async () => {
    const { session } = await t.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const first = await t.api<SignInResponse>('POST', '/api/auth/refresh', {
      body: { refresh_token: session.refresh_token },
    });
    expect(first.status).toBe(200);
    expect(first.body.session.refresh_token).not.toBe(session.refresh_token);
    expect(first.body.profile.role).toBe('admin');
    const me = await t.api('GET', '/api/auth/me', { token: first.body.session.access_token });
    expect(me.status).toBe(200);

    const second = await t.api('POST', '/api/auth/refresh', {
      body: { refresh_token: first.body.session.refresh_token },
    });
    expect(second.status).toBe(200);
  });

  it('detects reuse of a rotated token after the grace window and revokes the whole session family', async () => {
    const { session } = await t.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const rotated = await t.api<SignInResponse>('POST', '/api/auth/refresh', {
      body: { refresh_token: session.refresh_token },
    });
    await usedLongAgo(session.refresh_token);
    const replay = await t.api<ApiError>('POST', '/api/auth/refresh', {
      body: { refresh_token: session.refresh_token },
    });
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('refresh_token_reused');
    // The legitimate newest token and its access token die with the family.
    const next = await t.api('POST', '/api/auth/refresh', {
      body: { refresh_token: rotated.body.session.refresh_token },
    });
    expect(next.status).toBe(401);
    const me = await t.api('GET', '/api/auth/me', { token: rotated.body.session.access_token });
    expect(me.status).toBe(401);
  });

  it('gives two tabs refreshing at once with one token the same new pair, and keeps the session', async () => {
    const { session } = await t.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        t.api<SignInResponse>('POST', '/api/auth/refresh', {
          body: { refresh_token: session.refresh_token },
        }),
      ),
    );
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.session.refresh_token).toBe(b.body.session.refresh_token);
    expect(a.body.session.access_token).toBe(b.body.session.access_token);
    expect(a.body.session.refresh_token).not.toBe(session.refresh_token);
    // A third tab a moment later, still within the window: the same pair again.
    const c = await t.api<SignInResponse>('POST', '/api/auth/refresh', {
      body: { refresh_token: session.refresh_token },
    });
    expect(c.body.session.refresh_token).toBe(a.body.session.refresh_token);
    expect((await t.api('GET', '/api/auth/me', { token: a.body.session.access_token })).status).toBe(200);
    const next = await t.api<SignInResponse>('POST', '/api/auth/refresh', {
      body: { refresh_token: a.body.session.refresh_token },
    });
    expect(next.status).toBe(200);
    // Once the new token was used, the old one is a replay even within the window.
    const replay = await t.api<ApiError>('POST', '/api/auth/refresh', {
      body: { refresh_token: session.refresh_token },
    });
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('refresh_token_reused');
  });

  it('rejects unknown, missing and malformed refresh tokens', async () => {
    const unknown = await t.api<ApiError>('POST', '/api/auth/refresh', {
      body: { refresh_token: 'not-a-token' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('invalid_refresh_token');
    expect((await t.api('POST', '/api/auth/refresh', { body: {} })).status).toBe(400);
    expect((await t.api('POST', '/api/auth/refresh', { body: { refresh_token: 42 } })).status).toBe(400);
    expect((await t.api('POST', '/api/auth/refresh', { raw: 'nope' })).status).toBe(400);
  });

  it('does not refresh a disabled user', async () => {
    const seller = await makeUser(t);
    const admin = await t.signInAdmin();
    await t.api('PATCH', `/api/users/${seller.user.id}`, { token: admin, body: { disabled: true } });
    const res = await t.api('POST', '/api/auth/refresh', { body: { refresh_token: seller.refreshToken } });
    expect([401, 403]).toContain(res.status);
    expect((await t.api('GET', '/api/auth/me', { token: seller.token })).status).toBe(401);
  });
});

describe('POST /api/auth/sign-out', () => {
  it('local sign-out ends only the current session', async () => {
    const a = await t.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const b = await t.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const res = await t.api('POST', '/api/auth/sign-out', {
      token: a.session.access_token,
      body: { scope: 'local' },
    });
    expect(res.status).toBe(204);
    expect((await t.api('GET', '/api/auth/me', { token: a.session.access_token })).status).toBe(401);
    const refresh = await t.api('POST', '/api/auth/refresh', {
      body: { refresh_token: a.session.refresh_token },
    });
    expect(refresh.status).toBe(401);
    expect((await t.api('GET', '/api/auth/me', { token: b.session.access_token })).status).toBe(200);
  });

  it('global sign-out ends every session of the user and no one else’s', async () => {
    const seller = await makeUser(t);
    const other = await t.signIn(seller.email, seller.password);
    const admin = await t.signInAdmin();
    const res = await t.api('POST', '/api/auth/sign-out', { token: seller.token, body: { scope: 'global' } });
    expect(res.status).toBe(204);
    expect((await t.api('GET', '/api/auth/me', { token: other.session.access_token })).status).toBe(401);
    expect(
      (await t.api('POST', '/api/auth/refresh', { body: { refresh_token: other.session.refresh_token } }))
        .status,
    ).toBe(401);
    expect((await t.api('GET', '/api/auth/me', { token: admin })).status).toBe(200);
  });

  it('needs a valid token and a valid scope', async () => {
    expect((await t.api('POST', '/api/auth/sign-out', { body: {} })).status).toBe(401);
    const token = await t.signInAdmin();
    expect((await t.api('POST', '/api/auth/sign-out', { token, body: { scope: 'everything' } })).status).toBe(
      400,
    );
    expect((await t.api('GET', '/api/auth/me', { token })).status).toBe(200);
  });
});

describe('GET /api/auth/me', () => {
  it('returns user and profile with the role from user_roles, live', async () => {
    const seller = await makeUser(t);
    const before = await t.api<MeResponse>('GET', '/api/auth/me', { token: seller.token });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      user: { id: seller.user.id, email: seller.email },
      profile: { role: 'vendedor' },
    });
    const admin = await t.signInAdmin();
    await t.api('PATCH', `/api/users/${seller.user.id}`, { token: admin, body: { role: 'admin' } });
    const after = await t.api<MeResponse>('GET', '/api/auth/me', { token: seller.token });
    expect(after.body.profile.role).toBe('admin');
  });

  it('answers 401 with a Spanish message for missing, garbage or tampered tokens', async () => {
    const missing = await t.api<ApiError>('GET', '/api/auth/me');
    expect(missing.status).toBe(401);
    expect(missing.body.error.message).toMatch(/sesión/);
    expect((await t.api('GET', '/api/auth/me', { token: 'garbage' })).status).toBe(401);
    const token = await t.signInAdmin();
    const [h, p, s] = token.split('.');
    const tampered = `${h}.${p}x.${s}`;
    expect((await t.api('GET', '/api/auth/me', { token: tampered })).status).toBe(401);
    expect(
      (await t.api('GET', '/api/auth/me', { headers: { authorization: `Basic ${token}` } })).status,
    ).toBe(401);
  });
});
