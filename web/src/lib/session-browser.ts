import { createMemoryStorage, STORAGE_KEY, type StorageLike } from './session-storage';

/** Browser wiring of the session manager; falls back to memory where there is no window. */
export function browserSessionDeps() {
  const hasWindow = typeof window !== 'undefined';
  let storage: StorageLike;
  try {
    storage = hasWindow ? window.localStorage : createMemoryStorage();
  } catch {
    storage = createMemoryStorage(); // localStorage blocked (privacy settings)
  }
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return {
    storage,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
    withLock: locks
      ? <T>(fn: () => Promise<T>) => locks.request('rifas.auth.refresh', () => fn()) as Promise<T>
      : undefined,
    subscribeToStorage: hasWindow
      ? (onChange: () => void) => {
          const handler = (event: StorageEvent) => {
            if (event.key === STORAGE_KEY || event.key === null) onChange();
          };
          window.addEventListener('storage', handler);
          return () => window.removeEventListener('storage', handler);
        }
      : undefined,
    subscribeToVisible: hasWindow
      ? (onVisible: () => void) => {
          const handler = () => {
            if (document.visibilityState === 'visible') onVisible();
          };
          document.addEventListener('visibilitychange', handler);
          return () => document.removeEventListener('visibilitychange', handler);
        }
      : undefined,
  };
}
