import { ledgerMessages } from '../../../domain/ledger';
import { paymentMessages } from '../../../domain/payments';
import { lifecycleMessages, salesClosed } from '../../../domain/raffle-lifecycle';
import { sellerMessages } from '../../../domain/seller-network';
import { moneyFieldsIn, type TicketPatch } from '../../../domain/staff-tickets';
import { historyNotes, padTicketNumber, ticketMessages } from '../../../domain/tickets';
import type { Db } from '../../db/client';
import type { RaffleRow } from '../../db/rows';
import type { tickets } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import {
  BadRequestError,
  ConflictError,
  hasSqlState,
  NotFoundError,
  SQLSTATE,
  UnprocessableError,
} from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import type { ResolvePaymentProof } from '../files/files.service';
import { createOrder } from '../payments/money-ledger';
import { settleFreeSales, staffChoiceOnFreeSale } from '../tickets/order-free-sales';
import { lockPackageOrders, repriceKeptSales } from '../tickets/package-reprice';
import { endSale } from '../tickets/sale-rows';
import { describeChanges, recordChanges, type TicketChanges } from '../tickets/ticket-changes';
import { staffTicketsRepo } from './staff-tickets.repo';
import { toStaffTicket } from './staff-tickets.views';
import { paidSaleLocked, type SaleAccess, saleWithMoneyLocked } from './staff-tickets-access';
import { MONEY_STATUSES, moveMoneyForStatus, statusAfter } from './staff-tickets-money';
import {
  changesHold,
  changesSoldList,
  handsPaidMoneyOver,
  patchDecidesSale,
  patchMovesMoney,
  undoesPaidSale,
} from './ticket-patch-rules';

/**
 * `PATCH /api/tickets/:id` and `PATCH /api/raffles/:id/numbers/:number`: staff change a sale (its
 * buyer, hold, status and the money a status moves) or make one by hand for a number nobody holds.
 * Each change is checked against who may make it, recorded in the history and announced after it
 * commits.
 */

const isUniqueViolation = (error: unknown) => hasSqlState(error, SQLSTATE.uniqueViolation);

export function createTicketUpdates({
  db,
  changes,
  access: { getOwned, getOwnedForMoney },
  resolvePaymentProof,
  currentRate,
}: {
  db: Db;
  changes: TicketChanges;
  access: SaleAccess;
  resolvePaymentProof?: ResolvePaymentProof;
  currentRate?: () => Promise<number | null>;
}) {
  /**
   * A patch never names money (400), and a proof set by hand is one of this server's uploads, not
   * another raffle's (null clears it).
   */
  async function checkPatch(patch: TicketPatch, raffleId: string) {
    const money = moneyFieldsIn(patch);
    if (money.length > 0)
      throw new BadRequestError(ledgerMessages.moneyFieldsReadOnly(money), 'MONEY_FIELDS_READ_ONLY', {
        fields: money,
      });
    if (patch.payment_proof != null) await resolvePaymentProof?.(patch.payment_proof, { raffleId });
  }

  async function update(actor: AuthContext, id: string, patch: TicketPatch) {
    const owned = await getOwned(actor, id);
    if (patchMovesMoney(owned.ticket, patch)) await getOwnedForMoney(actor, id);
    else if (patchDecidesSale(owned.ticket, patch))
      await getOwnedForMoney(actor, id, sellerMessages.notYourSaleToDecide);
    await checkPatch(patch, owned.ticket.raffleId);
    const rate = (await currentRate?.()) ?? null;
    return changes.transaction(async (tx) => {
      // The raffle (KEY SHARE) before the sale: a close waits for this change, or this change sees it.
      const raffle = await staffTicketsRepo.lockRaffle(tx, owned.ticket.raffleId);
      // Ending a sale of a package order, or bringing a cancelled one back, prices the order again;
      // money moving settles its numbers priced 0: its numbers first, in id order.
      const touchesOrder =
        (patch.status !== undefined &&
          (patch.status === 'disponible' ||
            patch.status === 'cancelado' ||
            owned.ticket.status === 'cancelado')) ||
        patchMovesMoney(owned.ticket, patch);
      if (touchesOrder) await lockPackageOrders(tx, [owned.ticket.orderId]);
      const current = await staffTicketsRepo.findById(tx, id, { lock: true });
      if (!current || !raffle) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
      // An ended sale is history: its number, if sold again, is another sale with another id.
      if (current.ticket.endedAt) throw new ConflictError(ticketMessages.saleEnded, 'TICKET_CHANGED');
      if (undoesPaidSale(current.ticket, patch))
        assertCan(actor, 'undo-paid-sale', owned.raffle, paidSaleLocked);
      else if (handsPaidMoneyOver(current.ticket, patch))
        assertCan(actor, 'undo-paid-sale', owned.raffle, saleWithMoneyLocked);
      // Frozen from the closing date, as the database's trigger has it, not only once the job closed it.
      if (salesClosed(raffle) && changesSoldList(current.ticket, patch))
        throw new ConflictError(lifecycleMessages.soldListFrozen, 'RAFFLE_CLOSED');
      // A buyer's payment in review is decided first (approved or rejected): released or cancelled
      // meanwhile, the buyer who paid lost the number and their payment could no longer be approved.
      if (
        (patch.status === 'disponible' || patch.status === 'cancelado') &&
        (await staffTicketsRepo.hasPaymentUnderReview(tx, id))
      )
        throw new ConflictError(paymentMessages.underReviewRelease, 'PAYMENT_UNDER_REVIEW');
      // A hold ends by the sweep or a release, never by a date set in the past (decided by whom may release).
      if (
        patch.reserved_until &&
        changesHold(current.ticket, patch) &&
        new Date(patch.reserved_until) <= new Date()
      )
        throw new UnprocessableError(ledgerMessages.reservedUntilPast, 'RESERVED_UNTIL_OUT_OF_RANGE');
      if (patch.reserved_until && raffle.closingDate && new Date(patch.reserved_until) > raffle.closingDate)
        throw new UnprocessableError(ledgerMessages.reservedUntilOutOfRange, 'RESERVED_UNTIL_OUT_OF_RANGE', {
          closing_date: raffle.closingDate.toISOString(),
        });
      const by = { id: actor.userId, email: actor.email };
      // Money moves on a status change, on one more abono, or with a refund.
      const movesMoney = patchMovesMoney(current.ticket, patch);
      const money = movesMoney
        ? await moveMoneyForStatus(tx, current.ticket, patch, by, rate)
        : { sale: current.ticket, lines: [] as string[] };
      const values: Partial<typeof tickets.$inferInsert> = {};
      if (patch.buyer_name !== undefined) values.buyerName = patch.buyer_name?.toLowerCase() ?? null;
      if (patch.buyer_phone !== undefined) values.buyerPhone = patch.buyer_phone;
      if (patch.buyer_address !== undefined) values.buyerAddress = patch.buyer_address;
      if (patch.buyer_cedula !== undefined) values.buyerCedula = patch.buyer_cedula;
      if (patch.buyer_email !== undefined) values.buyerEmail = patch.buyer_email;
      if (patch.payment_method !== undefined) values.paymentMethod = patch.payment_method;
      if (patch.payment_proof !== undefined) values.paymentProof = patch.payment_proof;
      if (patch.reserved_until !== undefined)
        values.reservedUntil = patch.reserved_until ? new Date(patch.reserved_until) : null;
      let choice: { statusByHand: boolean; note: string | null } | null = null;
      if (patch.status) {
        // Money statuses follow the ledger (SPEC 4: paid means the full price is in).
        values.status = statusAfter(money.sale, patch.status);
        // Back on sale: the sale ends (kept with its buyer, payments and refunds for history).
        if (patch.status === 'disponible') Object.assign(values, endSale);
        // A number priced 0 keeps a status staff chose against its order's rule (decision 061).
        if (current.ticket.priceCents === 0 && values.status !== current.ticket.status) {
          choice = await staffChoiceOnFreeSale(tx, current.ticket, values.status);
          values.statusByHand = choice.statusByHand;
        }
      }
      const row = await staffTicketsRepo.update(tx, id, values);
      const note = [
        patch.note ?? (patch.status ? historyNotes.statusChanged(row.status) : historyNotes.detailsUpdated),
        ...money.lines,
        ...(choice?.note ? [choice.note] : []),
      ].join('. ');
      await recordChanges(tx, [row], describeChanges([row], current.ticket.status, note, by));
      // Released or cancelled out of its order: what the order keeps is priced for what it is. A
      // cancelled number brought back kept its package share: it is priced with what its order keeps.
      if (
        patch.status === 'disponible' ||
        patch.status === 'cancelado' ||
        (current.ticket.status === 'cancelado' && row.status !== 'cancelado')
      )
        await repriceKeptSales(tx, [row]);
      // Money moved on a number that costs something: its order's numbers priced 0 follow the order
      // (decision 061). A number priced 0 itself keeps the status staff gave it (staffChoiceOnFreeSale).
      else if (movesMoney && row.priceCents > 0) await settleFreeSales(tx, [row.orderId], { actor: by });
      return toStaffTicket(row);
    });
  }

  /**
   * A change by number: the number's live sale if it has one, else a new sale staff make by hand
   * (sold outside the web, or set aside as cancelled); a buyer who got there first wins (409).
   */
  async function updateNumber(actor: AuthContext, raffle: RaffleRow, number: number, patch: TicketPatch) {
    if (number >= raffle.totalNumbers) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
    const saleId = await staffTicketsRepo.idByNumber(db, raffle.id, number);
    if (saleId) return update(actor, saleId, patch);
    if (!patch.status || patch.status === 'disponible')
      throw new ConflictError(ticketMessages.numberAvailable, 'NUMBER_AVAILABLE');
    await checkPatch(patch, raffle.id);
    const rate = (await currentRate?.()) ?? null;
    const status = patch.status;
    try {
      return await changes.transaction(async (tx) => {
        const locked = await staffTicketsRepo.lockRaffle(tx, raffle.id);
        if (!locked) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
        if (salesClosed(locked)) throw new ConflictError(lifecycleMessages.soldListFrozen, 'RAFFLE_CLOSED');
        // Online reservations wait for the raffle to be activa: so do staff's (activa -> borrador
        // requires no sales, and the closing-date rule counts on a draft having none).
        if (locked.status === 'borrador')
          throw new ConflictError(lifecycleMessages.saleOnDraft, 'RAFFLE_NOT_OPEN');
        // Checked again on the locked row: fewer numbers may have committed since `raffle` was read.
        if (number >= locked.totalNumbers)
          throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
        // A new sale owes the raffle's price now, and keeps it if the price changes later. It is an
        // order of its own; money comes in as ledger entries once the sale exists.
        const order = await createOrder(tx, raffle.id, patch.buyer_cedula ?? null, actor.userId);
        const inserted = await staffTicketsRepo.insertSale(tx, {
          raffleId: raffle.id,
          number,
          ticketNumber: padTicketNumber(number, locked.digitCount),
          status: MONEY_STATUSES.has(status) ? 'apartado' : status,
          orderId: order.id,
          buyerName: patch.buyer_name?.toLowerCase() ?? null,
          buyerPhone: patch.buyer_phone ?? null,
          buyerAddress: patch.buyer_address ?? null,
          buyerCedula: patch.buyer_cedula ?? null,
          buyerEmail: patch.buyer_email ?? null,
          paymentMethod: patch.payment_method ?? null,
          paymentProof: patch.payment_proof ?? null,
          purchasedAt: new Date(),
          priceCents: locked.priceCents,
          // An order of its own with nothing that costs something: no rule decides it, staff did.
          statusByHand: locked.priceCents === 0 && status !== 'cancelado',
          reservedUntil:
            status === 'apartado'
              ? // A free raffle's number owes nothing: it has no deadline (migration 0037).
                locked.priceCents > 0
                ? new Date(Date.now() + locked.reservationHours * 3_600_000)
                : null
              : patch.reserved_until
                ? new Date(patch.reserved_until)
                : null,
        });
        const by = { id: actor.userId, email: actor.email };
        const money = await moveMoneyForStatus(tx, inserted, patch, by, rate);
        const row = MONEY_STATUSES.has(status)
          ? await staffTicketsRepo.update(tx, inserted.id, { status: statusAfter(money.sale, status) })
          : inserted;
        const note = [patch.note ?? historyNotes.statusChanged(row.status), ...money.lines].join('. ');
        await recordChanges(tx, [row], describeChanges([row], 'disponible', note, by));
        return toStaffTicket(row);
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ConflictError(ticketMessages.numberTaken, 'TICKETS_UNAVAILABLE', { numbers: [number] });
      throw error;
    }
  }

  return { update, updateNumber };
}
