import { type TrackingQuery, trackingQuerySchema } from '@domain/tracking';
import { isRecord, keepTab, readTab, TAB_DAY_MS } from '@/lib/tab-storage';

/**
 * The buyer's last lookup (cédula and the four digits), kept for this tab (sessionStorage) like the
 * order's visit: they leave for the bank app to pay, the phone discards the tab, and the reload must
 * show their tickets again. Only what was asked is kept, never the answer: the page asks again, so
 * what it shows is what the server says now. A day old, it is no longer worth asking.
 */
const KEY = 'rifas:seguimiento';

export function readKeptLookup(now = Date.now()): TrackingQuery | null {
  return readTab(
    KEY,
    (stored) => (isRecord(stored) ? (trackingQuerySchema.safeParse(stored.query).data ?? null) : null),
    { maxAgeMs: TAB_DAY_MS, now },
  );
}

export function keepLookup(query: TrackingQuery) {
  keepTab(KEY, { query }, { stamped: true });
}
