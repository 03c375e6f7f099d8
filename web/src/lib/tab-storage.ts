/**
 * What a buyer's tab keeps for itself (sessionStorage): the order they opened, what they chose and
 * typed, a reservation whose answer was lost, their last tracking lookup. The buyer leaves for
 * WhatsApp or the bank app, the phone discards the tab, and the reload must find it all again; the
 * buyer's data on their own phone, never beyond the tab (decisions 057, 058).
 *
 * Storage that is unavailable (private mode, blocked), full or holding something else never throws:
 * nothing is kept, and a read finds nothing.
 */

/** How long a kept draft or unconfirmed reservation is still worth offering. */
export const TAB_DAY_MS = 24 * 3600_000;

type ReadOptions = {
  /** Only a value kept (with `stamped`) less than this long ago is read. */
  maxAgeMs?: number;
  now?: number;
};

/**
 * The value kept under `key`, as `parse` accepts it (a guard or a schema's parse: it receives the
 * stored JSON, unknown, and answers the value or null); null when nothing usable is kept.
 */
export function readTab<T>(
  key: string,
  parse: (stored: unknown) => T | null,
  { maxAgeMs, now = Date.now() }: ReadOptions = {},
): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    if (raw === null) return null;
    const stored: unknown = JSON.parse(raw);
    if (maxAgeMs !== undefined && !keptWithin(stored, maxAgeMs, now)) return null;
    return parse(stored);
  } catch {
    return null;
  }
}

/**
 * Keeps `value` for the tab. `stamped` adds `savedAt` (now) beside an object's fields, so a read
 * with `maxAgeMs` can tell its age.
 */
export function keepTab(key: string, value: unknown, { stamped = false } = {}): void {
  try {
    const kept = stamped ? { ...(value as object), savedAt: Date.now() } : value;
    sessionStorage.setItem(key, JSON.stringify(kept));
  } catch {
    // Private mode or full storage: the page keeps it in memory until a reload, as before.
  }
}

export function forgetTab(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** Whether `value` is a non-null object (not an array): the first check of most guards. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function keptWithin(stored: unknown, maxAgeMs: number, now: number): boolean {
  return isRecord(stored) && typeof stored.savedAt === 'number' && now - stored.savedAt < maxAgeMs;
}
