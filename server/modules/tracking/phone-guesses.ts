import { messages } from '../../../domain/messages';
import { TooManyRequestsError } from '../../lib/errors';
import type { MissBudget } from '../../lib/miss-budget';

/** Past a cédula's misses of the hour: 429, the same for a right or a wrong guess. */
export const trackingLimitError = () =>
  new TooManyRequestsError(messages.http.trackingMisses, 'TRACKING_LIMIT', 3600);

/**
 * What proves a buyer without a token is the cédula with the last 4 digits of its phone: 10,000
 * guesses for a cédula someone knows. The per-address limits alone let a client with many addresses
 * (proxies, an IPv6 /56 of 256 /64s) try them all in minutes, and learn that person's raffles,
 * numbers, order codes and verification codes. So each cédula has `TRACKING_MISSES_PER_CEDULA`
 * look-ups in the last 60 minutes that find nothing, whatever the address (a `MissBudget` keyed by
 * the normalized cédula). An unknown cédula and a wrong phone count alike: the count says nothing
 * of who bought here.
 */
export type PhoneGuesses = MissBudget;
