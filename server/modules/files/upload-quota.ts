import type { Redis } from 'ioredis';
import type { RedisBreaker } from '../../lib/redis-breaker';

const HOUR_MS = 3_600_000;

/**
 * Bytes one IP may store per hour (UPLOAD_BYTES_PER_HOUR), counted over the last 60 minutes. The
 * per-minute request limit alone still lets one address fill the disk or the bucket with 5 MB files.
 */
export type UploadQuota = {
  /** Whether this IP has nothing left this hour (checked before the body is read). */
  exhausted(ip: string): Promise<boolean>;
  /** Counts `bytes` against the IP; false (nothing counted) when they would go over the cap. */
  take(ip: string, bytes: number): Promise<boolean>;
  /** Counts bytes already stored (a photo's copies) even over the cap. */
  add(ip: string, bytes: number): Promise<void>;
  /** Gives bytes back (the store failed after `take`). */
  giveBack(ip: string, bytes: number): Promise<void>;
};

const hourOf = (now: number) => Math.floor(now / HOUR_MS);

/**
 * How much of the previous clock hour's use still counts now: all of it at the hour, none an hour
 * later. Counted per clock hour alone, a client took the whole allowance at 10:59 and again at
 * 11:00 (twice the cap within two minutes); weighing the previous hour by what is left of it bounds
 * any 60 minutes near the cap (the sliding-window estimate of two counters per key).
 */
const previousWeight = (now: number) => 1 - (now % HOUR_MS) / HOUR_MS;

/** One instance's counters, in memory: this clock hour's and the previous one's. */
export function createMemoryUploadQuota(cap: number, now = Date.now): UploadQuota {
  let hour = hourOf(now());
  let used = new Map<string, number>();
  let previous = new Map<string, number>();
  const counters = () => {
    const current = hourOf(now());
    if (current !== hour) {
      previous = current === hour + 1 ? used : new Map();
      used = new Map();
      hour = current;
    }
    return used;
  };
  /** What counts against the cap now: this hour's use and the weighed part of the previous hour's. */
  const usage = (ip: string) => (counters().get(ip) ?? 0) + (previous.get(ip) ?? 0) * previousWeight(now());
  const change = (ip: string, bytes: number) => {
    const map = counters();
    const next = Math.max(0, (map.get(ip) ?? 0) + bytes);
    if (next === 0) map.delete(ip);
    else map.set(ip, next);
  };
  return {
    exhausted: async (ip) => usage(ip) >= cap,
    async take(ip, bytes) {
      if (usage(ip) + bytes > cap) return false;
      change(ip, bytes);
      return true;
    },
    add: async (ip, bytes) => change(ip, bytes),
    giveBack: async (ip, bytes) => change(ip, -bytes),
  };
}

// Add to this hour's counter, and undo at once if over the cap with the previous hour's weighed
// use: atomic, so two instances cannot both slip under it.
const TAKE_SCRIPT = `
local previous = tonumber(redis.call('GET', KEYS[2]) or '0')
local used = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
if used + previous * tonumber(ARGV[4]) > tonumber(ARGV[2]) then
  redis.call('DECRBY', KEYS[1], ARGV[1])
  return 0
end
return 1`;

// Change this hour's counter, never below 0 (a give-back just after the hour turned).
const CHANGE_SCRIPT = `
local used = redis.call('INCRBY', KEYS[1], ARGV[1])
if used < 0 then redis.call('SET', KEYS[1], 0) end
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1`;

/**
 * Counters shared by every instance through Redis (REDIS_URL), one key per IP and clock hour; the
 * previous hour's key is read weighed (previousWeight). When Redis does not answer within 50 ms
 * (the breaker), this instance's own counters decide: never unlimited.
 */
export function createRedisUploadQuota(
  cap: number,
  redis: Redis,
  options: { prefix: string; breaker: RedisBreaker; now?: () => number },
): UploadQuota {
  const now = options.now ?? Date.now;
  const alone = createMemoryUploadQuota(cap, now);
  const keys = (ip: string) => {
    const hour = hourOf(now());
    return [
      `${options.prefix}:upload-bytes:${hour}:${ip}`,
      `${options.prefix}:upload-bytes:${hour - 1}:${ip}`,
    ] as const;
  };
  // Kept through the next hour, where it is the previous one.
  const ttlSeconds = Math.ceil((2 * HOUR_MS) / 1000) + 60;
  const via = <T>(work: () => Promise<T>, fallback: () => Promise<T>) =>
    options.breaker.run('upload quota', work, fallback);
  const change = async (ip: string, bytes: number) => {
    await redis.eval(CHANGE_SCRIPT, 1, keys(ip)[0], bytes, ttlSeconds);
  };
  return {
    exhausted: (ip) =>
      via(
        async () => {
          const [current, previous] = await redis.mget(...keys(ip));
          return Number(current ?? 0) + Number(previous ?? 0) * previousWeight(now()) >= cap;
        },
        () => alone.exhausted(ip),
      ),
    take: (ip, bytes) =>
      via(
        async () =>
          (await redis.eval(TAKE_SCRIPT, 2, ...keys(ip), bytes, cap, ttlSeconds, previousWeight(now()))) ===
          1,
        () => alone.take(ip, bytes),
      ),
    add: (ip, bytes) =>
      via(
        () => change(ip, bytes),
        () => alone.add(ip, bytes),
      ),
    giveBack: (ip, bytes) =>
      via(
        () => change(ip, -bytes),
        () => alone.giveBack(ip, bytes),
      ),
  };
}
