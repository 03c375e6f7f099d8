import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../../domain/messages';
import type { Role } from '../../../domain/roles';
import type { CreateUserInput, User } from '../../../domain/users';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, UnprocessableError, uniqueViolation } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { weakPasswordReasons } from './password-strength';
import { type ProfileRow, usersRepo } from './users.repo';

export type UserUpdate = Partial<{
  role: Role;
  full_name: string;
  phone: string | null;
  password: string;
  disabled: boolean;
}>;

export const toUser = (row: ProfileRow): User => ({
  id: row.id,
  email: row.email,
  full_name: row.fullName,
  phone: row.phone,
  role: (row.role as Role | null) ?? null,
  disabled: row.disabled,
  created_at: row.createdAt.toISOString(),
});

async function assertStrong(password: string, person: { email?: string; fullName?: string }) {
  const reasons = await weakPasswordReasons(password, person);
  if (reasons.length > 0)
    throw new UnprocessableError(messages.users.weakPassword, 'weak_password', { reasons });
}

function rethrowDuplicate(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === 'profiles_email_key')
    throw new ConflictError(messages.users.duplicateEmail, 'EMAIL_TAKEN');
  if (constraint === 'profiles_phone_key')
    throw new ConflictError(messages.users.duplicatePhone, 'PHONE_TAKEN');
  throw error;
}

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService({
  db,
  onUserLocked,
}: {
  db: Db;
  onUserLocked?: (userId: string) => Promise<void>;
}) {
  async function getOrThrow(id: string): Promise<ProfileRow> {
    const row = await usersRepo.findById(db, id);
    if (!row) throw new NotFoundError(messages.users.notFound, 'USER_NOT_FOUND');
    return row;
  }

  return {
    list: async (): Promise<User[]> => (await usersRepo.list(db)).map(toUser),

    async create(
      input: Required<Pick<CreateUserInput, 'email' | 'password' | 'full_name' | 'role'>> & {
        phone?: string | null;
      },
    ) {
      await assertStrong(input.password, { email: input.email, fullName: input.full_name });
      const passwordHash = await hashPassword(input.password);
      const id = await db
        .transaction((tx) =>
          usersRepo.insert(tx, {
            email: input.email,
            passwordHash,
            fullName: input.full_name,
            phone: input.phone ?? null,
            role: input.role,
          }),
        )
        .catch(rethrowDuplicate);
      return toUser(await getOrThrow(id));
    },

    async update(actorId: string, id: string, input: UserUpdate): Promise<User> {
      const current = await getOrThrow(id);
      const locksOut = input.disabled === true || (input.role && input.role !== 'admin');
      // An admin cannot lock themselves out, and the last active admin cannot go away.
      if (locksOut && current.role === 'admin') {
        if (actorId === id) throw new ConflictError(messages.users.cannotChangeSelf, 'SELF_LOCKOUT');
        if ((await usersRepo.countActiveAdmins(db)) <= 1)
          throw new ConflictError(messages.users.lastAdmin, 'LAST_ADMIN');
      }
      if (input.password !== undefined)
        await assertStrong(input.password, { email: current.email, fullName: current.fullName });
      const passwordHash = input.password !== undefined ? await hashPassword(input.password) : undefined;
      await db
        .transaction(async (tx) => {
          await usersRepo.update(tx, id, {
            ...(input.full_name !== undefined && { fullName: input.full_name }),
            ...(input.phone !== undefined && { phone: input.phone }),
            ...(input.disabled !== undefined && { disabled: input.disabled }),
            ...(passwordHash && { passwordHash }),
          });
          if (input.role) await usersRepo.setRole(tx, id, input.role);
        })
        .catch(rethrowDuplicate);
      // A disabled user or a reset password ends every open session of that user.
      if (input.disabled === true || passwordHash) await onUserLocked?.(id);
      return toUser(await getOrThrow(id));
    },

    findCredentials: (by: { email?: string; phone?: string }) => usersRepo.findCredentials(db, by),

    /** Profile of a signed-in user: by user id, falling back to e-mail (SPEC 6). */
    async findProfile(userId: string, email?: string): Promise<ProfileRow | null> {
      return (await usersRepo.findById(db, userId)) ?? (email ? usersRepo.findByEmail(db, email) : null);
    },

    /** First start on an empty database: create the admin, printing a generated password once. */
    async ensureFirstAdmin(
      config: { adminEmail: string; adminPassword: string | null },
      log: FastifyBaseLogger,
    ) {
      if ((await usersRepo.count(db)) > 0) return null;
      const password = config.adminPassword ?? `${randomBytes(9).toString('base64url')}7a`;
      const passwordHash = await hashPassword(password);
      await db
        .transaction((tx) =>
          usersRepo.insert(tx, {
            email: config.adminEmail,
            passwordHash,
            fullName: 'Administrador',
            phone: null,
            role: 'admin',
          }),
        )
        .catch((error) => {
          // Another instance created it at the same moment.
          if (!uniqueViolation(error)) throw error;
        });
      if (!config.adminPassword) {
        log.warn(`First admin created: ${config.adminEmail} / password: ${password}  (shown only once)`);
        console.log(
          `\n  Rifas: first admin ${config.adminEmail}  password: ${password}\n  (shown only once; change it in Usuarios)\n`,
        );
      } else {
        log.info(`First admin created: ${config.adminEmail}`);
      }
      return { email: config.adminEmail };
    },
  };
}
