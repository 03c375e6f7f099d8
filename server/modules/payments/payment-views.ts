import type { OrderView } from '../../../domain/orders';
import {
  isBuyersOwnPayment,
  type Payment,
  type PaymentStatus,
  type StaffPayment,
  type TicketLedgerEntry,
} from '../../../domain/payments';
import type { TicketRow } from '../../db/rows';
import { firstPaymentCents } from '../tickets/tickets.service';
import type { ticketLedger } from './money-ledger';
import type { ledgerRepo, PaymentRow, StaffPaymentRow } from './payments.repo';

// How payments read to a buyer and to the reviewer (split from payments.service.ts).

/**
 * How long a pending payment keeps its numbers: until the first of their review windows ends (each
 * from the first covering payment still pending on that number), or null when none is open for them.
 */
function earliestWindowEnd(parts: Part[], windows: Map<string, Date>): string | null {
  const ends = parts.flatMap((p) => {
    const end = windows.get(p.ticketId);
    return end ? [end.getTime()] : [];
  });
  return ends.length > 0 ? new Date(Math.min(...ends)).toISOString() : null;
}
/** Statuses a sale takes payments in. */
export const PAYABLE = new Set(['apartado', 'abonado']);
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
  /** Per sale, when its review window ends (payments.repo reviewWindowEnds). */
  windows: Map<string, Date>,
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
    review_until: holds ? earliestWindowEnd(parts, windows) : null,
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

/** The buyer's order as its own page shows it: the numbers still theirs, what is paid and owed. */
export function toOrderView(
  found: NonNullable<Awaited<ReturnType<typeof ledgerRepo.orderByCode>>>,
  sales: TicketRow[],
  paid: Awaited<ReturnType<typeof ledgerRepo.paymentsOfOrder>>,
  cedula: string,
  /** Until when a payment under review keeps each sale, for those it keeps. */
  holds: Map<string, Date>,
): OrderView {
  // An order's numbers released or sold again to someone else are no longer the buyer's.
  const mine = sales.filter((t) => t.buyerCedula === cedula && !t.endedAt);
  const terms = found.raffle;
  const sum = (pick: (t: TicketRow) => number) => mine.reduce((total, t) => total + pick(t), 0);
  return {
    code: found.order.code,
    raffle_id: found.raffle.id,
    raffle_name: found.raffle.name,
    created_at: found.order.createdAt.toISOString(),
    total_cents: sum((t) => t.priceCents),
    paid_cents: sum((t) => t.totalPaidCents),
    owed_cents: sum((t) => t.remainingCents),
    due_now_cents: sum((t) =>
      PAYABLE.has(t.status)
        ? Math.max(
            0,
            Math.min(
              t.remainingCents,
              firstPaymentCents({ ...terms, priceCents: t.priceCents }) - t.totalPaidCents,
            ),
          )
        : 0,
    ),
    tickets: mine.map((t) => ({
      id: t.id,
      number: t.number,
      ticket_number: t.ticketNumber,
      status: t.status,
      price_cents: t.priceCents,
      total_paid_cents: t.totalPaidCents,
      remaining_cents: t.remainingCents,
      reserved_until: t.reservedUntil?.toISOString() ?? null,
      review_hold_until: holds.get(t.id)?.toISOString() ?? null,
      verification_code: t.verificationCode,
    })),
    // A number given to someone else keeps its order: their payments are not this buyer's business.
    payments: paid
      .filter((p) => isBuyersOwnPayment(p.payerCedula, cedula))
      .map((p) => ({
        id: p.id,
        status: p.status,
        amount_cents: p.amountCents,
        amount_ves_cents: p.amountVesCents,
        payment_method: p.paymentMethod,
        reference: p.reference,
        created_at: p.createdAt.toISOString(),
        rejection_reason: p.rejectionReason,
      })),
  };
}

/** A ticket's ledger, newest first: the payments that gave it money, and its refunds. */
export function toLedgerEntries(
  ledger: Awaited<ReturnType<typeof ticketLedger>>,
  codes: Map<string, string>,
  sellers: Map<string, string>,
): TicketLedgerEntry[] {
  const entries: (TicketLedgerEntry & { at: string })[] = [
    ...ledger.payments.map(({ payment, partCents }) => ({
      ...toPayment(payment, payment.orderId ? (codes.get(payment.orderId) ?? null) : null),
      kind: 'payment' as const,
      rejection_reason: payment.rejectionReason,
      part_cents: partCents,
      seller_name: payment.orderId ? (sellers.get(payment.orderId) ?? null) : null,
      at: payment.paymentDate.toISOString(),
    })),
    ...ledger.refunds.map((r) => ({
      kind: 'refund' as const,
      id: r.id,
      ticket_id: r.ticketId,
      amount_cents: r.amountCents,
      reason: r.reason,
      actor_email: r.actorEmail,
      created_at: r.createdAt.toISOString(),
      at: r.createdAt.toISOString(),
    })),
  ];
  return entries
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .map(({ at: _at, ...entry }) => entry);
}
