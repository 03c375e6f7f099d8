import { randomBytes } from 'node:crypto';
import type { Role } from '../../domain/roles';
import { createUserSchema } from '../../domain/users';
import type { TestApp } from './test-app';

export const DEFAULT_PASSWORD = 'Clave12345';

/** A staff user created through the users service, signed in and ready to call the API. */
export async function makeUser(
  t: TestApp,
  overrides: { role?: Role; email?: string; password?: string; phone?: string } = {},
) {
  const email = overrides.email ?? `user-${randomBytes(4).toString('hex')}@test.local`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const input = createUserSchema.parse({
    email,
    password,
    full_name: 'Usuario de Prueba',
    phone: overrides.phone ?? null,
    role: overrides.role ?? 'vendedor',
  });
  const user = await t.app.services.users.create(input);
  const { session } = await t.signIn(email, password);
  return { user, email, password, token: session.access_token, refreshToken: session.refresh_token };
}
