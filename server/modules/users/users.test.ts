import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ApiErrorWith } from '../../../domain/api';
import type { MeResponse } from '../../../domain/auth';
import type { User } from '../../../domain/users';
import { DEFAULT_PASSWORD, makeUser } from '../../test/factories';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const newUser = (overrides: Record<string, unknown> = {}) => ({
  email: `nuevo-${Math.random().toString(36).slice(2, 8)}@test.local`,
  password: 'Tortuga-Marina-2026',
  full_name: 'María Pérez',
  role: 'vendedor',
  ...overrides,
});

describe('authorization of /api/users', () => {
  it('answers 401 without a token and 403 to a vendedor, on every route', async () => {
    const seller = await makeUser(t);
    const id = seller.user.id;
    for (const [method, path, body] of [
      ['GET', '/api/users', undefined],
      ['POST', '/api/users', newUser()],
      ['PATCH', `/api/users/${id}`, { full_name: 'Hackeado' }],
    ] as const) {
      expect((await t.api(method, path, { body })).status).toBe(401);
      const forbidden = await t.api<ApiError>(method, path, { body, token: seller.token });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error.message).toBe('No tienes permiso para realizar esta acción.');
    }
    const me = await t.api<MeResponse>('GET', '/api/auth/me', { token: seller.token });
    expect(me.body.profile.full_name).toBe('Usuario de Prueba');
  });
});

describe('GET /api/users', () => {
  it('lists users with role and state, oldest first, never the password hash', async () => {
    const res = await t.api<User[]>('GET', '/api/users', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({
      email: TEST_ADMIN.email,
      role: 'admin',
      disabled: false,
      phone: null,
    });
    expect(Object.keys(res.body[0]).sort()).toEqual([
      'created_at',
      'disabled',
      'email',
      'full_name',
      'id',
      'phone',
      'role',
    ]);
  });
});

describe('POST /api/users', () => {
  it('creates a user who can then sign in', async () => {
    const body = newUser({ phone: '0424 123 4567', email: 'Vendedora@Test.Local' });
    const res = await t.api<User>('POST', '/api/users', { token: admin, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'vendedora@test.local',
      phone: '0424-1234567',
      role: 'vendedor',
      disabled: false,
    });
    const signIn = await t.api('POST', '/api/auth/sign-in', {
      body: { phone: '04241234567', password: 'Tortuga-Marina-2026' },
    });
    expect(signIn.status).toBe(200);
  });

  it('refuses a weak password with 422 and the list of reasons', async () => {
    const res = await t.api<ApiErrorWith<{ reasons: string[] }>>('POST', '/api/users', {
      token: admin,
      body: newUser({ password: 'abc' }),
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('weak_password');
    expect(res.body.error.reasons).toEqual(['Debe tener al menos 8 caracteres']);
  });

  it.each(['aaaaaaa1', '1111111a', 'qwertyui1', 'Rifas2024'])(
    'refuses the easy-to-guess %s with Spanish reasons',
    async (password) => {
      const res = await t.api<ApiErrorWith<{ reasons: string[] }>>('POST', '/api/users', {
        token: admin,
        body: newUser({ password }),
      });
      expect(res.status).toBe(422);
      expect(res.body.error.reasons[0]).toMatch(/^Es fácil de adivinar/);
    },
  );

  it('refuses a duplicate e-mail (any case) or phone with 409', async () => {
    const first = newUser({ phone: '0412-7654321' });
    expect((await t.api('POST', '/api/users', { token: admin, body: first })).status).toBe(201);
    const sameEmail = await t.api<ApiError>('POST', '/api/users', {
      token: admin,
      body: newUser({ email: first.email.toUpperCase() }),
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error.message).toBe('Ya existe un usuario con ese correo');
    const samePhone = await t.api<ApiError>('POST', '/api/users', {
      token: admin,
      body: newUser({ phone: '+584127654321' }),
    });
    expect(samePhone.status).toBe(409);
    expect(samePhone.body.error.message).toBe('Ya existe un usuario con ese teléfono');
  });

  it('rejects bad input with a Spanish 4xx and writes nothing', async () => {
    const before = (await t.api<User[]>('GET', '/api/users', { token: admin })).body.length;
    const cases: [unknown, number][] = [
      [newUser({ email: 'no-es-correo' }), 422],
      [newUser({ role: 'superadmin' }), 400],
      [newUser({ phone: '12345' }), 422],
      [newUser({ full_name: 42 }), 400],
      [newUser({ is_admin: true }), 400],
      [{ email: 'x@y.z' }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await t.api<ApiError>('POST', '/api/users', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.message).toMatch(/[a-zá-ú]/i);
      expect(res.body.error.message).not.toMatch(/expected|invalid input/i);
    }
    expect((await t.api('POST', '/api/users', { token: admin, raw: '{"email":' })).status).toBe(400);
    expect((await t.api<User[]>('GET', '/api/users', { token: admin })).body.length).toBe(before);
  });
});

describe('PATCH /api/users/:id', () => {
  it('changes role, name and phone', async () => {
    const seller = await makeUser(t);
    const res = await t.api<User>('PATCH', `/api/users/${seller.user.id}`, {
      token: admin,
      body: { role: 'admin', full_name: 'Nuevo Nombre', phone: '0416-1112233' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'admin', full_name: 'Nuevo Nombre', phone: '0416-1112233' });
    expect((await t.api('GET', '/api/users', { token: seller.token })).status).toBe(200);
  });

  it('disabling ends the user’s sessions and blocks sign-in; enabling lets them back', async () => {
    const seller = await makeUser(t);
    const disabled = await t.api<User>('PATCH', `/api/users/${seller.user.id}`, {
      token: admin,
      body: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.disabled).toBe(true);
    expect((await t.api('GET', '/api/auth/me', { token: seller.token })).status).toBe(401);
    const signIn = { body: { email: seller.email, password: seller.password } };
    expect((await t.api('POST', '/api/auth/sign-in', signIn)).status).toBe(403);
    await t.api('PATCH', `/api/users/${seller.user.id}`, { token: admin, body: { disabled: false } });
    expect((await t.api('POST', '/api/auth/sign-in', signIn)).status).toBe(200);
  });

  it('resets a password: the old one stops working, weak ones get reasons', async () => {
    const seller = await makeUser(t);
    const weak = await t.api<ApiErrorWith<{ reasons: string[] }>>('PATCH', `/api/users/${seller.user.id}`, {
      token: admin,
      body: { password: 'corta' },
    });
    expect(weak.status).toBe(422);
    expect(weak.body.error.reasons.length).toBeGreaterThan(0);
    const reset = await t.api('PATCH', `/api/users/${seller.user.id}`, {
      token: admin,
      body: { password: 'OtraClave2026' },
    });
    expect(reset.status).toBe(200);
    const old = await t.api('POST', '/api/auth/sign-in', {
      body: { email: seller.email, password: DEFAULT_PASSWORD },
    });
    expect(old.status).toBe(400);
    const fresh = await t.api('POST', '/api/auth/sign-in', {
      body: { email: seller.email, password: 'OtraClave2026' },
    });
    expect(fresh.status).toBe(200);
  });

  it('does not let an admin lock themselves out', async () => {
    const me = (await t.api<MeResponse>('GET', '/api/auth/me', { token: admin })).body.user.id;
    for (const body of [{ disabled: true }, { role: 'vendedor' }]) {
      const res = await t.api<ApiError>('PATCH', `/api/users/${me}`, { token: admin, body });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toMatch(/propia cuenta/);
    }
  });

  it('answers 404 for an unknown user and 400 for a malformed id or body', async () => {
    const unknown = await t.api<ApiError>('PATCH', '/api/users/00000000-0000-4000-8000-000000000000', {
      token: admin,
      body: { full_name: 'Nadie' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Usuario no encontrado');
    expect((await t.api('PATCH', '/api/users/not-a-uuid', { token: admin, body: {} })).status).toBe(400);
    const seller = await makeUser(t);
    expect(
      (await t.api('PATCH', `/api/users/${seller.user.id}`, { token: admin, body: { disabled: 'yes' } }))
        .status,
    ).toBe(400);
    expect(
      (await t.api('PATCH', `/api/users/${seller.user.id}`, { token: admin, body: { email: 'x@y.z' } }))
        .status,
    ).toBe(400);
  });
});
