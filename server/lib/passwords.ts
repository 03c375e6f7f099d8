import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with OWASP-recommended memory/time costs.
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash to verify against when the user does not exist, so timing does not reveal it.
let dummyHash: Promise<string> | null = null;
export const dummyPasswordHash = (): Promise<string> => {
  dummyHash ??= hash('not-a-real-password-0');
  return dummyHash;
};
