import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import { createRedisBreaker } from '../../lib/redis-breaker';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PDF, upload } from '../../test/uploads';
import { createRedisUploadQuota } from './upload-quota';

// Runs once (PGlite pass): the counters live in Redis whatever the database. Two instances, as
// behind a load balancer, sharing one Redis (as in lib/rate-limit-store.pglite.test.ts).
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const shared = {
  redisUrl,
  redisKeyPrefix: `rifas-test-${randomBytes(6).toString('hex')}`,
  uploadBytesPerHour: PDF.length * 2,
  trustProxy: true,
  redisTimeoutMs: 2_000, // a loaded test machine: the sharing is what is tested
};

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ config: shared });
  b = await createTestApp({ config: shared });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

describe('upload bytes per hour shared through Redis (REDIS_URL)', () => {
  it('counts what one IP stored on both instances together', async () => {
    expect((await upload(a, PDF, from('10.1.0.1'))).status).toBe(201);
    expect((await upload(b, PDF, from('10.1.0.1'))).status).toBe(201);
    // Each instance alone has seen half the cap; together it is reached.
    const third = await upload<ApiError>(a, PDF, from('10.1.0.1'));
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('UPLOAD_QUOTA_EXCEEDED');
    expect((await upload(b, PDF, from('10.1.0.1'))).status).toBe(429);
    expect((await upload(b, PDF, from('10.1.0.2'))).status).toBe(201);
  });

  it('counts the last 60 minutes across the clock hour, as the in-memory counters do', async () => {
    const redis = new Redis(redisUrl);
    let now = Date.UTC(2026, 0, 1, 10, 59, 0);
    const prefix = `rifas-test-${randomBytes(6).toString('hex')}`;
    const log = { warn: () => {} } as never;
    const quota = createRedisUploadQuota(100, redis, {
      prefix,
      breaker: createRedisBreaker({ log }),
      now: () => now,
    });
    try {
      expect(await quota.take('10.2.0.1', 100)).toBe(true);
      now = Date.UTC(2026, 0, 1, 11, 0, 30);
      expect(await quota.take('10.2.0.1', 1)).toBe(false);
      now = Date.UTC(2026, 0, 1, 11, 30, 0);
      expect(await quota.take('10.2.0.1', 51)).toBe(false);
      expect(await quota.take('10.2.0.1', 50)).toBe(true);
      // A give-back never takes this hour's counter below 0.
      await quota.giveBack('10.2.0.1', 80);
      expect(await quota.take('10.2.0.1', 51)).toBe(false);
      expect(await quota.take('10.2.0.1', 50)).toBe(true);
      now = Date.UTC(2026, 0, 1, 13, 0, 0);
      expect(await quota.take('10.2.0.1', 100)).toBe(true);
    } finally {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });

  it('counts in this instance when Redis does not answer (logged once), never unlimited', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as never;
    const quota = createRedisUploadQuota(10, down, { prefix: 'x', breaker: createRedisBreaker({ log }) });
    try {
      // Over the cap is refused by this instance's own counters: an outage lifts no limit.
      expect(await quota.take('10.1.0.3', 1000)).toBe(false);
      expect(await quota.take('10.1.0.3', 6)).toBe(true);
      expect(await quota.exhausted('10.1.0.3')).toBe(false);
      expect(await quota.take('10.1.0.3', 6)).toBe(false);
      expect(warnings.length).toBe(1); // one warning for the outage, not one per call
    } finally {
      down.disconnect();
    }
  });
});
