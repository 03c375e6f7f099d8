/*
 * "Now" as the server counts it, for what the page compares with a date the server decides by: the
 * closing date (the server refuses a reservation from then on), a draw's time, a hold's deadline. A
 * phone's clock can be minutes off (set by hand, no network time); the raffle page used to keep the
 * number picker after the closing date on a phone behind, and hide it early on one ahead.
 *
 * Every API answer carries the server's `Date` header (whole seconds). An answer read between
 * `sentAt` and `receivedAt` (this device's clock) was written by the server in between, within the
 * second its header names, so the offset (server minus device) lies in
 * [date - receivedAt, date + 1 s - sentAt]. Each answer narrows that range; the estimate is its
 * middle, off by at most half a second plus half a round trip. Decision 064.
 */

import { useSyncExternalStore } from 'react';

let range: { low: number; high: number } | undefined;
let offset = 0;
const listeners = new Set<() => void>();

/** A change smaller than this is noise for countdowns in whole seconds: no timer is set again for it. */
const STEADY_MS = 250;

/**
 * Takes the server's time from an API answer. An answer the browser may hand back from its cache
 * without asking the server (one with a lifetime, or a Last-Modified it could guess one from)
 * carries the date of that copy, not of now: not taken. Our JSON answers say `no-cache` or
 * `no-store`, or nothing; a 304 brings its new date into the copy the browser hands back.
 */
export function noteServerAnswer(headers: Headers, sentAt: number, receivedAt: number) {
  const cacheControl = headers.get('cache-control') ?? '';
  const reusable =
    /max-age=[1-9]|immutable/.test(cacheControl) || headers.has('expires') || headers.has('last-modified');
  if (reusable && !/no-cache|no-store/.test(cacheControl)) return;
  const date = Date.parse(headers.get('date') ?? '');
  if (Number.isNaN(date)) return;
  const low = date - receivedAt;
  const high = date + 1000 - sentAt;
  // Outside what was known: the device's clock was set since (or a proxy's date): start over.
  range =
    range && low <= range.high && high >= range.low
      ? { low: Math.max(low, range.low), high: Math.min(high, range.high) }
      : { low, high };
  const estimate = Math.round((range.low + range.high) / 2);
  if (Math.abs(estimate - offset) < STEADY_MS) return;
  offset = estimate;
  for (const notify of listeners) notify();
}

/** The server's current time in ms, as this device best knows it (the device's own before any answer). */
export const serverNow = (): number => Date.now() + offset;

/** Server minus device, in ms: a dependency for timers that wait for a server time. */
export const serverClockOffset = (): number => offset;

/** The offset, re-rendering when it moves: a timer set for a server time depends on it. */
export const useServerClockOffset = (): number =>
  useSyncExternalStore(subscribeServerClock, serverClockOffset, serverClockOffset);

/** Calls `listener` when the estimate moves (the first answer, a clock set by hand). */
export function subscribeServerClock(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
