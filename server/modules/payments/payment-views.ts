import type { Payment, PaymentStatus, StaffPayment } from '../../../domain/payments';
import { firstPaymentCents } from '../tickets/tickets.service';
import type { ledgerRepo, PaymentRow, StaffPaymentRow } from './payments.repo';

// How payments read to a buyer and to the reviewer (split from payments.service.ts).

const HOUR_MS = 3_600_000;
export type Part = Awaited<ReturnType<typeof ledgerRepo.partsOf>>[number];

export const toPayment = (row: PaymentRow, orderCode: string | null = null): Payment => ({
  id: row.id,
  ticket_id: row.ticketId,
  status: row.status as PaymentStatus,
  amount_cents: row.amountCents,
  payment_method: row.paymentMethod,
  reference: row.reference,
  payment_proof: row.paymentProof,
  payment_date: row.paymentDate.toISOString(),
  notes: row.notes,
  rate_to_usd: row.rateToUsd === null ? null : Number(row.rateToUsd),
  duplicate_of: row.duplicateOf,
  order_code: orderCode,
  amount_ves_cents: row.amountVesCents,
  bank_code: row.bankCode,
  payer_phone: row.payerPhone,
  paid_on: row.paidOn,
  recorded_by_staff: row.recordedByStaff,
});

/** The reviewer's view: who paid what for which numbers, whether it still holds them. */
export function toStaffPayment(
  row: StaffPaymentRow,
  reviewHours: number,
  parts: Part[],
  codes: Map<string, string>,
  confirmed: Set<string>,
  prizes: Map<string, string>,
): StaffPayment {
  const { payment, ticket, raffle } = row;
  // What the sale owes is its own price, set when it was reserved.
  const firstDue = firstPaymentCents({ ...raffle, priceCents: ticket.priceCents });
  const pending = payment.status === 'pending';
  const holds =
    pending && parts.every((p) => p.amountCents >= Math.min(firstDue, p.amountCents + p.remainingCents));
  return {
    ...toPayment(payment, payment.orderId ? (codes.get(payment.orderId) ?? null) : null),
    created_at: payment.createdAt.toISOString(),
    reviewed_at: payment.reviewedAt?.toISOString() ?? null,
    rejection_reason: payment.rejectionReason,
    review_until: holds ? new Date(payment.createdAt.getTime() + reviewHours * HOUR_MS).toISOString() : null,
    group_key: payment.proofSha256 ? `${payment.proofSha256}:${payment.payerCedula ?? ''}` : null,
    parts: parts.map((p) => ({
      ticket_id: p.ticketId,
      number: p.number,
      ticket_number: p.ticketNumber,
      amount_cents: p.amountCents,
      status: p.status,
      remaining_cents: p.remainingCents,
      instant_win_prize: prizes.get(p.ticketId) ?? null,
    })),
    surplus: pending && parts.some((p) => p.endedAt === null && p.amountCents > p.remainingCents),
    bank_confirmed: payment.referenceKey !== null && confirmed.has(payment.referenceKey),
    ticket: {
      id: ticket.id,
      number: ticket.number,
      ticket_number: ticket.ticketNumber,
      raffle_id: ticket.raffleId,
      raffle_name: raffle.name,
      status: ticket.status,
      buyer_name: ticket.buyerName,
      buyer_email: ticket.buyerEmail,
      buyer_phone: ticket.buyerPhone,
      buyer_cedula: ticket.buyerCedula,
      remaining_cents: ticket.remainingCents,
    },
  };
}
