import { messages } from '../../../domain/messages';
import type { createPaymentSchema, reviewPaymentSchema } from '../../../domain/payments';
import { type Payment, type PaymentStatus, paymentMessages } from '../../../domain/payments';
import { reservationMessages } from '../../../domain/reservations';
import { ticketMessages } from '../../../domain/tickets';
import type { z } from '../../../domain/zod';
import type { Db, Executor } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';
import type { StaffTicketsService } from '../tickets/staff-tickets.service';
import type { ReservationProof } from '../tickets/tickets.service';
import { type PaymentRow, paymentsRepo } from './payments.repo';

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
};

const PAYABLE = new Set(['apartado', 'abonado']);

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService(deps: Deps) {
  const { db } = deps;

  return {
    async create(input: z.output<typeof createPaymentSchema>, actor?: AuthContext) {
      let proofSha256: string | null = null;
      if (input.payment_proof) {
        const file = deps.resolvePaymentProof ? await deps.resolvePaymentProof(input.payment_proof) : null;
        if (!file) throw new UnprocessableError(reservationMessages.invalidProof, 'INVALID_PAYMENT_PROOF');
        proofSha256 = file.sha256;
      }
      const rate = (await deps.currentRate?.()) ?? null;
      return db.transaction(async (tx) => {
        const ticket = await deps.tickets.findForPayment(tx, input.ticket_id);
        if (!ticket) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
        const isStaff =
          actor?.role === 'admin' || (actor?.role === 'vendedor' && ticket.sellerId === actor.userId);
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
        });
        return {
          success: true as const,
          ticket: { id: ticket.id, number: ticket.number, status: ticket.status },
          payment: toPayment(payment),
        };
      });
    },

    async list(status?: PaymentStatus) {
      const rows = await paymentsRepo.list(db, { status });
      return rows.map((r) => ({ ...toPayment(r.payment), ticket: r.ticket }));
    },

    async listForTicket(actor: AuthContext, ticketId: string) {
      await deps.tickets.get(actor, ticketId); // ownership and 404
      return (await paymentsRepo.listByTicket(db, ticketId)).map(toPayment);
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
        });
      }
    },

    forTickets: (ticketIds: string[]) => paymentsRepo.forTickets(db, ticketIds),

    /** Review: the note gains a line saying so; approving adds the amount to the ticket once. */
    async review(actor: AuthContext, id: string, input: z.output<typeof reviewPaymentSchema>) {
      if (actor.role !== 'admin') throw new ForbiddenError(messages.auth.forbidden);
      return db.transaction(async (tx) => {
        const payment = await paymentsRepo.findById(tx, id, { lock: true });
        if (!payment) throw new NotFoundError(paymentMessages.notFound, 'PAYMENT_NOT_FOUND');
        if (payment.status === 'approved' && input.status !== 'approved') {
          throw new ConflictError(paymentMessages.approvedIsFinal, 'PAYMENT_APPROVED');
        }
        const line = paymentMessages.statusChanged(input.status);
        const notes = [payment.notes, input.notes, line].filter(Boolean).join('\n');
        const apply = input.status === 'approved' && !payment.appliedAt;
        const updated = await paymentsRepo.review(tx, id, {
          status: input.status,
          notes,
          reviewedBy: actor.userId,
          applied: apply,
        });
        const ticket = apply
          ? await deps.tickets.applyPayment(
              tx,
              payment.ticketId,
              payment.amountCents,
              { id: actor.userId, email: actor.email },
              `Pago aprobado (${payment.amountCents / 100} USD)`,
            )
          : null;
        return { ...toPayment(updated), ticket };
      });
    },
  };
}
