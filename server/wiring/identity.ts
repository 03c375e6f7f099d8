import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createGuards } from '../lib/guards';
import { captureStaffActions } from '../modules/audit/audit.capture';
import { createAuditLog } from '../modules/audit/audit.service';
import { type AuthService, createAuthService } from '../modules/auth/auth.service';
import { createMemorySignInBackoff, createRedisSignInBackoff } from '../modules/auth/sign-in-backoff';
import { createUsersService } from '../modules/users/users.service';
import type { SharedCounters } from './plugins';

/** Who acts: the staff audit chain, users, sign-in and the role guards every staff route uses. */
export async function wireIdentity(
  app: FastifyInstance,
  deps: { config: Config; db: Db; shared: SharedCounters; onSellerLocked: (userId: string) => void },
) {
  const { config, db, shared } = deps;
  // Every staff action, chained (decision 025): captured once, here, for every route registered after.
  const audit = createAuditLog({ db });
  captureStaffActions(app, audit);
  let auth: AuthService | null = null;
  const users = createUsersService({
    db,
    onUserLocked: async (id) => {
      deps.onSellerLocked(id);
      await auth?.revokeAllSessions(id);
    },
  });
  auth = await createAuthService({
    db,
    users,
    jwtSecret: config.jwtSecret,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    audit: (entry) => audit.record(entry, app.log),
    backoff: shared
      ? createRedisSignInBackoff(shared.redis, { prefix: config.redisKeyPrefix, breaker: shared.breaker })
      : createMemorySignInBackoff(),
  });
  return { audit, users, auth, guards: createGuards(auth) };
}
