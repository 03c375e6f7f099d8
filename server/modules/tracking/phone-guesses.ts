import { createHmac } from 'node:crypto';
import { messages } from '../../../domain/messages';
import { TooManyRequestsError } from '../../lib/errors';
import type { UploadQuota as HourlyCounter } from '../files/upload-quota';

/** Past a cédula's misses of the hour: 429, the same for a right or a wrong guess. */
export const trackingLimitError = () =>
  new TooManyRequestsError(messages.http.trackingMisses, 'TRACKING_LIMIT', 3600);

/**
 * What proves a buyer without a token is the cédula with the last 4 digits of its phone: 10,000
 * guesses for a cédula someone knows. The per-address limits alone let a client with many addresses
 * (proxies, an IPv6 /56 of 256 /64s) try them all in minutes, and learn that person's raffles,
 * numbers, order codes and verification codes. So each cédula has `TRACKING_MISSES_PER_CEDULA`
 * look-ups in the last 60 minutes that find nothing, whatever the address: each look-up is counted before it
 * runs (guesses sent at once cannot all run) and given back when it finds the buyer. Past the
 * allowance every look-up of that cédula is refused, right or wrong, so a refusal tells nothing.
 * An unknown cédula and a wrong phone count alike: the count says nothing of who bought here.
 */
export type PhoneGuesses = ReturnType<typeof createPhoneGuesses>;

export function createPhoneGuesses(options: { counter: HourlyCounter; secret: string }) {
  // Keyed by a keyed hash of the normalized cédula: no cédula in Redis keys.
  const keyOf = (cedula: string) => createHmac('sha256', options.secret).update(cedula).digest('base64url');
  return {
    /**
     * Runs `lookUp` if the cédula has a miss left this hour (null when not), keeping the count when
     * `missed` says it found nothing or it threw an error `missed` says is a miss.
     */
    async attempt<T>(
      cedula: string,
      lookUp: () => Promise<T>,
      missed: (outcome: { result: T } | { error: unknown }) => boolean,
    ): Promise<{ result: T } | null> {
      const key = keyOf(cedula);
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
