import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ProfileRow } from '../../db/rows';
import { profiles, userRoles } from '../../db/schema';

const profileColumns = {
  id: profiles.id,
  email: profiles.email,
  fullName: profiles.fullName,
  phone: profiles.phone,
  disabled: profiles.disabled,
  createdAt: profiles.createdAt,
  role: userRoles.role,
};

export type { ProfileRow } from '../../db/rows';

const withRole = (db: Executor) =>
  db.select(profileColumns).from(profiles).leftJoin(userRoles, eq(userRoles.userId, profiles.id));

export const usersRepo = {
  list: (db: Executor): Promise<ProfileRow[]> =>
    withRole(db).orderBy(asc(profiles.createdAt), asc(profiles.id)),

  async findById(db: Executor, id: string): Promise<ProfileRow | null> {
    const [row] = await withRole(db).where(eq(profiles.id, id));
    return row ?? null;
  },

  async findByEmail(db: Executor, email: string): Promise<ProfileRow | null> {
    const [row] = await withRole(db).where(eq(sql`lower(${profiles.email})`, email.toLowerCase()));
    return row ?? null;
  },

  /** The credential lookup for sign-in: by e-mail (case-insensitive) or by phone. */
  async findCredentials(db: Executor, by: { email?: string; phone?: string }) {
    const condition = by.email
      ? eq(sql`lower(${profiles.email})`, by.email.toLowerCase())
      : eq(profiles.phone, by.phone ?? '');
    const [row] = await db
      .select({ ...profileColumns, passwordHash: profiles.passwordHash })
      .from(profiles)
      .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
      .where(condition);
    return row ?? null;
  },

  async count(db: Executor): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(profiles);
    return row?.n ?? 0;
  },

  async insert(
    db: Executor,
    values: { email: string; passwordHash: string; fullName: string; phone: string | null; role: string },
  ): Promise<string> {
    const [row] = await db
      .insert(profiles)
      .values({
        email: values.email,
        passwordHash: values.passwordHash,
        fullName: values.fullName,
        phone: values.phone,
      })
      .returning({ id: profiles.id });
    if (!row) throw new Error('insert returned no row');
    await db.insert(userRoles).values({ userId: row.id, role: values.role });
    return row.id;
  },

  async update(
    db: Executor,
    id: string,
    values: Partial<{ fullName: string; phone: string | null; passwordHash: string; disabled: boolean }>,
  ): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await db
      .update(profiles)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(profiles.id, id));
  },

  async setRole(db: Executor, userId: string, role: string): Promise<void> {
    await db
      .insert(userRoles)
      .values({ userId, role })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role } });
  },

  async countActiveAdmins(db: Executor): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(profiles)
      .innerJoin(userRoles, and(eq(userRoles.userId, profiles.id), eq(userRoles.role, 'admin')))
      .where(eq(profiles.disabled, false));
    return row?.n ?? 0;
  },
};
