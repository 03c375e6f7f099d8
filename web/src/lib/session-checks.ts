import { profileSchema, type SignInResponse, sessionSchema, signInResponseSchema } from '@domain/auth';
import { z } from '@domain/zod';
import { STORAGE_KEY, type StorageLike, type StoredAuth } from './session-storage';

/*
 * The checks of a stored or received session. They need zod, so session.ts loads this module only
 * when there is a session to check: a buyer who never signs in does not download the library.
 */

const storedAuthSchema = z.object({ session: sessionSchema, profile: profileSchema.nullable() });

/** Reads a stored value; anything unreadable counts as no session. */
export function parseStoredAuth(raw: string | null): StoredAuth | null {
  if (!raw) return null;
  try {
    const parsed = storedAuthSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readStoredAuth(storage: StorageLike): StoredAuth | null {
  try {
    return parseStoredAuth(storage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

/** The body of a sign-in or refresh answer, or null when it is not one. */
export function parseSignInResponse(body: unknown): SignInResponse | null {
  const parsed = signInResponseSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}
