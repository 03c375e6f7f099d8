import { ledgerMessages } from '../../../domain/ledger';
import { paymentMessages } from '../../../domain/payments';
import { referenceKey } from '../../../domain/references';
import type { Executor } from '../../db/client';
import type { TicketRow } from '../../db/rows';
import type { payments } from '../../db/schema-money';
import { ConflictError, UnprocessableError, uniqueViolation } from '../../lib/errors';
import { earnForPayment, reverseForRefund } from '../commissions/commission-entries';
import type { Actor } from '../tickets/ticket-changes';
import { ledgerRepo, type PaymentRow, paymentsRepo } from './payments.repo';

/**
 * The only writers of money (issue 18, decision 019): a payment with its parts, a refund. The
 * database turns them into each ticket's paid and owed figures (migration 0010); callers then set
 * the status the money leads to and record the change.
 */
export type PaymentValues = Omit<typeof payments.$inferInsert, 'referenceKey'>;

/** The earlier payment that holds a reference, as the duplicate check finds it. */
export type EarlierPayment = {
  id: string;
  createdAt: Date;
  number: string;
  raffle: string;
  raffleId: string;
  orderId: string | null;
};

/**
 * Who may learn which payment holds a reference: an admin, staff of that payment's raffle, and a
 * buyer paying the very order it was reported for. Anyone else typing a reference (another buyer,
 * another raffle's seller) learns only that it is taken: naming the payment told a vendedor and
 * anonymous buyers about payments of raffles not theirs. A cédula proves nothing here: anyone can
 * reserve a number under someone else's and pay it with guessed references.
 */
export type ReferenceViewer = { admin: true } | { staffOf: string } | { buyerOrderId: string | null };
export function mayNameEarlier(viewer: ReferenceViewer | null, found: EarlierPayment): boolean {
  if (viewer === null) return false;
  if ('admin' in viewer) return true;
  if ('staffOf' in viewer) return viewer.staffOf === found.raffleId;
  return viewer.buyerOrderId !== null && viewer.buyerOrderId === found.orderId;
}

/** 409 DUPLICATE_REFERENCE naming the earlier payment (its number, raffle and date) to whom may know it. */
function duplicateReference(found: EarlierPayment | null) {
  return new ConflictError(
    found
      ? paymentMessages.duplicateReference(found.number, found.raffle, found.createdAt)
      : paymentMessages.duplicateReferenceRace,
    'DUPLICATE_REFERENCE',
    found
      ? {
          payment_id: found.id,
          ticket_number: found.number,
          raffle_name: found.raffle,
          created_at: found.createdAt.toISOString(),
        }
      : {},
  );
}

/**
 * A payment and where its money goes. A bank reference is credited once: (method, normalised
 * reference) is unique among payments that are not rejected (a database rule; this check only
 * names the earlier payment, to `viewer` when `mayNameEarlier`).
 */
export async function insertPayment(
  tx: Executor,
  values: PaymentValues,
  parts: { ticketId: string; amountCents: number }[],
  viewer: ReferenceViewer | null = null,
): Promise<PaymentRow> {
  const key = referenceKey(values.reference);
  if (key) {
    const found = await ledgerRepo.findByReference(tx, values.paymentMethod ?? 'transfer', key);
    if (found) throw duplicateReference(mayNameEarlier(viewer, found) ? found : null);
  }
  let payment: PaymentRow;
  try {
    payment = await paymentsRepo.insert(tx, { ...values, referenceKey: key });
  } catch (error) {
    if (uniqueViolation(error) === 'payments_reference_key') throw duplicateReference(null);
    throw error;
  }
  await ledgerRepo.insertParts(tx, payment.id, parts);
  return payment;
}

/** Money staff received by hand for one sale, approved at once (what "Marcar como pagado/abonado" records). */
export async function recordReceived(
  tx: Executor,
  sale: TicketRow,
  input: { amountCents: number; method: string; reference?: string | null; note?: string | null },
  actor: Actor,
  rate: number | null,
) {
  if (sale.remainingCents <= 0) throw new ConflictError(ledgerMessages.nothingOwed, 'NOTHING_OWED');
  if (input.amountCents > sale.remainingCents)
    throw new UnprocessableError(ledgerMessages.amountTooHigh(sale.remainingCents), 'AMOUNT_TOO_HIGH', {
      remaining_cents: sale.remainingCents,
    });
  const payment = await insertPayment(
    tx,
    {
      ticketId: sale.id,
      orderId: sale.orderId,
      status: 'approved',
      amountCents: input.amountCents,
      paymentMethod: input.method,
      reference: input.reference ?? null,
      notes: input.note ?? null,
      rateToUsd: rate === null ? null : String(rate),
      payerCedula: sale.buyerCedula,
      recordedByStaff: true,
      reviewedBy: actor.id ?? null,
      reviewedAt: new Date(),
      appliedAt: new Date(),
    },
    [{ ticketId: sale.id, amountCents: input.amountCents }],
    // Staff recording by hand manage this sale's raffle.
    { staffOf: sale.raffleId },
  );
  await earnedOnApproval(tx, payment.id, { rate, actorId: actor.id ?? null });
  return payment;
}

/**
 * Money that became approved (a reviewer's approval, or staff receiving it): the credited sellers'
 * commissions, in the same transaction (decision 037). Every approval passes here.
 */
export const earnedOnApproval = (
  tx: Executor,
  paymentId: string,
  context: { rate: number | null; actorId: string | null },
) => earnForPayment(tx, paymentId, context);

/**
 * Money given back on one sale: never more than it has paid. Its seller's commission goes back with it.
 * Answers the refund and how much of it came out of cash a vendedor held (decision 062).
 */
export async function recordRefund(
  tx: Executor,
  sale: TicketRow,
  input: { amountCents: number; reason: string; fromSellerCash?: boolean },
  actor: Actor,
  rate: number | null = null,
) {
  if (sale.totalPaidCents <= 0) throw new ConflictError(ledgerMessages.nothingPaid, 'NOTHING_PAID');
  if (input.amountCents > sale.totalPaidCents)
    throw new UnprocessableError(ledgerMessages.refundTooHigh(sale.totalPaidCents), 'REFUND_TOO_HIGH', {
      total_paid_cents: sale.totalPaidCents,
    });
  const refund = await ledgerRepo.insertRefund(tx, {
    ticketId: sale.id,
    amountCents: input.amountCents,
    reason: input.reason,
    actorId: actor.id ?? null,
    actorEmail: actor.email ?? null,
  });
  const { fromSellerCashCents } = await reverseForRefund(tx, refund, {
    rate,
    actorId: actor.id ?? null,
    fromSellerCash: input.fromSellerCash ?? false,
  });
  return { refund, fromSellerCashCents };
}

/** A ticket's ledger: the payments that gave it money (with what each gave it) and its refunds. */
export async function ticketLedger(db: Executor, ticketId: string) {
  const [paid, refunds] = await Promise.all([
    ledgerRepo.paymentsOfTicket(db, ticketId),
    ledgerRepo.refundsOf(db, ticketId),
  ]);
  return { payments: paid, refunds };
}

/**
 * A new order for a sale staff make by hand (each reservation is an order with its code), credited
 * to the staff member who made it (decision 036).
 */
export const createOrder = (tx: Executor, raffleId: string, buyerCedula: string | null, sellerId: string) =>
  ledgerRepo.newOrder(tx, raffleId, buyerCedula, sellerId);
