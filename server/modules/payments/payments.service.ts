import type { batchReviewSchema, createPaymentSchema, reviewPaymentSchema } from '../../../domain/payments';
import {
  type Payment,
  type PaymentCounts,
  type PaymentStatus,
  paymentMessages,
  type StaffPayment,
} from '../../../domain/payments';
import { phoneDigits } from '../../../domain/phone';
import { reservationMessages } from '../../../domain/reservations';
import { historyNotes, ticketMessages } from '../../../domain/tickets';
import type { z } from '../../../domain/zod';
import type { Db, Executor } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../../lib/errors';
import { can } from '../../lib/permissions';
import type { StaffTicketsService } from '../staff-tickets/staff-tickets.service';
import { firstPaymentCents, type ReservationProof } from '../tickets/tickets.service';
import { type PaymentRow, paymentsRepo, type StaffPaymentRow } from './payments.repo';

export const toPayment = (row: PaymentRow): Payment => ({
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
});

type Deps = {
  db: Db;
  tickets: StaffTicketsService;
  /** Files service: the stored payment proof behind a URL (for its content hash), or null. */
  resolvePaymentProof?: (fileUrl: string) => Promise<{ sha256: string } | null>;
  /** Rates service: today's Bs per USD, snapshotted on each payment (read in `executor`). */
  currentRate?: (executor?: Executor) => Promise<number | null>;
  /** PAYMENT_REVIEW_HOURS: how long a pending payment keeps its numbers from expiring. */
  paymentReviewHours: number;
};

type Review = z.output<typeof reviewPaymentSchema>;
const PAYABLE = new Set(['apartado', 'abonado']);
/** A ticket in one of these is no longer the sale a payment was sent for. */
const RELEASED = new Set(['disponible', 'cancelado']);
const HOUR_MS = 3_600_000;

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService(deps: Deps) {
  const { db } = deps;
  const reviewHours = deps.paymentReviewHours;

  /** The reviewer's view: who paid what for which number, whether it still holds the numbers. */
  function toStaffPayment(row: StaffPaymentRow): StaffPayment {
    const { payment, ticket, raffle } = row;
    // What the sale owes is its own price, set when it was reserved.
    const firstDue = firstPaymentCents({ ...raffle, priceCents: ticket.priceCents });
    const holds = payment.status === 'pending' && payment.amountCents >= firstDue;
    return {
      ...toPayment(payment),
      created_at: payment.createdAt.toISOString(),
      reviewed_at: payment.reviewedAt?.toISOString() ?? null,
      rejection_reason: payment.rejectionReason,
      review_until: holds
        ? new Date(payment.createdAt.getTime() + reviewHours * HOUR_MS).toISOString()
        : null,
      group_key: payment.proofSha256 ? `${payment.proofSha256}:${payment.payerCedula ?? ''}` : null,
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

  /** The ticket a new payment is for: by id, or by raffle + number for a buyer paying from tracking. */
  async function payableTicket(tx: Executor, input: z.output<typeof createPaymentSchema>) {
    if (input.ticket_id) return deps.tickets.findForPayment(tx, input.ticket_id);
    if (!input.raffle_id || input.number === undefined) return null;
    const ticket = await deps.tickets.findForPaymentByNumber(tx, input.raffle_id, input.number);
    // Both halves of what tracking asks must match; a mismatch looks the same as no ticket.
    const last4 = ticket ? phoneDigits(ticket.buyerPhone ?? '').slice(-4) : '';
    if (!ticket || ticket.buyerCedula !== input.cedula || last4 !== input.phone_last4) {
      throw new NotFoundError(paymentMessages.buyerNotFound, 'TICKET_NOT_FOUND');
    }
    return ticket;
  }

  /**
   * One decision, inside the caller's transaction, on a payment locked first and its ticket locked
   * second (the same order everywhere, so concurrent reviews queue instead of deadlocking). A
   * decided payment is final; an approval re-checks the sale it pays for and what it still owes.
   */
  async function decide(tx: Executor, actor: AuthContext, id: string, input: Review) {
    const payment = await paymentsRepo.findById(tx, id, { lock: true });
    if (!payment) throw new NotFoundError(paymentMessages.notFound, 'PAYMENT_NOT_FOUND');
    if (payment.status !== 'pending') {
      throw new ConflictError(paymentMessages.alreadyDecided, 'PAYMENT_ALREADY_DECIDED');
    }
    let ticket = null;
    if (input.status === 'approved') {
      const current = await deps.tickets.findForPayment(tx, payment.ticketId);
      const sameSale =
        current &&
        !RELEASED.has(current.status) &&
        payment.payerCedula !== null &&
        current.buyerCedula === payment.payerCedula;
      if (!current || !sameSale) throw new ConflictError(paymentMessages.ticketChanged, 'TICKET_CHANGED');
      if (payment.amountCents > current.remainingCents) {
        throw new ConflictError(paymentMessages.exceedsRemaining, 'PAYMENT_EXCEEDS_REMAINING', {
          remaining_cents: current.remainingCents,
        });
      }
    }
    const reason = input.status === 'rejected' ? (input.reason ?? input.notes ?? null) : null;
    const line = paymentMessages.statusChanged(input.status);
    const notes = [
      payment.notes,
      input.notes,
      reason && input.reason ? paymentMessages.reasonLine(reason) : null,
      line,
    ]
      .filter(Boolean)
      .join('\n');
    const apply = input.status === 'approved';
    const updated = await paymentsRepo.review(tx, id, {
      status: input.status,
      notes,
      reviewedBy: actor.userId,
      applied: apply,
      rejectionReason: reason,
    });
    if (apply) {
      ticket = await deps.tickets.applyPayment(
        tx,
        payment.ticketId,
        payment.amountCents,
        { id: actor.userId, email: actor.email },
        historyNotes.paymentApproved(payment.amountCents),
      );
    }
    return { ...toPayment(updated), ticket };
  }

  return {
    async create(input: z.output<typeof createPaymentSchema>, actor?: AuthContext) {
      let proofSha256: string | null = null;
      if (input.payment_proof != null) {
        const file = deps.resolvePaymentProof ? await deps.resolvePaymentProof(input.payment_proof) : null;
        if (!file) throw new UnprocessableError(reservationMessages.invalidProof, 'INVALID_PAYMENT_PROOF');
        proofSha256 = file.sha256;
      }
      const rate = (await deps.currentRate?.()) ?? null;
      return db.transaction(async (tx) => {
        const ticket = await payableTicket(tx, input);
        if (!ticket) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
        // Staff who manage the raffle record a payment as is; anyone else is a buyer proving who they are.
        const isStaff = can(actor, 'manage-sales', ticket);
        if (!isStaff) {
          // A buyer proves who they are with the ticket's cedula; a wrong one looks like no ticket.
          if (!input.cedula) throw new UnprocessableError(paymentMessages.cedulaRequired, 'CEDULA_REQUIRED');
          if (input.cedula !== ticket.buyerCedula)
            throw new ForbiddenError(paymentMessages.cedulaMismatch, 'CEDULA_MISMATCH');
        }
        if (!PAYABLE.has(ticket.status))
          throw new ConflictError(paymentMessages.ticketNotPayable, 'TICKET_NOT_PAYABLE');
        if (input.amount_cents > ticket.remainingCents) {
          throw new UnprocessableError(paymentMessages.amountTooHigh, 'AMOUNT_TOO_HIGH');
        }
        const duplicateOf = await paymentsRepo.findDuplicate(tx, {
          reference: input.reference,
          proofSha256,
          buyerCedula: ticket.buyerCedula,
        });
        const payment = await paymentsRepo.insert(tx, {
          ticketId: ticket.id,
          amountCents: input.amount_cents,
          paymentMethod: input.payment_method,
          reference: input.reference ?? null,
          paymentProof: input.payment_proof ?? null,
          proofSha256,
          notes: input.notes ?? null,
          rateToUsd: rate === null ? null : String(rate),
          duplicateOf,
          payerCedula: ticket.buyerCedula,
        });
        const answer = {
          success: true as const,
          ticket: { id: ticket.id, number: ticket.number, status: ticket.status },
          payment: toPayment(payment),
        };
        if (isStaff) return answer;
        // A buyer sees their own payment, not the fraud hint that points at other payments.
        const { duplicate_of: _hint, ...own } = answer.payment;
        return { ...answer, payment: own };
      });
    },

    async list(status?: PaymentStatus): Promise<StaffPayment[]> {
      return (await paymentsRepo.list(db, { status })).map(toStaffPayment);
    },

    async counts(): Promise<PaymentCounts> {
      const counts: PaymentCounts = { pending: 0, approved: 0, rejected: 0 };
      for (const row of await paymentsRepo.countByStatus(db)) {
        if (row.status in counts) counts[row.status as PaymentStatus] = row.n;
      }
      return counts;
    },

    async listForTicket(actor: AuthContext, ticketId: string) {
      await deps.tickets.get(actor, ticketId); // ownership and 404
      return (await paymentsRepo.listByTicket(db, ticketId)).map((row) => ({
        ...toPayment(row),
        rejection_reason: row.rejectionReason,
      }));
    },

    /** A proof sent with a reservation: one pending payment per reserved ticket, for review. */
    async recordProofPayments(tx: Executor, proof: ReservationProof) {
      const rate = (await deps.currentRate?.(tx)) ?? null;
      for (const ticket of proof.tickets) {
        const duplicateOf = await paymentsRepo.findDuplicate(tx, {
          proofSha256: proof.sha256,
          buyerCedula: ticket.buyerCedula,
        });
        await paymentsRepo.insert(tx, {
          ticketId: ticket.id,
          amountCents: proof.amountCentsEach,
          paymentMethod: proof.paymentMethod,
          paymentProof: proof.fileUrl,
          proofSha256: proof.sha256,
          notes: paymentMessages.sentWithReservation,
          rateToUsd: rate === null ? null : String(rate),
          duplicateOf,
          payerCedula: ticket.buyerCedula,
        });
      }
    },

    forTickets: (ticketIds: string[]) => paymentsRepo.forTickets(db, ticketIds),

    /**
     * Review one payment: the note gains a line saying so; approving adds the amount to the ticket.
     * Only admins review (SPEC §1): the route's guard says so.
     */
    async review(actor: AuthContext, id: string, input: Review) {
      return deps.tickets.transaction((tx) => decide(tx, actor, id, input));
    },

    /** One decision for several payments (one proof for several numbers): all or nothing. */
    async reviewMany(actor: AuthContext, input: z.output<typeof batchReviewSchema>) {
      const ids = [...new Set(input.ids)].sort();
      return deps.tickets.transaction(async (tx) => {
        const decided = [];
        for (const id of ids) decided.push(await decide(tx, actor, id, input));
        return { payments: decided };
      });
    },
  };
}
