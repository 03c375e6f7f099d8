/**
 * Every Redis call of the app goes through one breaker (issue 21): a call that does not answer
 * within 50 ms is given up and the caller decides alone (per-instance memory counters, never no
 * limit); after a failure Redis is left alone for a few seconds, so an outage costs each request
 * nothing. Health reads `available()` and says `degraded`.
 */
export const REDIS_TIMEOUT_MS = 50;
const SKIP_AFTER_FAILURE_MS = 5_000;

type Log = { warn: (obj: object, msg: string) => void };

export function createRedisBreaker(options: { log: Log; timeoutMs?: number; skipMs?: number }) {
  const timeoutMs = options.timeoutMs ?? REDIS_TIMEOUT_MS;
  const skipMs = options.skipMs ?? SKIP_AFTER_FAILURE_MS;
  let skipUntil = 0;
  let lastError: unknown = null;

  function failed(error: unknown, what: string) {
    // One warning per outage, not one per request.
    if (Date.now() >= skipUntil)
      options.log.warn({ err: error }, `${what}: Redis unavailable, counted in memory`);
    skipUntil = Date.now() + skipMs;
    lastError = error;
  }

  return {
    /** `work` through Redis, or `alone` when Redis is skipped, fails or is slower than the timeout. */
    async run<T>(what: string, work: () => Promise<T>, alone: () => Promise<T> | T): Promise<T> {
      if (Date.now() < skipUntil) return alone();
      let timer: NodeJS.Timeout | undefined;
      try {
        return await Promise.race([
          work(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)),
              timeoutMs,
            );
          }),
        ]);
      } catch (error) {
        failed(error, what);
        return alone();
      } finally {
        clearTimeout(timer);
      }
    },
    /** The callback form @fastify/rate-limit's stores use. */
    runCallback<T>(
      what: string,
      work: (done: (error: Error | null, result?: T) => void) => void,
      alone: (done: (error: Error | null, result?: T) => void) => void,
      done: (error: Error | null, result?: T) => void,
    ) {
      if (Date.now() < skipUntil) return alone(done);
      let settled = false;
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        failed(new Error(`Redis did not answer within ${timeoutMs} ms`), what);
        alone(done);
      }, timeoutMs);
      work((error, result) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) {
          failed(error, what);
          return alone(done);
        }
        done(null, result);
      });
    },
    /** False while the breaker skips Redis (it failed in the last few seconds). */
    available: () => Date.now() >= skipUntil,
    lastError: () => lastError,
  };
}

export type RedisBreaker = ReturnType<typeof createRedisBreaker>;
