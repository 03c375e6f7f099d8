import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';

/**
 * Where @fastify/rate-limit keeps its counters: in memory (one instance), or in Redis when
 * REDIS_URL is set, so several instances behind a load balancer count one client's requests
 * together. A Redis outage must not take sales down: requests then pass unlimited (logged).
 */
export function rateLimitStore(app: FastifyInstance, config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>) {
  if (!config.redisUrl) return {};
  const redis = new Redis(config.redisUrl, { connectTimeout: 1_000, maxRetriesPerRequest: 1 });
  redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store (Redis) unavailable'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, nameSpace: `${config.redisKeyPrefix}:rl:`, skipOnError: true };
}
