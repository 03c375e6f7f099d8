import { ledgerNotes } from '../../../domain/ledger';
import { usdCentsFromVesAt } from '../../../domain/money';
import type { OrderView } from '../../../domain/orders';
import type { batchReviewSchema, createPaymentSchema, reviewPaymentSchema } from '../../../domain/payments';
import {
  type PaymentCounts,
  type PaymentStatus,
  paymentMessages,
  type StaffPayment,
  type TicketLedgerEntry,
} from '../../../domain/payments';
import { phoneDigits } from '../../../domain/phone';
import { reservationMessages } from '../../../domain/reservations';
import { ticketMessages } from '../../../domain/tickets';
import type { z } from '../../../domain/zod';
import type { Db, Executor } from '../../db/client';
import type { TicketRow } from '../../db/rows';
import type { AuthContext } from '../../lib/auth-context';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../../lib/errors';
import { canMoveMoney } from '../../lib/permissions';
import type { ResolvePaymentProof } from '../files/files.service';
import type { StaffTicketsService } from '../staff-tickets/staff-tickets.service';
import { lockPackageOrdersOfSales } from '../tickets/package-reprice';
import type { ReservationProof } from '../tickets/tickets.service';
import { toBuyerTicket } from '../tickets/tickets.views';
import { earnedOnApproval, insertPayment, ticketLedger } from './money-ledger';
import { oneReportAtATime, payableOrder, reportSentBefore, spreadOver } from './payment-reports';
import { PAYABLE, type Part, toLedgerEntries, toOrderView, toPayment, toStaffPayment } from './payment-views';
import { ledgerRepo, paymentsRepo, type StaffPaymentRow } from './payments.repo';

type Deps = {
  db: Db;
  tickets: StaffTicketsService;
  /** Files service: the stored payment proof behind a URL (for its content hash). */
  resolvePaymentProof?: ResolvePaymentProof;
  /** Rates service: today's Bs per USD, snapshotted on each payment (read in `executor`). */
  currentRate?: (executor?: Executor) => Promise<number | null>;
  /** PAYMENT_REVIEW_HOURS: how long a pending payment keeps its numbers from expiring. */
  paymentReviewHours: number;
  /** Reconciliation: which of these reference keys a bank statement row already showed. */
  bankConfirmed?: (keys: string[]) => Promise<Set<string>>;
  /** Instant wins: the prize each of these sales won (a badge on the payments screen). */
  instantWinPrizes?: (ticketIds: string[]) => Promise<Map<string, string>>;
};

type Review = z.output<typeof reviewPaymentSchema>;
type CreatePayment = z.output<typeof createPaymentSchema>;
/** A ticket in one of these is no longer the sale a payment was sent for. */
const RELEASED = new Set(['disponible', 'cancelado']);

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService(deps: Deps) {
  const { db } = deps;
  const reviewHours = deps.paymentReviewHours;

  /** The ticket a new payment is for: by id, or by raffle + number for a buyer paying from tracking. */
  async function payableTicket(tx: Executor, input: CreatePayment) {
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
   * One decision, inside the caller's transaction, on a payment locked first and its tickets locked
   * second, in id order (the same order everywhere, so concurrent reviews queue instead of
   * deadlocking; in a raffle with packages, every live number of their orders, as a release does).
   * A decided payment is final; an approval re-checks each sale it pays for and what it still owes,
   * then the database adds the parts to the tickets (migration 0010).
   */
  async function decide(tx: Executor, actor: AuthContext, id: string, input: Review) {
    const payment = await paymentsRepo.findById(tx, id, { lock: true });
    if (!payment) throw new NotFoundError(paymentMessages.notFound, 'PAYMENT_NOT_FOUND');
    if (payment.status !== 'pending') {
      throw new ConflictError(paymentMessages.alreadyDecided, 'PAYMENT_ALREADY_DECIDED');
    }
    const parts = await ledgerRepo.partsOf(tx, [id]);
    const apply = input.status === 'approved';
    if (apply) {
      // Settling the money settles the orders' numbers priced 0 too: their numbers first, in id order.
      await lockPackageOrdersOfSales(
        tx,
        parts.map((part) => part.ticketId),
      );
      for (const part of [...parts].sort((a, b) => (a.ticketId < b.ticketId ? -1 : 1))) {
        const current = await deps.tickets.findForPayment(tx, part.ticketId);
        const sameSale =
          current &&
          !current.endedAt &&
          !RELEASED.has(current.status) &&
          payment.payerCedula !== null &&
          current.buyerCedula === payment.payerCedula;
        if (!current || !sameSale) throw new ConflictError(paymentMessages.ticketChanged, 'TICKET_CHANGED');
        if (part.amountCents > current.remainingCents) {
          throw new ConflictError(paymentMessages.exceedsRemaining, 'PAYMENT_EXCEEDS_REMAINING', {
            remaining_cents: current.remainingCents,
          });
        }
      }
    }
    const reason = input.status === 'rejected' ? (input.reason ?? input.notes ?? null) : null;
    const rate = payment.rateToUsd === null ? null : Number(payment.rateToUsd);
    const line = apply ? ledgerNotes.approved(payment.amountCents, rate) : ledgerNotes.rejected;
    const notes = [
      payment.notes,
      input.notes,
      reason && input.reason ? paymentMessages.reasonLine(reason) : null,
      line,
    ]
      .filter(Boolean)
      .join('\n');
    const updated = await paymentsRepo.review(tx, id, {
      status: input.status,
      notes,
      reviewedBy: actor.userId,
      applied: apply,
      rejectionReason: reason,
    });
    const settled = [];
    if (apply) {
      const rows = await deps.tickets.settleMoney(
        tx,
        parts.map((part) => ({
          ticketId: part.ticketId,
          note: ledgerNotes.approved(part.amountCents, rate),
        })),
        { id: actor.userId, email: actor.email },
      );
      settled.push(...rows.map((row) => toBuyerTicket(row)));
      // Commissions at the rate of the day of the approval (the payment keeps the one it came with).
      const today = (await deps.currentRate?.(tx)) ?? null;
      await earnedOnApproval(tx, id, { rate: today, actorId: actor.userId });
    }
    const codes = await ledgerRepo.orderCodes(tx, payment.orderId ? [payment.orderId] : []);
    return {
      ...toPayment(updated, payment.orderId ? (codes.get(payment.orderId) ?? null) : null),
      ticket: settled[0] ?? null,
      tickets: settled,
    };
  }

  async function staffView(rows: StaffPaymentRow[]): Promise<StaffPayment[]> {
    const ids = rows.map((r) => r.payment.id);
    const orderIds = [...new Set(rows.flatMap((r) => (r.payment.orderId ? [r.payment.orderId] : [])))];
    const keys = [...new Set(rows.flatMap((r) => (r.payment.referenceKey ? [r.payment.referenceKey] : [])))];
    const [parts, codes, confirmed] = await Promise.all([
      ledgerRepo.partsOf(db, ids),
      ledgerRepo.orderCodes(db, orderIds),
      deps.bankConfirmed && keys.length > 0 ? deps.bankConfirmed(keys) : Promise.resolve(new Set<string>()),
    ]);
    const byPayment = new Map<string, Part[]>();
    for (const part of parts) byPayment.set(part.paymentId, [...(byPayment.get(part.paymentId) ?? []), part]);
    const prizes = deps.instantWinPrizes
      ? await deps.instantWinPrizes([...new Set(parts.map((p) => p.ticketId))])
      : new Map<string, string>();
    // The review window of each pending payment's numbers, by the rule the expiry sweep follows.
    const pendingIds = new Set(rows.filter((r) => r.payment.status === 'pending').map((r) => r.payment.id));
    const windows = await ledgerRepo.reviewWindowEnds(
      db,
      [...new Set(parts.filter((p) => pendingIds.has(p.paymentId)).map((p) => p.ticketId))],
      reviewHours,
    );
    return rows.map((r) =>
      toStaffPayment(r, windows, byPayment.get(r.payment.id) ?? [], codes, confirmed, prizes),
    );
  }

  const service = {
    /** A payment report; the same report sent again answers its payment (payment-reports.ts). */
    create: (input: CreatePayment, actor?: AuthContext) =>
      oneReportAtATime(() => service.createOnce(input, actor)),

    /** See `create`. */
    async createOnce(input: CreatePayment, actor?: AuthContext) {
      const rate = (await deps.currentRate?.()) ?? null;
      let amountCents = input.amount_cents ?? 0;
      if (input.amount_ves_cents !== undefined) {
        if (!rate) throw new UnprocessableError(paymentMessages.rateUnavailable, 'RATE_UNAVAILABLE');
        // The exact quotient, half away from zero: the cents the buyer's form showed (the rate is kept).
        amountCents = usdCentsFromVesAt(input.amount_ves_cents, rate);
        // A few bolívares round to no dollar cents: too little, not (as the spread would say) too much.
        if (amountCents < 1)
          throw new UnprocessableError(paymentMessages.amountBelowOneCent, 'AMOUNT_TOO_LOW', {
            fields: [{ path: 'amount_ves_cents', message: paymentMessages.amountBelowOneCent }],
          });
      }
      return db.transaction(async (tx) => {
        let sales: TicketRow[];
        let orderId: string | null;
        let isStaff = false;
        if (input.order_code) {
          const found = await payableOrder(tx, input.order_code, input.cedula);
          sales = found.sales;
          orderId = found.order.id;
        } else {
          const ticket = await payableTicket(tx, input);
          if (!ticket) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
          // Staff who may move this sale's money record a payment as is (an assigned vendedor: only on
          // the sales credited to them); anyone else is a buyer proving who they are.
          isStaff = canMoveMoney(actor, ticket, ticket.creditedSellerId);
          // Cash a vendedor collected is in their hands until handed over (decision 062): it is
          // recorded with «Registrar pago», which holds it, not filed as a report an admin approves
          // as if the business had it (its commission then payable at once).
          if (isStaff && actor?.role !== 'admin' && input.payment_method === 'efectivo')
            throw new UnprocessableError(paymentMessages.sellerCashByRecord, 'SELLER_CASH_RECORDED_BY_HAND');
          if (!isStaff) {
            // A buyer proves who they are with the ticket's cedula; a wrong one looks like no ticket.
            if (!input.cedula)
              throw new UnprocessableError(paymentMessages.cedulaRequired, 'CEDULA_REQUIRED');
            if (input.cedula !== ticket.buyerCedula)
              throw new ForbiddenError(paymentMessages.cedulaMismatch, 'CEDULA_MISMATCH');
          }
          if (!PAYABLE.has(ticket.status) || ticket.endedAt)
            throw new ConflictError(paymentMessages.ticketNotPayable, 'TICKET_NOT_PAYABLE');
          sales = [ticket];
          orderId = ticket.orderId;
        }
        // A buyer's payment sent again (its answer was lost on the way) is answered again, not
        // refused as a duplicate of itself (decision 057).
        const resent = isStaff ? null : await reportSentBefore(tx, input, { sales, orderId, amountCents });
        if (resent) {
          const codes = await ledgerRepo.orderCodes(tx, orderId ? [orderId] : []);
          const { duplicate_of: _hint, ...own } = toPayment(
            resent.payment,
            orderId ? (codes.get(orderId) ?? null) : null,
          );
          const { id, number, status } = resent.ticket;
          return { success: true as const, ticket: { id, number, status }, payment: own };
        }
        const parts = await spreadOver(tx, sales, amountCents);
        const first = sales.find((t) => t.id === parts[0]?.ticketId) ?? sales[0];
        if (!first) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
        // The proof is read once its raffle is known: another raffle's is refused (decision 079).
        let proofSha256: string | null = null;
        if (input.payment_proof != null) {
          const file = deps.resolvePaymentProof
            ? await deps.resolvePaymentProof(input.payment_proof, { raffleId: first.raffleId, executor: tx })
            : null;
          if (!file) throw new UnprocessableError(reservationMessages.invalidProof, 'INVALID_PAYMENT_PROOF');
          proofSha256 = file.sha256;
        }
        const duplicate = await paymentsRepo.findDuplicate(tx, {
          reference: input.reference,
          proofSha256,
          buyerCedula: first.buyerCedula,
        });
        const payment = await insertPayment(
          tx,
          {
            ticketId: first.id,
            orderId,
            amountCents,
            amountVesCents: input.amount_ves_cents ?? null,
            paymentMethod: input.payment_method,
            reference: input.reference ?? null,
            bankCode: input.bank_code ?? null,
            payerPhone: input.payer_phone ?? null,
            paidOn: input.paid_on ?? null,
            paymentProof: input.payment_proof ?? null,
            proofSha256,
            notes: input.notes ?? null,
            rateToUsd: rate === null ? null : String(rate),
            duplicateOf: duplicate?.id ?? null,
            payerCedula: first.buyerCedula,
            requestId: input.request_id ?? null,
          },
          parts,
          actor?.role === 'admin'
            ? { admin: true }
            : isStaff
              ? { staffOf: first.raffleId }
              : { buyerOrderId: orderId },
        );
        const codes = await ledgerRepo.orderCodes(tx, orderId ? [orderId] : []);
        const answer = {
          success: true as const,
          ticket: { id: first.id, number: first.number, status: first.status },
          payment: toPayment(payment, orderId ? (codes.get(orderId) ?? null) : null),
        };
        // Staff are told of an earlier payment only when they may see it: an admin, or staff of its
        // raffle (as the 409 names it, money-ledger.ts): a seller of another raffle learns nothing.
        if (isStaff && actor?.role !== 'admin' && duplicate && duplicate.raffleId !== first.raffleId)
          return { ...answer, payment: { ...answer.payment, duplicate_of: null } };
        if (isStaff) return answer;
        // A buyer sees their own payment, not the fraud hint that points at other payments.
        const { duplicate_of: _hint, ...own } = answer.payment;
        return { ...answer, payment: own };
      });
    },

    async list(status?: PaymentStatus): Promise<StaffPayment[]> {
      return staffView(await paymentsRepo.list(db, { status }));
    },

    async counts(): Promise<PaymentCounts> {
      const counts: PaymentCounts = { pending: 0, approved: 0, rejected: 0 };
      for (const row of await paymentsRepo.countByStatus(db)) {
        if (row.status in counts) counts[row.status as PaymentStatus] = row.n;
      }
      return counts;
    },

    /** A ticket's ledger, newest first: the payments that gave it money, and its refunds. */
    async listForTicket(actor: AuthContext, ticketId: string): Promise<TicketLedgerEntry[]> {
      await deps.tickets.get(actor, ticketId); // ownership and 404
      const ledger = await ticketLedger(db, ticketId);
      const orderIds = [
        ...new Set(ledger.payments.flatMap((p) => (p.payment.orderId ? [p.payment.orderId] : []))),
      ];
      const [codes, sellers] = await Promise.all([
        ledgerRepo.orderCodes(db, orderIds),
        ledgerRepo.orderSellers(db, orderIds),
      ]);
      return toLedgerEntries(ledger, codes, sellers);
    },

    /** A proof sent with a reservation: one pending payment for the order, each number's first amount due. */
    async recordProofPayments(tx: Executor, proof: ReservationProof) {
      const first = proof.tickets[0];
      if (!first) return;
      const rate = (await deps.currentRate?.(tx)) ?? null;
      const duplicate = await paymentsRepo.findDuplicate(tx, {
        proofSha256: proof.sha256,
        buyerCedula: first.buyerCedula,
      });
      await insertPayment(
        tx,
        {
          ticketId: first.id,
          orderId: proof.orderId,
          amountCents: proof.tickets.reduce((sum, t) => sum + t.amountCents, 0),
          paymentMethod: proof.paymentMethod,
          paymentProof: proof.fileUrl,
          proofSha256: proof.sha256,
          notes: paymentMessages.sentWithReservation,
          rateToUsd: rate === null ? null : String(rate),
          duplicateOf: duplicate?.id ?? null,
          payerCedula: first.buyerCedula,
        },
        proof.tickets.map((t) => ({ ticketId: t.id, amountCents: t.amountCents })),
      );
    },

    forTickets: (ticketIds: string[]) => paymentsRepo.forTickets(db, ticketIds),

    /** The buyer's order, proven by its cedula: the success screen's own page, and paying it whole. */
    async orderView(code: string, cedula: string): Promise<OrderView> {
      const found = await ledgerRepo.orderByCode(db, code);
      if (!found || found.order.buyerCedula !== cedula)
        throw new NotFoundError(paymentMessages.orderNotFound, 'ORDER_NOT_FOUND');
      const [sales, paid] = await Promise.all([
        ledgerRepo.orderTickets(db, found.order.id),
        ledgerRepo.paymentsOfOrder(db, found.order.id),
      ]);
      const holds = await deps.tickets.reviewHolds(sales);
      return toOrderView(found, sales, paid, cedula, holds);
    },

    /**
     * Review one payment: the note gains a line saying so; approving adds its parts to its tickets.
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
  return service;
}
