import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const SERVER = Date.parse('2026-11-21T23:59:50.000Z');
const MINUTE = 60_000;

// The estimate lives in the module, as it does in the app: a fresh copy for each test.
let clock: typeof import('./server-clock');
beforeEach(async () => {
  vi.resetModules();
  clock = await import('./server-clock');
});
afterEach(() => vi.useRealTimers());

/** An answer the server wrote at `serverTime`, read `rtt` ms after it was asked for. */
function answer(serverTime: number, { rtt = 80, cacheControl = 'no-cache', extra = {} } = {}) {
  const sentAt = Date.now();
  vi.advanceTimersByTime(rtt);
  const headers = new Headers({ date: new Date(serverTime + rtt / 2).toUTCString(), ...extra });
  if (cacheControl) headers.set('cache-control', cacheControl);
  clock.noteServerAnswer(headers, sentAt, Date.now());
}

describe("the server's time on a phone whose clock is off", () => {
  it('behind by 5 minutes: reads the server’s time from an answer’s Date header, to the second', () => {
    vi.useFakeTimers({ now: SERVER - 5 * MINUTE });
    expect(clock.serverNow()).toBe(SERVER - 5 * MINUTE);
    answer(SERVER);
    expect(Math.abs(clock.serverNow() - (SERVER + 80))).toBeLessThanOrEqual(1_000);
    // And keeps counting: 10 s later on the phone is 10 s later on the server.
    vi.advanceTimersByTime(10_000);
    expect(Math.abs(clock.serverNow() - (SERVER + 10_080))).toBeLessThanOrEqual(1_000);
  });

  it('ahead by 5 minutes: no closing date passes early', () => {
    vi.useFakeTimers({ now: SERVER + 5 * MINUTE });
    answer(SERVER);
    expect(Math.abs(clock.serverNow() - (SERVER + 80))).toBeLessThanOrEqual(1_000);
    expect(clock.serverNow()).toBeLessThan(SERVER + 2_000);
  });

  it('narrows the estimate answer after answer (each header is whole seconds)', () => {
    vi.useFakeTimers({ now: SERVER - 5 * MINUTE });
    // The server's true time is SERVER + 0.3 s when the phone reads SERVER - 5 min.
    const skew = 5 * MINUTE + 300;
    for (let i = 0; i < 8; i++) {
      const sentAt = Date.now();
      vi.advanceTimersByTime(40);
      const serverTime = Date.now() - 20 + skew;
      const headers = new Headers({ date: new Date(serverTime).toUTCString(), 'cache-control': 'no-store' });
      clock.noteServerAnswer(headers, sentAt, Date.now());
      vi.advanceTimersByTime(1_130); // a different fraction of the second each time
    }
    expect(Math.abs(clock.serverClockOffset() - skew)).toBeLessThanOrEqual(250);
  });

  it('starts over when the phone’s clock is set by hand', () => {
    vi.useFakeTimers({ now: SERVER - 5 * MINUTE });
    answer(SERVER);
    vi.setSystemTime(SERVER); // the buyer fixes the phone's clock
    answer(SERVER + 80);
    expect(Math.abs(clock.serverClockOffset())).toBeLessThanOrEqual(1_000);
  });

  it('tells its listeners when the estimate moves, not for noise under a quarter second', () => {
    vi.useFakeTimers({ now: SERVER - 5 * MINUTE });
    const listener = vi.fn();
    clock.subscribeServerClock(listener);
    answer(SERVER);
    expect(listener).toHaveBeenCalledTimes(1);
    answer(Date.now() + 5 * MINUTE);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('ignores what may come from the browser’s cache, and answers without a date', () => {
    vi.useFakeTimers({ now: SERVER - 5 * MINUTE });
    // A receipt cached for an hour carries the date of the copy, not of now.
    answer(SERVER, { cacheControl: 'public, max-age=3600' });
    answer(SERVER, { cacheControl: 'public, max-age=31536000, immutable' });
    answer(SERVER, { cacheControl: '', extra: { 'last-modified': new Date(SERVER - MINUTE).toUTCString() } });
    clock.noteServerAnswer(new Headers({ 'cache-control': 'no-store' }), Date.now(), Date.now());
    expect(clock.serverClockOffset()).toBe(0);
    // An answer that says nothing about caching is not reused: its date counts.
    answer(SERVER, { cacheControl: '' });
    expect(Math.abs(clock.serverClockOffset() - 5 * MINUTE)).toBeLessThanOrEqual(1_000);
  });
});
