import type { Config } from '../config';
import { createMemoryUploadQuota, createRedisUploadQuota } from '../modules/files/upload-quota';
import type { SharedCounters } from './plugins';

/** Hourly counters per address: in Redis when configured (every instance counts together), else here. */
export function hourlyCounterMaker(config: Config, shared: SharedCounters) {
  return (cap: number, suffix: string) =>
    shared
      ? createRedisUploadQuota(cap, shared.redis, {
          prefix: `${config.redisKeyPrefix}${suffix}`,
          breaker: shared.breaker,
        })
      : createMemoryUploadQuota(cap);
}

/** Where the uploads and the health check look for free disk. */
export const diskOf = (config: Config) => ({ dir: config.dataDir, minFreeMb: config.minFreeDiskMb });
