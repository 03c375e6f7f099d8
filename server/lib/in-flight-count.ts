import { performance } from 'node:perf_hooks';

/**
 * How many of something are under way (requests waiting for their answer), and how many on
 * average since the last look: a mean over time, so a burst that came and went between two looks
 * counts for as long as it lasted, not for whether it happened to be there at the look.
 */
export function createInFlightCount(clock: () => number = () => performance.now()) {
  let current = 0;
  /** Count × milliseconds since `from`. */
  let area = 0;
  let from = clock();
  let last = from;

  function advance() {
    const now = clock();
    area += current * (now - last);
    last = now;
  }

  return {
    /** Counts `work` as under way until it settles; answers what it answers. */
    async track<T>(work: () => Promise<T>): Promise<T> {
      advance();
      current++;
      try {
        return await work();
      } finally {
        advance();
        current--;
      }
    },
    /** Under way now. */
    now: () => current,
    /** The mean count under way since the previous call (the count now, if no time passed). */
    meanSinceLastLook(): number {
      advance();
      const span = last - from;
      const mean = span > 0 ? area / span : current;
      area = 0;
      from = last;
      return mean;
    },
  };
}

export type InFlightCount = ReturnType<typeof createInFlightCount>;
