import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { createRedisBreaker, type RedisBreaker } from './redis-breaker';

// The plugin's own stores (CommonJS, not in its types): Redis for the shared counts, memory for
// the fallback. Each route gets a child of both.
const require = createRequire(import.meta.url);
type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
type Store = {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
};
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;

/**
 * A rate-limit store that counts in Redis through the breaker and in this instance's memory when
 * Redis does not answer within 50 ms: a Redis outage neither slows requests nor lifts the limits.
 */
function breakerStore(redis: Redis, nameSpace: string, breaker: RedisBreaker) {
  class BreakerStore implements Store {
    constructor(
      private readonly shared: Store,
      private readonly local: Store,
    ) {}
    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      breaker.runCallback<Result>(
        'rate limit',
        (done) => this.shared.incr(key, done, timeWindow, max),
        (done) => this.local.incr(key, done, timeWindow, max),
        cb,
      );
    }
    read(key: string, cb: Callback, timeWindow: number, max: number) {
      const { shared, local } = this;
      breaker.runCallback<Result>(
        'rate limit',
        (done) => shared.read?.(key, done, timeWindow, max),
        (done) => local.read?.(key, done, timeWindow, max),
        cb,
      );
    }
    child(routeOptions: unknown) {
      return new BreakerStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  // The plugin constructs the global store itself, with its options; routes get children.
  return class GlobalBreakerStore extends BreakerStore {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  };
}

/**
 * Where @fastify/rate-limit keeps its counters: in memory (one instance), or in Redis when
 * REDIS_URL is set, so several instances behind a load balancer count one client's requests
 * together. A Redis outage must not take sales down nor lift the limits: behind the breaker,
 * each instance then counts alone in memory (lib/redis-breaker.ts).
 */
export async function rateLimitStore(
  app: FastifyInstance,
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix' | 'redisTimeoutMs'>,
) {
  if (!config.redisUrl) return null;
  // Loaded only when configured: a single instance does not carry the client (decision 032).
  const { Redis } = await import('ioredis');
  // A command waiting for a reconnect is given up by the breaker after 50 ms.
  const redis = new Redis(config.redisUrl, { connectTimeout: 1_000, maxRetriesPerRequest: 1 });
  redis.on('error', () => {
    /* reported once per outage by the breaker */
  });
  const breaker = createRedisBreaker({ log: app.log, timeoutMs: config.redisTimeoutMs });
  // Connected before the first request, so the first counts are shared; a Redis down at start
  // only delays the start by a second (the breaker takes over from there).
  await Promise.race([redis.ping().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 1_000))]);
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return {
    redis,
    breaker,
    store: breakerStore(redis, `${config.redisKeyPrefix}:rl:`, breaker),
    /** For health: whether Redis answers a PING within the breaker's 50 ms. */
    answers: () =>
      breaker.run(
        'health',
        async () => (await redis.ping()) === 'PONG',
        () => false,
      ),
  };
}
