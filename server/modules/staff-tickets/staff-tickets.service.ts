import type { Writable } from 'node:stream';
import type { BulkReleaseInput } from '../../../domain/bulk-release';
import { ledgerMessages, type RefundInput, type StaffPaymentInput } from '../../../domain/ledger';
import { isClosedStatus, lifecycleMessages } from '../../../domain/raffle-lifecycle';
import { sellerMessages } from '../../../domain/seller-network';
import {
  moneyFieldsIn,
  TICKET_FILTER_STATUSES,
  type TicketCounts,
  type TicketHistoryEntry,
  type TicketPatch,
} from '../../../domain/staff-tickets';
import {
  exactNumberFromTerm,
  historyNotes,
  isTicketStatus,
  normalizeSearchTerm,
  padTicketNumber,
  ticketMessages,
} from '../../../domain/tickets';
import type { Db, Executor } from '../../db/client';
import type { RaffleRow } from '../../db/rows';
import type { tickets } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  hasSqlState,
  NotFoundError,
  SQLSTATE,
  UnprocessableError,
} from '../../lib/errors';
import { assertCan, canMoveMoney, forbidden, managedRaffles } from '../../lib/permissions';
import { createOrder } from '../payments/money-ledger';
import { repriceKeptSales } from '../tickets/package-reprice';
import { endSale } from '../tickets/sale-rows';
import { describeChanges, recordChanges, type TicketChanges } from '../tickets/ticket-changes';
import { releaseMany } from './bulk-release';
import { staffTicketsRepo } from './staff-tickets.repo';
import { salesOnly } from './staff-tickets.sql';
import { toStaffTicket } from './staff-tickets.views';
import {
  MONEY_STATUSES,
  moveMoneyForStatus,
  receiveByHand,
  refundByHand,
  settleMoney,
  statusAfter,
} from './staff-tickets-money';
import {
  changesHold,
  changesSoldList,
  patchDecidesSale,
  patchMovesMoney,
  undoesPaidSale,
} from './ticket-patch-rules';
import { ticketCsv } from './tickets-csv';
import { writeTicketXlsx, XLSX_CHUNK } from './tickets-xlsx';

const isUniqueViolation = (error: unknown) => hasSqlState(error, SQLSTATE.uniqueViolation);

function searchFilters(query: { search?: string }) {
  const term = query.search ? normalizeSearchTerm(query.search) : '';
  return { term, exactNumber: term ? exactNumberFromTerm(term) : null };
}

const paidSaleLocked = () => new ForbiddenError(sellerMessages.paidSaleLocked, 'PAID_SALE_LOCKED');

export type StaffTicketsService = ReturnType<typeof createStaffTicketsService>;

/** Staff views and edits of tickets: ownership-checked, every change recorded and broadcast. */
export function createStaffTicketsService({
  db,
  changes,
  resolvePaymentProof,
  currentRate,
  paymentReviewHours,
}: {
  db: Db;
  /** Tickets module: transactions whose ticket changes are announced after they commit. */
  changes: TicketChanges;
  /** Files service: throws a 422 unless the URL is a payment proof uploaded to this server. */
  resolvePaymentProof?: (fileUrl: string) => Promise<unknown>;
  /** Rates service: today's Bs per USD, kept with money staff record. */
  currentRate?: () => Promise<number | null>;
  /** PAYMENT_REVIEW_HOURS: how long a pending payment keeps its numbers from expiring. */
  paymentReviewHours: number;
}) {
  /** A patch never names money (400), and a proof set by hand is one of this server's uploads (null clears it). */
  async function checkPatch(patch: TicketPatch) {
    const money = moneyFieldsIn(patch);
    if (money.length > 0)
      throw new BadRequestError(ledgerMessages.moneyFieldsReadOnly(money), 'MONEY_FIELDS_READ_ONLY', {
        fields: money,
      });
    if (patch.payment_proof != null) await resolvePaymentProof?.(patch.payment_proof);
  }

  async function getOwned(actor: AuthContext, id: string) {
    const row = await staffTicketsRepo.findById(db, id);
    if (!row) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
    assertCan(actor, 'manage-sales', row.raffle, forbidden);
    return row;
  }

  /** A sale whose money the actor may move (an assigned seller: only the sales credited to them). */
  async function getOwnedForMoney(
    actor: AuthContext,
    id: string,
    message: string = sellerMessages.notYourSale,
  ) {
    const row = await getOwned(actor, id);
    if (!canMoveMoney(actor, row.raffle, row.creditedSellerId))
      throw new ForbiddenError(message, 'NOT_YOUR_SALE');
    return row;
  }

  /** The ticket a payment is for, locked in the payment's transaction. */
  async function findForPayment(tx: Executor, ticketId: string) {
    const row = await staffTicketsRepo.findById(tx, ticketId, { lock: true });
    return (
      row && {
        ...row.ticket,
        sellerId: row.raffle.sellerId,
        assignedSellerIds: row.raffle.assignedSellerIds,
        creditedSellerId: row.creditedSellerId,
      }
    );
  }

  /** Until when a payment under review keeps each of these sales (only a reservation can be kept). */
  function reviewHolds(sales: { id: string | null; status: string; endedAt: Date | null }[]) {
    const ids = sales.flatMap((s) => (s.id && !s.endedAt && s.status === 'apartado' ? [s.id] : []));
    return staffTicketsRepo.reviewHolds(db, ids, paymentReviewHours);
  }

  /** A page of the list and the chips' counts per status (the search applies to both). */
  async function pageWithChips(
    raffle: RaffleRow,
    filters: ReturnType<typeof searchFilters>,
    paged: Parameters<typeof staffTicketsRepo.page>[2],
  ) {
    // A search only sales can match reads both in one pass (searchPage).
    if (filters.term && salesOnly({ term: filters.term })) {
      const searched = await staffTicketsRepo.searchPage(db, raffle, { ...paged, term: filters.term });
      if (searched) return searched;
    }
    const [page, byStatus] = await Promise.all([
      staffTicketsRepo.page(db, raffle, paged),
      staffTicketsRepo.countByStatus(db, raffle, filters),
    ]);
    return { ...page, byStatus };
  }

  const service = {
    async list(
      raffle: RaffleRow,
      query: { status?: string[]; search?: string; page: number; per_page: number },
    ) {
      const filters = searchFilters(query);
      const paged = {
        ...filters,
        statuses: query.status,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      };
      const { items, count, byStatus } = await pageWithChips(raffle, filters, paged);
      const counts = Object.fromEntries(TICKET_FILTER_STATUSES.map((s) => [s, 0])) as TicketCounts;
      for (const row of byStatus) counts[isTicketStatus(row.status) ? row.status : 'otros'] += row.n;
      const holds = await reviewHolds(items);
      return {
        items: items.map((row) => toStaffTicket(row, holds)),
        count,
        page: query.page,
        per_page: query.per_page,
        counts,
      };
    },

    /** Every ticket matching the list's filters, as CSV text chunks. */
    csv(raffle: RaffleRow, query: { status?: string[]; search?: string }) {
      const filters = { ...searchFilters(query), statuses: query.status };
      return ticketCsv(
        (render) => staffTicketsRepo.scan(db, raffle, filters, render),
        currentRate ? currentRate() : Promise.resolve(null),
      );
    },

    /** The same tickets as `csv`, as an XLSX workbook written into `out` (ends it; rejects on failure). */
    xlsx(raffle: RaffleRow, query: { status?: string[]; search?: string }, out: Writable) {
      const filters = { ...searchFilters(query), statuses: query.status };
      return writeTicketXlsx(
        (render) => staffTicketsRepo.scan(db, raffle, filters, render, XLSX_CHUNK),
        currentRate ? currentRate() : Promise.resolve(null),
        out,
      );
    },

    async get(actor: AuthContext, id: string) {
      const { ticket } = await getOwned(actor, id);
      return toStaffTicket(ticket, await reviewHolds([ticket]));
    },

    /** Until when a payment under review keeps each of these sales, for those it keeps (the order page). */
    reviewHolds,

    async update(actor: AuthContext, id: string, patch: TicketPatch) {
      const owned = await getOwned(actor, id);
      if (patchMovesMoney(owned.ticket, patch)) await getOwnedForMoney(actor, id);
      else if (patchDecidesSale(owned.ticket, patch))
        await getOwnedForMoney(actor, id, sellerMessages.notYourSaleToDecide);
      await checkPatch(patch);
      const rate = (await currentRate?.()) ?? null;
      return changes.transaction(async (tx) => {
        // The raffle (KEY SHARE) before the sale: a close waits for this change, or this change sees it.
        const raffle = await staffTicketsRepo.lockRaffle(tx, owned.ticket.raffleId);
        const current = await staffTicketsRepo.findById(tx, id, { lock: true });
        if (!current || !raffle) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
        // An ended sale is history: its number, if sold again, is another sale with another id.
        if (current.ticket.endedAt) throw new ConflictError(ticketMessages.saleEnded, 'TICKET_CHANGED');
        if (undoesPaidSale(current.ticket, patch))
          assertCan(actor, 'undo-paid-sale', owned.raffle, paidSaleLocked);
        if (isClosedStatus(raffle.status) && changesSoldList(current.ticket, patch))
          throw new ConflictError(lifecycleMessages.soldListFrozen, 'RAFFLE_CLOSED');
        // A hold ends by the sweep or a release, never by a date set in the past (decided by whom may release).
        if (
          patch.reserved_until &&
          changesHold(current.ticket, patch) &&
          new Date(patch.reserved_until) <= new Date()
        )
          throw new UnprocessableError(ledgerMessages.reservedUntilPast, 'RESERVED_UNTIL_OUT_OF_RANGE');
        if (patch.reserved_until && raffle.closingDate && new Date(patch.reserved_until) > raffle.closingDate)
          throw new UnprocessableError(
            ledgerMessages.reservedUntilOutOfRange,
            'RESERVED_UNTIL_OUT_OF_RANGE',
            {
              closing_date: raffle.closingDate.toISOString(),
            },
          );
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
        if (patch.status) {
          // Money statuses follow the ledger (SPEC 4: paid means the full price is in).
          values.status = statusAfter(money.sale, patch.status);
          // Back on sale: the sale ends (kept with its buyer, payments and refunds for history).
          if (patch.status === 'disponible') Object.assign(values, endSale);
        }
        const row = await staffTicketsRepo.update(tx, id, values);
        const note = [
          patch.note ?? (patch.status ? historyNotes.statusChanged(row.status) : historyNotes.detailsUpdated),
          ...money.lines,
        ].join('. ');
        await recordChanges(tx, [row], describeChanges([row], current.ticket.status, note, by));
        // Released or cancelled out of its order: what the order keeps is priced for what it is.
        if (patch.status === 'disponible' || patch.status === 'cancelado') await repriceKeptSales(tx, [row]);
        return toStaffTicket(row);
      });
    },

    /**
     * A change by number: the number's live sale if it has one, else a new sale staff make by hand
     * (sold outside the web, or set aside as cancelled); a buyer who got there first wins (409).
     */
    async updateNumber(actor: AuthContext, raffle: RaffleRow, number: number, patch: TicketPatch) {
      if (number >= raffle.totalNumbers) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
      const saleId = await staffTicketsRepo.idByNumber(db, raffle.id, number);
      if (saleId) return service.update(actor, saleId, patch);
      if (!patch.status || patch.status === 'disponible')
        throw new ConflictError(ticketMessages.numberAvailable, 'NUMBER_AVAILABLE');
      await checkPatch(patch);
      const rate = (await currentRate?.()) ?? null;
      const status = patch.status;
      try {
        return await changes.transaction(async (tx) => {
          const locked = await staffTicketsRepo.lockRaffle(tx, raffle.id);
          if (!locked) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
          if (isClosedStatus(locked.status))
            throw new ConflictError(lifecycleMessages.soldListFrozen, 'RAFFLE_CLOSED');
          // A new sale owes the raffle's price now, and keeps it if the price changes later. It is an
          // order of its own; money comes in as ledger entries once the sale exists.
          const order = await createOrder(tx, raffle.id, patch.buyer_cedula ?? null, actor.userId);
          const inserted = await staffTicketsRepo.insertSale(tx, {
            raffleId: raffle.id,
            number,
            ticketNumber: padTicketNumber(number, raffle.digitCount),
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
            reservedUntil:
              status === 'apartado'
                ? new Date(Date.now() + raffle.reservationHours * 3_600_000)
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
    },

    /** `POST /api/raffles/:id/tickets/release`: many numbers at once (bulk-release.ts). */
    releaseMany: (actor: AuthContext, raffle: RaffleRow, input: BulkReleaseInput) =>
      releaseMany({ db, changes }, actor, raffle, input),

    findForPayment,

    /** A transaction in which payments may change tickets (`applyPayment`): announced after its commit. */
    transaction: changes.transaction,

    /** The same, found by raffle and number (a buyer paying from tracking knows those, not the id). */
    async findForPaymentByNumber(tx: Executor, raffleId: string, number: number) {
      const id = await staffTicketsRepo.idByNumber(tx, raffleId, number);
      return id ? findForPayment(tx, id) : null;
    },

    settleMoney,

    /** `POST /api/tickets/:id/payments`: money staff received by hand, approved at once. */
    async recordPayment(actor: AuthContext, id: string, input: StaffPaymentInput) {
      const owned = await getOwnedForMoney(actor, id);
      const rate = (await currentRate?.()) ?? null;
      return changes.transaction(async (tx) => {
        const by = { id: actor.userId, email: actor.email };
        const { payment, row } = await receiveByHand(tx, owned.ticket, input, by, rate);
        return { payment, ticket: toStaffTicket(row) };
      });
    },

    /** `POST /api/tickets/:id/refunds`: money given back; the status follows what is left paid. */
    async refund(actor: AuthContext, id: string, input: RefundInput) {
      const owned = await getOwnedForMoney(actor, id);
      // Checked on the sale as the request found it: a refund sent before a payment completed it was
      // decided without seeing whether the number won anything.
      if (owned.ticket.status === 'pagado') assertCan(actor, 'undo-paid-sale', owned.raffle, paidSaleLocked);
      const rate = (await currentRate?.()) ?? null;
      return changes.transaction(async (tx) => {
        const by = { id: actor.userId, email: actor.email };
        const { refund, row } = await refundByHand(tx, owned.ticket, input, by, rate);
        return { refund, ticket: toStaffTicket(row) };
      });
    },

    async history(
      actor: AuthContext,
      query: {
        raffle_id?: string;
        ticket_id?: string;
        status?: string;
        from?: string;
        to?: string;
        page: number;
        per_page: number;
      },
    ) {
      const { items, count } = await staffTicketsRepo.history(db, {
        raffleId: query.raffle_id,
        ticketId: query.ticket_id,
        scope: managedRaffles(actor),
        status: query.status,
        from: query.from,
        to: query.to,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      const entries: TicketHistoryEntry[] = items.map(({ event: e, raffleName, digitCount }) => ({
        id: e.id,
        ticket_id: e.ticketId,
        raffle_id: e.raffleId,
        number: e.number,
        from_status: e.fromStatus,
        to_status: e.toStatus,
        actor_id: e.actorId,
        actor_email: e.actorEmail,
        note: e.note,
        created_at: e.createdAt.toISOString(),
        raffle_name: raffleName,
        ticket_number: padTicketNumber(e.number, digitCount),
      }));
      return { items: entries, count, page: query.page, per_page: query.per_page };
    },
  };
  return service;
}
