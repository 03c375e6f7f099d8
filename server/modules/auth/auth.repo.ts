import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { authSessions, profiles, refreshTokens, userRoles } from '../../db/schema';
import { appSettings } from '../../db/schema-operations';

export const authRepo = {
  async getSetting(db: Executor, key: string): Promise<string | null> {
    const [row] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, key));
    return row?.value ?? null;
  },

  /** Inserts unless present, then reads back: concurrent first starts agree on one value. */
  async getOrCreateSetting(db: Executor, key: string, value: string): Promise<string> {
    await db.insert(appSettings).values({ key, value }).onConflictDoNothing();
    return (await authRepo.getSetting(db, key)) ?? value;
  },

  async createSession(
    db: Executor,
    values: { userId: string; userAgent?: string; ip?: string },
  ): Promise<string> {
    const [row] = await db.insert(authSessions).values(values).returning({ id: authSessions.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async insertRefreshToken(db: Executor, values: { sessionId: string; tokenHash: string; expiresAt: Date }) {
    await db.insert(refreshTokens).values(values);
  },

  /** Marks the token used if it was unused; null means it was already used or never existed. */
  async consumeRefreshToken(db: Executor, tokenHash: string) {
    const [row] = await db
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
      .returning({
        sessionId: refreshTokens.sessionId,
        expiresAt: refreshTokens.expiresAt,
        usedAt: refreshTokens.usedAt,
      });
    return row ?? null;
  },

  async findRefreshToken(db: Executor, tokenHash: string) {
    const [row] = await db
      .select({
        sessionId: refreshTokens.sessionId,
        usedAt: refreshTokens.usedAt,
        expiresAt: refreshTokens.expiresAt,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return row ?? null;
  },

  /** The session with its user's current state: one query per authenticated request. */
  async findSessionContext(db: Executor, sessionId: string) {
    const [row] = await db
      .select({
        sessionId: authSessions.id,
        revokedAt: authSessions.revokedAt,
        userId: profiles.id,
        email: profiles.email,
        disabled: profiles.disabled,
        role: userRoles.role,
      })
      .from(authSessions)
      .innerJoin(profiles, eq(profiles.id, authSessions.userId))
      .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
      .where(eq(authSessions.id, sessionId));
    return row ?? null;
  },

  async touchSession(db: Executor, sessionId: string) {
    await db.update(authSessions).set({ refreshedAt: sql`now()` }).where(eq(authSessions.id, sessionId));
  },

  async revokeSession(db: Executor, sessionId: string, reason: string) {
    await db
      .update(authSessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  },

  async revokeUserSessions(db: Executor, userId: string, reason: string) {
    await db
      .update(authSessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  },
};
