import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../domain/api';
import { createTestApp, type TestApp } from '../test/test-app';

// Runs once (PGlite pass): the counters live in Redis whatever the database.
// Two instances of the app, as behind a load balancer, sharing one Redis (started by .ci/run).
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const shared = {
  redisUrl,
  redisKeyPrefix: `rifas-test-${randomBytes(6).toString('hex')}`,
  rateLimits: { signIn: 4, reservations: 30, tracking: 20, uploads: 20, board: 120 },
  // A loaded test machine can take longer than production's 50 ms: the sharing is what is tested.
  redisTimeoutMs: 2_000,
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

const wrongSignIn = (t: TestApp) =>
  t.api<ApiError>('POST', '/api/auth/sign-in', {
    body: { email: 'nadie@test.local', password: 'Incorrecta-2026' },
  });

describe('rate limits shared through Redis (REDIS_URL)', () => {
  it('counts sign-in attempts made on both instances together', async () => {
    const statuses = [];
    for (const t of [a, b, a, b]) statuses.push((await wrongSignIn(t)).status);
    expect(statuses).toEqual([400, 400, 400, 400]);
    // The fifth attempt is refused wherever it lands: each instance alone has seen only two.
    const fifth = await wrongSignIn(b);
    expect(fifth.status).toBe(429);
    expect(fifth.body.error.code).toBe('RATE_LIMITED');
    expect((await wrongSignIn(a)).status).toBe(429);
  });

  it('an instance without REDIS_URL keeps counting alone, in memory', async () => {
    const alone = await createTestApp({ config: { rateLimits: shared.rateLimits } });
    try {
      for (let i = 0; i < 4; i++) expect((await wrongSignIn(alone)).status).toBe(400);
      expect((await wrongSignIn(alone)).status).toBe(429);
    } finally {
      await alone.close();
    }
  });
});

describe('Redis down (issue 21, item 6)', () => {
  it('answers at once, keeps every limit per instance, and health says degraded', async () => {
    // Nothing listens on port 1: every call fails; the breaker answers from memory.
    const down = await createTestApp({
      config: {
        ...shared,
        redisUrl: 'redis://127.0.0.1:1',
        redisKeyPrefix: `${shared.redisKeyPrefix}-down`,
        redisTimeoutMs: 50,
      },
    });
    try {
      const statuses = [];
      let slowest = 0;
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        statuses.push((await wrongSignIn(down)).status);
        slowest = Math.max(slowest, performance.now() - started);
      }
      // Four tries, then the fifth is refused: the limit still holds, counted in this instance.
      expect(statuses).toEqual([400, 400, 400, 400, 429]);
      // Redis is given 50 ms, then skipped: no request waits on it (before: 3.3 s a sign-in). The
      // bound leaves room for a loaded test machine, far below what waiting on Redis cost.
      expect(slowest).toBeLessThan(1_000);
      const health = await down.api<{ status: string; redis: string }>('GET', '/api/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'degraded', redis: 'unavailable' });
      const healthy = await a.api<{ status: string; redis: string }>('GET', '/api/health');
      expect(healthy.body).toMatchObject({ status: 'ok', redis: 'ok' });
    } finally {
      await down.close();
    }
  });
});
