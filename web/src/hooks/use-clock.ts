import { useSyncExternalStore } from 'react';

// One interval for every countdown on screen (a home page of cards, a raffle page), started by the
// first and stopped with the last, so the second hands move together and cost one timer.
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let now = Date.now();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
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
  if (timer === undefined) now = Math.floor(Date.now() / 1000) * 1000;
  return now;
}

/** The current time, updated every second while any component reads it. */
export const useClock = (): number => useSyncExternalStore(subscribe, snapshot, snapshot);
