import type { Redis } from 'ioredis';
import type { RedisBreaker } from '../../lib/redis-breaker';

const HOUR_MS = 3_600_000;

/**
 * Bytes one IP may store per clock hour (UPLOAD_BYTES_PER_HOUR). The per-minute request limit
 * alone still lets one address fill the disk or the bucket with 5 MB files.
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

/** One instance's counters, in memory: the current hour's only (the previous ones are dropped). */
export function createMemoryUploadQuota(cap: number, now = Date.now): UploadQuota {
  let hour = hourOf(now());
  let used = new Map<string, number>();
  const counters = () => {
    const current = hourOf(now());
    if (current !== hour) {
      hour = current;
      used = new Map();
    }
    return used;
  };
  const change = (ip: string, bytes: number) => {
    const map = counters();
    const next = Math.max(0, (map.get(ip) ?? 0) + bytes);
    if (next === 0) map.delete(ip);
    else map.set(ip, next);
  };
  return {
    exhausted: async (ip) => (counters().get(ip) ?? 0) >= cap,
    async take(ip, bytes) {
      if ((counters().get(ip) ?? 0) + bytes > cap) return false;
      change(ip, bytes);
      return true;
    },
    add: async (ip, bytes) => change(ip, bytes),
    giveBack: async (ip, bytes) => change(ip, -bytes),
  };
}

// Add, and undo at once if over the cap: atomic, so two instances cannot both slip under it.
const TAKE_SCRIPT = `
local used = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
if used > tonumber(ARGV[2]) then
  redis.call('DECRBY', KEYS[1], ARGV[1])
  return 0
end
return 1`;

/**
 * Counters shared by every instance through Redis (REDIS_URL), one key per IP and clock hour.
 * When Redis does not answer within 50 ms (the breaker), this instance's own counters decide:
 * never unlimited.
 */
export function createRedisUploadQuota(
  cap: number,
  redis: Redis,
  options: { prefix: string; breaker: RedisBreaker; now?: () => number },
): UploadQuota {
  const now = options.now ?? Date.now;
  const alone = createMemoryUploadQuota(cap, now);
  const key = (ip: string) => `${options.prefix}:upload-bytes:${hourOf(now())}:${ip}`;
  const ttlSeconds = Math.ceil(HOUR_MS / 1000) + 60;
  const via = <T>(work: () => Promise<T>, fallback: () => Promise<T>) =>
    options.breaker.run('upload quota', work, fallback);
  const incr = async (ip: string, bytes: number) => {
    const k = key(ip);
    await redis.multi().incrby(k, bytes).expire(k, ttlSeconds).exec();
  };
  return {
    exhausted: (ip) =>
      via(
        async () => Number((await redis.get(key(ip))) ?? 0) >= cap,
        () => alone.exhausted(ip),
      ),
    take: (ip, bytes) =>
      via(
        async () => (await redis.eval(TAKE_SCRIPT, 1, key(ip), bytes, cap, ttlSeconds)) === 1,
        () => alone.take(ip, bytes),
      ),
    add: (ip, bytes) =>
      via(
        () => incr(ip, bytes),
        () => alone.add(ip, bytes),
      ),
    giveBack: (ip, bytes) =>
      via(
        () => incr(ip, -bytes),
        () => alone.giveBack(ip, bytes),
      ),
  };
}
