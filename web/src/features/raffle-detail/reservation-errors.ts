import { messages } from '@domain/messages';
import { reservationMessages } from '@domain/reservations';
import { padTicketNumber } from '@domain/tickets';
import { texts } from '@/config/texts';
import { isApiError } from '@/lib/api-error';
import { answerLost } from './api/create-reservation';
import { reservationTexts } from './reservation-texts';

export type ReservationProblem = {
  /** Numbers someone else took first (409 TICKETS_UNAVAILABLE). */
  taken: number[];
  /** Field problems keyed by form path (`buyer.phone`, `payment_proof`…). */
  fields: { path: string; message: string }[];
  /** A sentence for the whole form, when no field carries it. */
  message: string | null;
};

/** Turns a failed reservation into what the form shows: taken numbers, field errors or one sentence. */
export function reservationProblem(error: unknown, digitCount: number): ReservationProblem {
  if (!isApiError(error)) return { taken: [], fields: [], message: texts.common.genericError };
  if (error.status === 409 && error.code === 'TICKETS_UNAVAILABLE' && error.numbers.length > 0) {
    const labels = error.numbers.map((n) => padTicketNumber(n, digitCount));
    return { taken: error.numbers, fields: [], message: reservationMessages.unavailable(labels) };
  }
  // Sent three times with no answer: the buyer's next tap sends the same request (decision 057).
  if (answerLost(error)) return { taken: [], fields: [], message: reservationTexts.checkout.answerLost };
  if (error.status === 429)
    return { taken: [], fields: [], message: error.message || messages.http.rateLimited };
  const fields = error.fields.filter((f) => f.path.startsWith('buyer.') || f.path === 'payment_method');
  return { taken: [], fields, message: fields.length > 0 ? null : error.message };
}
