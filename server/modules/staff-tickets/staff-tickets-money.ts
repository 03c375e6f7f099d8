import {
  ledgerMessages,
  ledgerNotes,
  type RefundInput,
  type StaffPaymentInput,
  statusForMoney,
  TAKES_MONEY_BACK,
} from '../../../domain/ledger';
import { paymentMethodLabels } from '../../../domain/reservations';
import type { TicketPatch } from '../../../domain/staff-tickets';
import { ticketMessages } from '../../../domain/tickets';
import type { Executor } from '../../db/client';
import type { TicketRow } from '../../db/rows';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors';
import { recordReceived, recordRefund } from '../payments/money-ledger';
import { PAYABLE } from '../payments/payment-views';
import { settleFreeSales } from '../tickets/order-free-sales';
import { lockPackageOrders } from '../tickets/package-reprice';
import { type Actor, describeChanges, recordChanges } from '../tickets/ticket-changes';
import { staffTicketsRepo } from './staff-tickets.repo';

/**
 * Money staff move on a sale, inside the caller's transaction: by a status change, by hand
 * (a payment received, a refund given), and the status that follows from the ledger.
 */

/** Statuses whose money is the ledger's: the status staff ask for becomes what the money says. */
export const MONEY_STATUSES = new Set(['abonado', 'pagado']);

/**
 * What a status change does to money (issue 18): pagado records an approved payment for what is
 * owed, abonado the amount given; taking a sale with money back to apartado, releasing or
 * cancelling it records a refund or an explicit "sin reembolso". Answers the sale as the ledger
 * left it, and the history lines to add.
 */
export async function moveMoneyForStatus(
  tx: Executor,
  sale: TicketRow,
  patch: TicketPatch,
  actor: Actor,
  rate: number | null,
) {
  const lines: string[] = [];
  const method = patch.payment_method ?? 'efectivo';
  const receive = async (amountCents: number) => {
    await recordReceived(tx, sale, { amountCents, method, note: patch.note ?? null }, actor, rate);
    lines.push(ledgerNotes.recordedByStaff(amountCents, paymentMethodLabels[method]));
  };
  if (patch.status === 'pagado' && sale.remainingCents > 0) await receive(sale.remainingCents);
  if (patch.status === 'abonado' && patch.amount_cents !== undefined) await receive(patch.amount_cents);
  if (patch.status && TAKES_MONEY_BACK.has(patch.status) && sale.totalPaidCents > 0) {
    // Money kept on a live sale would make an apartado that has paid: the ledger says abonado.
    const decided = patch.refund !== undefined || patch.no_refund_reason !== undefined;
    if (patch.status === 'apartado' && decided && patch.refund?.amount_cents !== sale.totalPaidCents)
      throw new UnprocessableError(
        ledgerMessages.backToReservedRefundsAll(sale.totalPaidCents),
        'REFUND_MUST_BE_FULL',
        { total_paid_cents: sale.totalPaidCents },
      );
    if (patch.refund) {
      const { fromSellerCashCents } = await recordRefund(
        tx,
        sale,
        {
          amountCents: patch.refund.amount_cents,
          reason: patch.refund.reason,
          fromSellerCash: patch.refund.from_seller_cash,
        },
        actor,
        rate,
      );
      lines.push(ledgerNotes.refunded(patch.refund.amount_cents, patch.refund.reason));
      if (fromSellerCashCents > 0) lines.push(ledgerNotes.fromSellerCash(fromSellerCashCents));
    } else if (patch.no_refund_reason) {
      lines.push(ledgerNotes.noRefund(patch.no_refund_reason));
    } else {
      throw new UnprocessableError(
        ledgerMessages.refundDecisionRequired(sale.totalPaidCents),
        'REFUND_DECISION_REQUIRED',
        { total_paid_cents: sale.totalPaidCents },
      );
    }
  }
  const after = lines.length > 0 ? await staffTicketsRepo.findById(tx, sale.id) : null;
  return { sale: after?.ticket ?? sale, lines };
}

/** The status money leads to: a payment can make a sale abonado or pagado, a refund bring it back. */
export const statusAfter = (sale: TicketRow, requested: string) =>
  MONEY_STATUSES.has(requested) ? statusForMoney(sale.totalPaidCents, sale.priceCents) : requested;

/**
 * After a ledger entry (each sale with its history note): each sale's status follows its money (a
 * cancelled one stays cancelled), then the numbers its order's package priced 0 follow the order
 * (order-free-sales.ts, decision 061). Every way money lands on or leaves a sale passes here (a
 * staff payment, a refund, an approved report, by hand or from the bank statement), so what the
 * payment completes is settled in its own transaction. Recorded, and announced after the commit.
 */
export async function settleMoney(tx: Executor, sales: { ticketId: string; note: string }[], actor: Actor) {
  const rows: TicketRow[] = [];
  for (const { ticketId, note } of sales) {
    const current = await staffTicketsRepo.findById(tx, ticketId, { lock: true });
    if (!current) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
    const sale = current.ticket;
    const status =
      sale.status === 'cancelado' ? sale.status : statusForMoney(sale.totalPaidCents, sale.priceCents);
    const row = await staffTicketsRepo.update(tx, ticketId, { status });
    await recordChanges(tx, [row], describeChanges([row], sale.status, note, actor));
    rows.push(row);
  }
  await settleFreeSales(
    tx,
    rows.map((row) => row.orderId),
    { actor },
  );
  return rows;
}

/** settleMoney of one sale, answering its row. */
async function settleOne(tx: Executor, ticketId: string, actor: Actor, note: string) {
  const [row] = await settleMoney(tx, [{ ticketId, note }], actor);
  if (!row) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
  return row;
}

/**
 * A live sale of a raffle this actor manages (checked before the transaction: PGlite has one
 * connection), locked with its raffle, for a money entry.
 */
async function lockedSale(tx: Executor, sale: TicketRow) {
  await staffTicketsRepo.lockRaffle(tx, sale.raffleId);
  // settleMoney settles the order's numbers priced 0 after it: the order's numbers first, in id order.
  await lockPackageOrders(tx, [sale.orderId]);
  const current = await staffTicketsRepo.findById(tx, sale.id, { lock: true });
  if (!current) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
  if (current.ticket.endedAt) throw new ConflictError(ticketMessages.saleEnded, 'TICKET_CHANGED');
  return current.ticket;
}

/** Money staff received by hand, approved at once; the sale's status follows. */
export async function receiveByHand(
  tx: Executor,
  owned: TicketRow,
  input: StaffPaymentInput,
  by: Actor,
  rate: number | null,
) {
  const sale = await lockedSale(tx, owned);
  if (!PAYABLE.has(sale.status)) throw new ConflictError(ledgerMessages.saleNotPayable, 'TICKET_NOT_PAYABLE');
  const payment = await recordReceived(
    tx,
    sale,
    {
      amountCents: input.amount_cents,
      method: input.payment_method,
      reference: input.reference,
      note: input.note,
    },
    by,
    rate,
  );
  const line = ledgerNotes.recordedByStaff(input.amount_cents, paymentMethodLabels[input.payment_method]);
  const row = await settleOne(tx, sale.id, by, [line, input.note].filter(Boolean).join('. '));
  return { payment, row };
}

/** Money given back by hand; the status follows what is left paid. */
export async function refundByHand(
  tx: Executor,
  owned: TicketRow,
  input: RefundInput,
  by: Actor,
  rate: number | null,
) {
  const sale = await lockedSale(tx, owned);
  const { refund, fromSellerCashCents } = await recordRefund(
    tx,
    sale,
    { amountCents: input.amount_cents, reason: input.reason, fromSellerCash: input.from_seller_cash },
    by,
    rate,
  );
  const note = [
    ledgerNotes.refunded(input.amount_cents, input.reason),
    ...(fromSellerCashCents > 0 ? [ledgerNotes.fromSellerCash(fromSellerCashCents)] : []),
  ].join('. ');
  const row = await settleOne(tx, sale.id, by, note);
  return { refund, row };
}
