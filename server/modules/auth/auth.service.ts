import { createHmac, randomBytes } from 'node:crypto';
import { AUDIT_AUTH_ACTIONS } from '../../../domain/audit';
import { type Profile, type Session, type SignInInput, signInSchema } from '../../../domain/auth';
import { messages } from '../../../domain/messages';
import { normalizeVePhone } from '../../../domain/phone';
import type { Role } from '../../../domain/roles';
import type { Db } from '../../db/client';
import type { ProfileRow } from '../../db/rows';
import type { AuthContext } from '../../lib/auth-context';
import { BadRequestError, ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords';
import type { AuditAppend } from '../audit/audit.service';
import type { UsersService } from '../users/users.service';
import { authRepo } from './auth.repo';
import { createMemorySignInBackoff, type SignInBackoff } from './sign-in-backoff';
import { createAccessTokens, hashRefreshToken, newRefreshToken, successorRefreshToken } from './tokens';

const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
/**
 * Two tabs refreshing at once send the same refresh token: within this window after its use the
 * second one gets the same new pair instead of the whole session being revoked as a replay.
 */
export const REFRESH_GRACE_MS = 10_000;

type RequestMeta = { ip?: string; userAgent?: string };

/** "45 segundos", "1 minuto", "15 minutos": a wait said the way people say it. */
function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}

const toProfile = (row: ProfileRow): Profile => ({
  id: row.id,
  email: row.email,
  full_name: row.fullName,
  role: (row.role as Role | null) ?? null,
});

/** The JWT secret: from config, else generated once and kept in the database (all instances share it). */
async function resolveJwtSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  return authRepo.getOrCreateSetting(db, 'jwt_secret', randomBytes(48).toString('base64url'));
}

export type AuthService = Awaited<ReturnType<typeof createAuthService>>;

export async function createAuthService(deps: {
  db: Db;
  users: UsersService;
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  /** Sign-ins (kept or refused) and refresh-token reuse go to the audit log; never awaited, never throws. */
  audit?: (entry: AuditAppend) => void;
  /** Per-account back-off (shared through Redis when set); one instance's memory by default. */
  backoff?: SignInBackoff;
}) {
  const { db, users } = deps;
  const backoff = deps.backoff ?? createMemorySignInBackoff();
  const audit = deps.audit ?? (() => {});
  const secret = await resolveJwtSecret(db, deps.jwtSecret);
  const tokens = createAccessTokens(secret, deps.accessTokenTtlSeconds);

  async function issueSession(
    sessionId: string,
    user: { id: string; email: string; role: string | null },
  ): Promise<Session> {
    const refreshToken = newRefreshToken();
    await authRepo.insertRefreshToken(db, {
      sessionId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    });
    return sessionAnswer(sessionId, user, refreshToken);
  }

  /** The pair handed out; with `issuedAt` the access token is the same each time it is made. */
  async function sessionAnswer(
    sessionId: string,
    user: { id: string; email: string; role: string | null },
    refreshToken: string,
    issuedAt?: number,
  ): Promise<Session> {
    const access = await tokens.sign(
      { sub: user.id, sid: sessionId, email: user.email, role: user.role },
      issuedAt,
    );
    return {
      access_token: access.token,
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: tokens.ttlSeconds,
      expires_at: access.expiresAt,
      user: { id: user.id, email: user.email },
    };
  }

  return {
    /** A secret for another purpose, derived from the JWT secret: the same on every instance. */
    deriveSecret: (purpose: string) => createHmac('sha256', secret).update(purpose).digest('base64url'),

    async signIn(body: unknown, meta: RequestMeta): Promise<{ session: Session; profile: Profile }> {
      const parsed = signInSchema.safeParse(body ?? {});
      if (!parsed.success) throw new BadRequestError(messages.auth.missingCredentials, 'validation_failed');
      const input: SignInInput = parsed.data;
      const by = input.email
        ? { email: input.email.toLowerCase() }
        : { phone: normalizeVePhone(input.phone ?? '') ?? input.phone };
      // Before the account is even looked up: the same answer whether it exists or not.
      const account = by.email ?? `phone:${by.phone}`;
      const waitMs = await backoff.begin(account);
      if (waitMs > 0) {
        throw new TooManyRequestsError(
          messages.auth.accountBackoff(waitInWords(waitMs)),
          'SIGN_IN_BACKOFF',
          waitMs / 1000,
        );
      }
      const user = await users.findCredentials(by);
      const passwordOk = await verifyPassword(
        user?.passwordHash ?? (await dummyPasswordHash()),
        input.password ?? '',
      );
      // What was tried, never the password: the e-mail (or phone) typed, and why it was refused.
      const refused = (status: number, reason: string) =>
        audit({
          action: AUDIT_AUTH_ACTIONS.signInFailed,
          actor_id: user?.id ?? null,
          actor_email: user?.email ?? by.email ?? null,
          actor_role: user?.role ?? null,
          summary: {
            status,
            reason,
            ...(by.phone !== undefined && { phone: String(by.phone).slice(0, 40) }),
          },
        });
      if (!user || !passwordOk) {
        refused(400, 'invalid_credentials');
        throw new BadRequestError(messages.auth.invalidCredentials, 'invalid_credentials');
      }
      if (user.disabled) {
        refused(403, 'user_disabled');
        throw new ForbiddenError(messages.auth.userDisabled, 'user_disabled');
      }
      await backoff.succeeded(account);
      const sessionId = await authRepo.createSession(db, {
        userId: user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      audit({
        action: AUDIT_AUTH_ACTIONS.signIn,
        actor_id: user.id,
        actor_email: user.email,
        actor_role: user.role,
        target: { session_id: sessionId },
        summary: { status: 200, by: by.email ? 'email' : 'phone' },
      });
      return { session: await issueSession(sessionId, user), profile: toProfile(user) };
    },

    /**
     * Rotation with reuse detection: a used token is dead, and replaying it kills its whole family,
     * except within REFRESH_GRACE_MS of its use while its successor is unused (two tabs at once):
     * that refresh gets the same new pair.
     */
    async refresh(refreshToken: string): Promise<{ session: Session; profile: Profile }> {
      const tokenHash = hashRefreshToken(refreshToken);
      const successor = successorRefreshToken(secret, refreshToken);
      // Used and replaced in one transaction: a concurrent refresh waits on the row, then finds both.
      const consumed = await db.transaction(async (tx) => {
        const used = await authRepo.consumeRefreshToken(tx, tokenHash);
        if (!used) return null;
        if (used.expiresAt.getTime() < Date.now()) return 'expired' as const;
        await authRepo.insertRefreshToken(tx, {
          sessionId: used.sessionId,
          tokenHash: hashRefreshToken(successor),
          expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
        });
        return used;
      });
      if (consumed === 'expired') {
        throw new UnauthorizedError(messages.auth.invalidRefreshToken, 'invalid_refresh_token');
      }
      if (consumed) return rotated(consumed.sessionId, successor, consumed.usedAt);

      const known = await authRepo.findRefreshToken(db, tokenHash);
      if (!known?.usedAt) {
        throw new UnauthorizedError(messages.auth.invalidRefreshToken, 'invalid_refresh_token');
      }
      if (Date.now() - known.usedAt.getTime() <= REFRESH_GRACE_MS) {
        const next = await authRepo.findRefreshToken(db, hashRefreshToken(successor));
        if (next && !next.usedAt && next.sessionId === known.sessionId) {
          return rotated(known.sessionId, successor, known.usedAt);
        }
      }
      await authRepo.revokeSession(db, known.sessionId, 'refresh_token_reused');
      const owner = await authRepo.findSessionContext(db, known.sessionId);
      audit({
        action: AUDIT_AUTH_ACTIONS.refreshTokenReused,
        actor_id: owner?.userId ?? null,
        actor_email: owner?.email ?? null,
        actor_role: owner?.role ?? null,
        target: { session_id: known.sessionId },
        summary: { status: 401, reason: 'refresh_token_reused', session_revoked: true },
      });
      throw new UnauthorizedError(messages.auth.refreshTokenReused, 'refresh_token_reused');
    },

    /** Checked on every staff request, so sign-out, disabling and role changes apply at once. */
    async authenticate(accessToken: string): Promise<AuthContext> {
      const claims = await tokens.verify(accessToken);
      if (!claims) throw new UnauthorizedError(messages.auth.sessionMissing, 'session_expired');
      const context = await authRepo.findSessionContext(db, claims.sid);
      if (!context || context.revokedAt || context.userId !== claims.sub) {
        throw new UnauthorizedError(messages.auth.sessionMissing, 'session_expired');
      }
      if (context.disabled) throw new ForbiddenError(messages.auth.userDisabled, 'user_disabled');
      return {
        userId: context.userId,
        sessionId: context.sessionId,
        email: context.email,
        role: (context.role as Role | null) ?? null,
      };
    },

    async signOut(auth: AuthContext, scope: 'global' | 'local'): Promise<void> {
      if (scope === 'global') await authRepo.revokeUserSessions(db, auth.userId, 'sign_out_global');
      else await authRepo.revokeSession(db, auth.sessionId, 'sign_out');
    },

    async me(auth: AuthContext) {
      const profile = await users.findProfile(auth.userId, auth.email);
      if (!profile) throw new UnauthorizedError(messages.auth.sessionMissing, 'session_expired');
      return { user: { id: auth.userId, email: auth.email }, profile: toProfile(profile) };
    },

    revokeAllSessions: (userId: string) => authRepo.revokeUserSessions(db, userId, 'user_locked'),
  };

  /** The answer to a refresh: the session's new pair, its access token dated at the rotation. */
  async function rotated(sessionId: string, refreshToken: string, usedAt: Date | null) {
    const context = await authRepo.findSessionContext(db, sessionId);
    if (!context || context.revokedAt) {
      throw new UnauthorizedError(messages.auth.invalidRefreshToken, 'invalid_refresh_token');
    }
    if (context.disabled) throw new ForbiddenError(messages.auth.userDisabled, 'user_disabled');
    await authRepo.touchSession(db, context.sessionId);
    const user = { id: context.userId, email: context.email, role: context.role };
    const issuedAt = Math.floor((usedAt ?? new Date()).getTime() / 1000);
    const session = await sessionAnswer(context.sessionId, user, refreshToken, issuedAt);
    const profile = await users.findProfile(context.userId, context.email);
    if (!profile) throw new UnauthorizedError(messages.auth.invalidRefreshToken, 'invalid_refresh_token');
    return { session, profile: toProfile(profile) };
  }
}
