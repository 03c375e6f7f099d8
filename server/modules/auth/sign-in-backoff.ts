import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RedisBreaker } from '../../lib/redis-breaker';

/**
 * Per-account back-off for sign-in (issue 21): whatever address the guesses come from, one account
 * gets FREE_ATTEMPTS tries, then each further try waits twice as long as the one before (1 s, 2 s,
 * 4 s, … up to 15 min). A try counts when it starts, before the password is checked, so a hundred
 * guesses sent at once cannot all be checked; a successful sign-in forgets the count. Unknown
 * accounts are treated the same, so the back-off tells nothing about which accounts exist.
 */
export const SIGN_IN_BACKOFF = {
  freeAttempts: 10,
  firstDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  /** A count is forgotten this long after its last try. */
  forgetAfterMs: 60 * 60_000,
} as const;

/** The wait set after the `attempt`-th try in a row (1-based): 0 while tries are free. */
export function delayAfterAttempt(attempt: number, policy = SIGN_IN_BACKOFF): number {
  if (attempt <= policy.freeAttempts) return 0;
  const doublings = Math.min(attempt - policy.freeAttempts - 1, 30);
  return Math.min(policy.firstDelayMs * 2 ** doublings, policy.maxDelayMs);
}

export type SignInBackoff = {
  /** Starts a try: 0 when it may go on (and it is counted), else the milliseconds left to wait. */
  begin(account: string): Promise<number>;
  /** The account signed in: its count starts again. */
  succeeded(account: string): Promise<void>;
};

/** Accounts are kept by a hash of the normalised e-mail or phone: no addresses in memory or Redis. */
const accountKey = (account: string) => createHash('sha256').update(account).digest('base64url');

/** One instance's counts in memory; the oldest are dropped past `maxAccounts` (guessed names fill it). */
export function createMemorySignInBackoff(
  options: { now?: () => number; maxAccounts?: number } = {},
): SignInBackoff {
  const now = options.now ?? Date.now;
  const maxAccounts = options.maxAccounts ?? 50_000;
  const tries = new Map<string, { count: number; until: number; last: number }>();
  return {
    async begin(account) {
      const key = accountKey(account);
      const at = now();
      let entry = tries.get(key);
      if (entry && at - entry.last > SIGN_IN_BACKOFF.forgetAfterMs) entry = undefined;
      if (entry && entry.until > at) return entry.until - at;
      const count = (entry?.count ?? 0) + 1;
      tries.delete(key); // re-inserted last: the Map's order is the order of last tries
      tries.set(key, { count, until: at + delayAfterAttempt(count), last: at });
      if (tries.size > maxAccounts) tries.delete(tries.keys().next().value as string);
      return 0;
    },
    async succeeded(account) {
      tries.delete(accountKey(account));
    },
  };
}

// One atomic step per try, so several instances share one count: wait if locked, else count the
// try and set the wait that follows it. ARGV: now, free tries, first delay, max delay, forget after.
const BEGIN_SCRIPT = `
local untilMs = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
local now = tonumber(ARGV[1])
if untilMs > now then return untilMs - now end
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
local delay = 0
if count > tonumber(ARGV[2]) then
  delay = math.min(tonumber(ARGV[3]) * 2 ^ math.min(count - tonumber(ARGV[2]) - 1, 30), tonumber(ARGV[4]))
end
redis.call('HSET', KEYS[1], 'until', now + delay)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 0`;

/**
 * Counts shared by every instance through Redis (REDIS_URL). When Redis does not answer within
 * 50 ms (the breaker) this instance's own memory counts instead: never unlimited.
 */
export function createRedisSignInBackoff(
  redis: Redis,
  options: { prefix: string; breaker: RedisBreaker; now?: () => number },
): SignInBackoff {
  const now = options.now ?? Date.now;
  const fallback = createMemorySignInBackoff({ now });
  const key = (account: string) => `${options.prefix}:sign-in:${accountKey(account)}`;
  const p = SIGN_IN_BACKOFF;
  return {
    begin: (account) =>
      options.breaker.run(
        'sign-in back-off',
        async () => {
          const args = [now(), p.freeAttempts, p.firstDelayMs, p.maxDelayMs, p.forgetAfterMs];
          return Number(await redis.eval(BEGIN_SCRIPT, 1, key(account), ...args));
        },
        () => fallback.begin(account),
      ),
    async succeeded(account) {
      await fallback.succeeded(account);
      await options.breaker.run(
        'sign-in back-off',
        async () => {
          await redis.del(key(account));
        },
        () => {},
      );
    },
  };
}
