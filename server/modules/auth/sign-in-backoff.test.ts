import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisBreaker } from '../../lib/redis-breaker';
import {
  createMemorySignInBackoff,
  createRedisSignInBackoff,
  delayAfterAttempt,
  SIGN_IN_BACKOFF,
  type SignInBackoff,
} from './sign-in-backoff';

const free = SIGN_IN_BACKOFF.freeAttempts;
const quietLog = { warn: () => {} };

describe('delayAfterAttempt', () => {
  it('is free for the first tries, then doubles from 1 s up to 15 minutes', () => {
    expect(delayAfterAttempt(1)).toBe(0);
    expect(delayAfterAttempt(free)).toBe(0);
    expect(delayAfterAttempt(free + 1)).toBe(1_000);
    expect(delayAfterAttempt(free + 2)).toBe(2_000);
    expect(delayAfterAttempt(free + 5)).toBe(16_000);
    expect(delayAfterAttempt(free + 100)).toBe(15 * 60_000);
  });
});

/** The same behaviour, whatever keeps the counts. */
function behavesAsBackoff(make: (now: () => number) => SignInBackoff) {
  it('counts a try when it starts: past the free ones, the next waits', async () => {
    let at = 1_000_000;
    const backoff = make(() => at);
    const account = `a-${randomBytes(4).toString('hex')}@x.com`;
    for (let i = 0; i < free + 1; i++) expect(await backoff.begin(account)).toBe(0);
    expect(await backoff.begin(account)).toBe(1_000); // the try after the first paid one waits 1 s
    at += 1_000;
    expect(await backoff.begin(account)).toBe(0);
    expect(await backoff.begin(account)).toBe(2_000);
    // Another account is not touched.
    expect(await backoff.begin(`other-${account}`)).toBe(0);
  });

  it('starts again after a successful sign-in', async () => {
    const backoff = make(() => 5_000_000);
    const account = `b-${randomBytes(4).toString('hex')}@x.com`;
    for (let i = 0; i < free + 1; i++) await backoff.begin(account);
    expect(await backoff.begin(account)).toBeGreaterThan(0);
    await backoff.succeeded(account);
    expect(await backoff.begin(account)).toBe(0);
  });
}

describe('in memory', () => {
  behavesAsBackoff((now) => createMemorySignInBackoff({ now }));

  it('forgets an account an hour after its last try, and keeps a bounded number of accounts', async () => {
    let at = 0;
    const backoff = createMemorySignInBackoff({ now: () => at, maxAccounts: 3 });
    for (let i = 0; i < free + 1; i++) await backoff.begin('x@x.com');
    expect(await backoff.begin('x@x.com')).toBeGreaterThan(0);
    at += SIGN_IN_BACKOFF.forgetAfterMs + 1;
    expect(await backoff.begin('x@x.com')).toBe(0);
    for (let i = 0; i < free + 1; i++) await backoff.begin('y@x.com');
    // Three more accounts push the oldest (y) out: its count is gone.
    for (const name of ['1', '2', '3']) await backoff.begin(`${name}@x.com`);
    expect(await backoff.begin('y@x.com')).toBe(0);
  });
});

// Runs on both passes (it needs only Redis): the counts are shared by instances, and a Redis that
// does not answer is replaced by this instance's memory within 50 ms, never by no limit.
describe('through Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `rifas-test-${randomBytes(6).toString('hex')}`;
  const clients: Redis[] = [];
  const client = (url = redisUrl) => {
    const redis = new Redis(url, { connectTimeout: 1_000, maxRetriesPerRequest: 1, lazyConnect: true });
    redis.on('error', () => {});
    clients.push(redis);
    return redis;
  };
  afterAll(() => {
    for (const redis of clients) redis.disconnect();
  });

  // A loaded test machine may take longer than production's 50 ms: the sharing is what is tested.
  const patient = () => createRedisBreaker({ log: quietLog, timeoutMs: 2_000 });
  behavesAsBackoff((now) => createRedisSignInBackoff(client(), { prefix, breaker: patient(), now }));

  it('shares one count between two instances', async () => {
    const a = createRedisSignInBackoff(client(), { prefix, breaker: patient() });
    const b = createRedisSignInBackoff(client(), { prefix, breaker: patient() });
    const account = `shared-${randomBytes(4).toString('hex')}@x.com`;
    for (let i = 0; i < free + 1; i++) expect(await (i % 2 ? a : b).begin(account)).toBe(0);
    expect(await a.begin(account)).toBeGreaterThan(0);
    expect(await b.begin(account)).toBeGreaterThan(0);
  });

  it('with Redis down, decides within 50 ms from memory and still limits', async () => {
    const down = createRedisSignInBackoff(client('redis://127.0.0.1:1'), {
      prefix,
      breaker: createRedisBreaker({ log: quietLog }),
    });
    const account = `down-${randomBytes(4).toString('hex')}@x.com`;
    const started = performance.now();
    for (let i = 0; i < free + 1; i++) expect(await down.begin(account)).toBe(0);
    expect(await down.begin(account)).toBeGreaterThan(0);
    // The first call gives Redis 50 ms, the next ones skip it: far below the seconds each sign-in
    // waited before (3.3 s), with room for a loaded test machine.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
