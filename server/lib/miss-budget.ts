import { createHmac } from 'node:crypto';
import type { UploadQuota as HourlyCounter } from '../modules/files/upload-quota';

/**
 * A weak secret guessed against one known value (a cédula's phone digits, an order code's cédula)
 * gets a few misses per hour for that value, whatever the address: per-address limits alone let a
 * client with many addresses try them all. Each attempt is counted before it runs (guesses sent at
 * once cannot all run) and given back when it finds what it asked for. Past the allowance every
 * attempt on that value is refused, right or wrong, so a refusal tells nothing.
 */
export type MissBudget = ReturnType<typeof createMissBudget>;

export function createMissBudget(options: { counter: HourlyCounter; secret: string }) {
  // Keyed by a keyed hash of the value: no cédula or order code in Redis keys.
  const keyOf = (value: string) => createHmac('sha256', options.secret).update(value).digest('base64url');
  return {
    /**
     * Runs `lookUp` if the value has a miss left this hour (null when not), keeping the count when
     * `missed` says it found nothing or it threw an error `missed` says is a miss.
     */
    async attempt<T>(
      value: string,
      lookUp: () => Promise<T>,
      missed: (outcome: { result: T } | { error: unknown }) => boolean,
    ): Promise<{ result: T } | null> {
      const key = keyOf(value);
      if (!(await options.counter.take(key, 1))) return null;
      let result: T;
      try {
        result = await lookUp();
      } catch (error) {
        if (!missed({ error })) await options.counter.giveBack(key, 1);
        throw error;
      }
      if (!missed({ result })) await options.counter.giveBack(key, 1);
      return { result };
    },
  };
}
