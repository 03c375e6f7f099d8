import { useSyncExternalStore } from 'react';
import { serverNow } from '@/lib/server-clock';

// One interval for every countdown on screen (a home page of cards, a raffle page), started by the
// first and stopped with the last, so the second hands move together and cost one timer. The time is
// the server's (lib/server-clock.ts): a countdown to a closing date counts what the server counts.
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let now = serverNow();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    now = serverNow();
    timer = setInterval(() => {
      now = serverNow();
      for (const notify of listeners) notify();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * The ticking time, or, before the first subscriber, the current second: a snapshot must not change
 * between two reads of one render.
 */
function snapshot() {
  if (timer === undefined) now = Math.floor(serverNow() / 1000) * 1000;
  return now;
}

/** The server's current time, updated every second while any component reads it. */
export const useClock = (): number => useSyncExternalStore(subscribe, snapshot, snapshot);
