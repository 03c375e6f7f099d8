import { raffleIdParams } from './api';
import { RAFFLE_IMAGE_WIDTHS, type RaffleImageWidth } from './images';
import {
  createPaymentResultSchema,
  PAYMENT_STATUSES,
  publicCreatePaymentResultSchema,
  staffPaymentSchema,
  ticketLedgerEntrySchema,
} from './payments';
import { PAYMENT_TYPES, publicRaffleSchema, RAFFLE_STATUSES, raffleSchema } from './raffles';
import { currencyCodeSchema, exchangeRateSchema, rateHistoryPointSchema } from './rates';
import { STORAGE_KEY_PATTERN } from './uploads';
import { userSchema } from './users';
import { z } from './zod';

/**
 * What only the HTTP routes declare (decision 013): path params, query strings and list answers
 * built from the domain's schemas. Route files import no zod of their own, so every shape of the
 * contract lives in domain/. The web does not import this file: no page gains zod through it.
 */

// Raffles
/** `GET /api/raffles` filters. */
export const raffleListQuery = z.object({
  status: z.enum(RAFFLE_STATUSES).optional(),
  payment_type: z.enum(PAYMENT_TYPES).optional(),
  seller_id: z.uuid().optional(),
  /** `true`: the archived raffles instead (staff: those they manage; the public gets none). */
  archived: z.enum(['true', 'false'], 'Usa archived=true o archived=false').optional(),
});
export const publicRaffleListSchema = z.array(publicRaffleSchema);
export const raffleListSchema = z.array(raffleSchema);

// Staff tickets
const invalidNumber = 'Número inválido';
/** `/api/raffles/:id/numbers/:number`: a number of the raffle (0 .. 999 999). */
export const raffleNumberParams = raffleIdParams.extend({
  number: z.coerce.number(invalidNumber).int(invalidNumber).min(0, invalidNumber).max(999_999, invalidNumber),
});

// Payments
/** `GET /api/payments?status=`. */
export const paymentListQuery = z.object({ status: z.enum(PAYMENT_STATUSES).optional() });
export const staffPaymentListSchema = z.array(staffPaymentSchema);
export const ticketPaymentListSchema = z.array(ticketLedgerEntrySchema);
/**
 * `POST /api/payments` answered to staff: the service's own view, with the `duplicate_of` hint on
 * the raffles they manage (staff first in this union, the public shape otherwise).
 */
export const staffCreatePaymentAnswerSchema = z.union([
  createPaymentResultSchema,
  publicCreatePaymentResultSchema,
]);

// Users
export const userListSchema = z.array(userSchema);

// Exchange rates
export const currencyParams = z.object({ currency: currencyCodeSchema });
export const exchangeRateListSchema = z.array(exchangeRateSchema);
export const rateHistorySchema = z.array(rateHistoryPointSchema);

// Files
export const FILE_KINDS = ['payment-proof', 'raffle-image'] as const;
/** `POST /api/uploads?kind=`: a payment proof unless said otherwise. */
export const uploadQuery = z.object({ kind: z.enum(FILE_KINDS).default('payment-proof') });
/** A key no upload can have answers 404 (files.service), so `pattern` only documents it. */
export const fileKeyParams = z.object({
  key: z.string().max(200).meta({ pattern: STORAGE_KEY_PATTERN.source }),
});
const WIDTHS = RAFFLE_IMAGE_WIDTHS.map(String) as [`${RaffleImageWidth}`, ...`${RaffleImageWidth}`[]];
/** `GET /api/files/:key?w=800`: the 800 px WebP copy of a raffle photo (the original when it has none). */
export const fileQuery = z.object({ w: z.enum(WIDTHS).optional() });
