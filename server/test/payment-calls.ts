import { expect } from 'vitest';
import type { PublicCreatePaymentResult } from '../../domain/payments';
import type { ReservationResult } from '../../domain/reservations';
import { buyer } from './factories';
import type { TestApp } from './test-app';

/**
 * The calls of the tests of payment reports by reference, on the app `app` answers when called
 * (made in a `beforeAll`): a one-number sale to a cédula, each on a number not used before, and the
 * buyer's report of a payment for it.
 */
export function paymentCalls(app: () => TestApp) {
  let next = 0;
  const nextNumber = () => next++;

  async function sale(raffleId: string, cedula: string) {
    const res = await app().api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
      body: { numbers: [nextNumber()], buyer: buyer({ cedula }) },
    });
    expect(res.status).toBe(201);
    return res.body.tickets[0] as { id: string; number: number };
  }

  /** The buyer reports $1 paid by `method` with `reference` (the answer is not checked). */
  const pay = <T = PublicCreatePaymentResult>(
    ticketId: string,
    cedula: string,
    reference: string,
    method = 'transfer',
  ) =>
    app().api<T>('POST', '/api/payments', {
      body: { ticket_id: ticketId, amount_cents: 100, cedula, reference, payment_method: method },
    });

  return { sale, pay, nextNumber };
}
