import { spreadPayment } from '../../../domain/orders';
import type { createPaymentSchema } from '../../../domain/payments';
import { paymentMessages } from '../../../domain/payments';
import { referenceKey } from '../../../domain/references';
import { ticketMessages } from '../../../domain/tickets';
import type { z } from '../../../domain/zod';
import type { Executor } from '../../db/client';
import type { TicketRow } from '../../db/rows';
import { ConflictError, NotFoundError, UnprocessableError, uniqueViolation } from '../../lib/errors';
import { firstPaymentCents } from '../tickets/tickets.service';
import { PAYABLE } from './payment-views';
import { ledgerRepo, type PaymentRow, paymentsRepo, raffleTerms } from './payments.repo';

// A buyer's payment report: the sales it pays, how its amount spreads over them, and whether the
// same report was sent before (its answer lost on the way, decision 057).

type CreatePayment = z.output<typeof createPaymentSchema>;

/** The sales an order payment pays: the order's live numbers that still take payments, locked. */
export async function payableOrder(tx: Executor, code: string, cedula: string | undefined) {
  const found = await ledgerRepo.orderByCode(tx, code);
  // A wrong cedula looks the same as no order: codes are not secrets on their own.
  if (!found || !cedula || found.order.buyerCedula !== cedula)
    throw new NotFoundError(paymentMessages.orderNotFound, 'ORDER_NOT_FOUND');
  const sales = (await ledgerRepo.orderTickets(tx, found.order.id, { lock: true, liveOnly: true })).filter(
    (t) => PAYABLE.has(t.status) && t.buyerCedula === cedula && t.remainingCents > 0,
  );
  if (sales.length === 0) throw new ConflictError(paymentMessages.orderNotPayable, 'ORDER_NOT_PAYABLE');
  return { order: found.order, sales };
}

/** What the payment gives each number: first cuotas in number order, then the rest. */
export async function spreadOver(tx: Executor, sales: TicketRow[], amountCents: number) {
  const first = sales[0];
  const terms = first ? await raffleTerms(tx, first.raffleId) : null;
  if (!first || !terms) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
  const parts = spreadPayment(
    amountCents,
    sales.map((t) => ({
      ticketId: t.id,
      number: t.number,
      owedCents: t.remainingCents,
      firstDueCents: firstPaymentCents({ ...terms, priceCents: t.priceCents }),
      paidCents: t.totalPaidCents,
    })),
  );
  if (!parts) {
    const owed = sales.reduce((sum, t) => sum + t.remainingCents, 0);
    throw new UnprocessableError(paymentMessages.amountTooHigh, 'AMOUNT_TOO_HIGH', {
      remaining_cents: owed,
    });
  }
  return parts;
}

/**
 * The payment this buyer already made with this report, sent again after a lost answer (decision
 * 057): by its key (`request_id`), whatever became of it since; without one, by the same reference
 * for the same amount, still pending. Always from the same buyer and for the same sales. Null
 * otherwise, and then the reference's own rule (409 DUPLICATE_REFERENCE) applies as before.
 */
export async function reportSentBefore(
  tx: Executor,
  input: CreatePayment,
  report: { sales: TicketRow[]; orderId: string | null; amountCents: number },
) {
  const cedula = report.sales[0]?.buyerCedula ?? null;
  if (cedula === null) return null;
  let payment: PaymentRow | null = null;
  if (input.request_id) {
    payment = await paymentsRepo.findByRequestId(tx, input.request_id);
  } else {
    const key = referenceKey(input.reference);
    const found = key ? await ledgerRepo.findByReference(tx, input.payment_method ?? 'transfer', key) : null;
    const candidate = found ? await paymentsRepo.findById(tx, found.id) : null;
    if (candidate?.status === 'pending' && candidate.amountCents === report.amountCents) payment = candidate;
  }
  const ticket = report.sales.find((t) => t.id === payment?.ticketId);
  if (!payment || !ticket || payment.payerCedula !== cedula || payment.orderId !== report.orderId)
    return null;
  return { payment, ticket };
}

/**
 * Sends a report; two sendings of one report at the same moment meet at the unique request key,
 * and the one that lost is sent once more, when `reportSentBefore` finds what the other saved. A key
 * of someone else's report stays refused (409 REQUEST_ID_USED).
 */
export async function oneReportAtATime<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (uniqueViolation(error) !== 'payments_request_id_key') throw error;
      if (attempt >= 2) throw new ConflictError(paymentMessages.requestIdUsed, 'REQUEST_ID_USED');
    }
  }
}
