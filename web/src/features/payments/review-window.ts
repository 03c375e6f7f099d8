const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export type ReviewWindow =
  | { kind: 'none' }
  | { kind: 'expired' }
  | { kind: 'hours'; hours: number }
  | { kind: 'minutes'; minutes: number };

/**
 * How long a pending payment still holds its numbers (`review_until`), rounded down to whole hours
 * ("Quedan 31 h") and, in the last hour, up to whole minutes (never "0 min" while time is left).
 */
export function reviewWindow(reviewUntil: string | null, now: number): ReviewWindow {
  if (!reviewUntil) return { kind: 'none' };
  const left = new Date(reviewUntil).getTime() - now;
  if (Number.isNaN(left)) return { kind: 'none' };
  if (left <= 0) return { kind: 'expired' };
  if (left >= HOUR_MS) return { kind: 'hours', hours: Math.floor(left / HOUR_MS) };
  return { kind: 'minutes', minutes: Math.ceil(left / MINUTE_MS) };
}
