import type { Profile, Session } from '@domain/auth';

/** The one key that holds the session; every auth key starts with the prefix. */
export const STORAGE_KEY = 'rifas.auth.session';
export const STORAGE_PREFIX = 'rifas.auth.';

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;
export type StoredAuth = { session: Session; profile: Profile | null };

/** Whether anything is stored under the session key (checked, if so, by session-checks.ts). */
export function hasStoredAuth(storage: StorageLike): boolean {
  try {
    return Boolean(storage.getItem(STORAGE_KEY));
  } catch {
    return false;
  }
}

export function writeStoredAuth(storage: StorageLike, value: StoredAuth): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the session still lives in memory for this tab.
  }
}

/** Removes every key of ours (the session and any older auth key). */
export function clearStoredAuth(storage: StorageLike): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(STORAGE_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage unavailable: nothing persisted to clear.
  }
}

/** In-memory storage for tests and for browsers that block localStorage. */
export function createMemoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    key: (index) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
  };
}
