import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../domain/messages';
import type { Role } from '../../domain/roles';
import type { AuthContext } from './auth-context';
import { ForbiddenError, UnauthorizedError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

export type Guards = ReturnType<typeof createGuards>;

/** What the guards need of the auth module: who a valid access token belongs to (or a 401). */
export type Authenticator = { authenticate(accessToken: string): Promise<AuthContext> };

/**
 * Who a guard lets through, carried by the guard itself: the route's OpenAPI `security` and its
 * cache policy are read from the guard in its `onRequest` (server/lib/responses.ts), so the
 * contract can never say other than what the route enforces.
 */
export type GuardAccess = 'authenticated' | 'staff' | 'admin' | 'optional';
type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
export type Guard = Hook & { readonly access: GuardAccess };

/** Marks an onRequest hook as a guard of this access (the guards below, or a route's own variant). */
export const guard = (access: GuardAccess, hook: Hook): Guard => Object.assign(hook, { access });

/** onRequest hooks (identity before any body is read or validated): `authenticated` for any signed-in user, `staff` for admin|vendedor, `admin` for admins. */
export function createGuards(auth: Authenticator) {
  async function authenticate(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError(messages.auth.sessionMissing, 'session_missing');
    request.auth = await auth.authenticate(token);
    return request.auth;
  }
  const requireRole =
    (...roles: Role[]) =>
    async (request: FastifyRequest, _reply: FastifyReply) => {
      const context = await authenticate(request);
      if (!context.role || !roles.includes(context.role)) throw new ForbiddenError(messages.auth.forbidden);
    };
  return {
    authenticated: guard('authenticated', async (request: FastifyRequest, _reply: FastifyReply) => {
      await authenticate(request);
    }),
    staff: guard('staff', requireRole('admin', 'vendedor')),
    admin: guard('admin', requireRole('admin')),
    /** For public routes that show more to staff: sets request.auth when a valid token is sent. */
    optional: guard('optional', async (request: FastifyRequest, _reply: FastifyReply) => {
      if (bearerToken(request)) await authenticate(request);
    }),
  };
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthorizedError(messages.auth.sessionMissing, 'session_missing');
  return request.auth;
}
