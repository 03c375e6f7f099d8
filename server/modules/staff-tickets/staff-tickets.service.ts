import type { Writable } from 'node:stream';
import type { BulkReleaseInput } from '../../../domain/bulk-release';
import type { TicketInstantWin } from '../../../domain/instant-wins';
import type { RefundInput, StaffPaymentInput } from '../../../domain/ledger';
import {
  TICKET_FILTER_STATUSES,
  type TicketCounts,
  type TicketHistoryEntry,
} from '../../../domain/staff-tickets';
import {
  exactNumberFromTerm,
  isTicketStatus,
  normalizeSearchTerm,
  padTicketNumber,
} from '../../../domain/tickets';
import type { Db, Executor } from '../../db/client';
import type { RaffleRow } from '../../db/rows';
import type { AuthContext } from '../../lib/auth-context';
import { assertCan, can, managedRaffles, type RaffleOwnership } from '../../lib/permissions';
import type { ResolvePaymentProof } from '../files/files.service';
import type { TicketChanges } from '../tickets/ticket-changes';
import { releaseMany } from './bulk-release';
import { staffTicketsRepo } from './staff-tickets.repo';
import { salesOnly } from './staff-tickets.sql';
import { toStaffTicket } from './staff-tickets.views';
import { createSaleAccess, paidSaleLocked } from './staff-tickets-access';
import type { ExportReads } from './staff-tickets-export.repo';
import { receiveByHand, refundByHand, settleMoney } from './staff-tickets-money';
import { createTicketUpdates } from './staff-tickets-update';
import { ticketCsv } from './tickets-csv';
import { writeTicketXlsx, XLSX_CHUNK } from './tickets-xlsx';

function searchFilters(query: { search?: string }) {
  const term = query.search ? normalizeSearchTerm(query.search) : '';
  return { term, exactNumber: term ? exactNumberFromTerm(term) : null };
}

export type StaffTicketsService = ReturnType<typeof createStaffTicketsService>;

/** Staff views and edits of tickets: ownership-checked, every change recorded and broadcast. */
export function createStaffTicketsService({
  db,
  exports,
  changes,
  resolvePaymentProof,
  currentRate,
  paymentReviewHours,
  instantWinAwards,
}: {
  db: Db;
  /** How the CSV and XLSX read (`exportReads`): on PGlite behind buyers' statements; on PostgreSQL the CSV reads ahead. */
  exports: ExportReads;
  /** Tickets module: transactions whose ticket changes are announced after they commit. */
  changes: TicketChanges;
  /** Files service: throws a 422 unless the URL is a payment proof uploaded to this server. */
  resolvePaymentProof?: ResolvePaymentProof;
  /** Rates service: today's Bs per USD, kept with money staff record. */
  currentRate?: () => Promise<number | null>;
  /** PAYMENT_REVIEW_HOURS: how long a pending payment keeps its numbers from expiring. */
  paymentReviewHours: number;
  /** Instant-wins service: what each sale won and whether it was handed over (decision 081). */
  instantWinAwards?: (ticketIds: readonly string[]) => Promise<Map<string, TicketInstantWin>>;
}) {
  const access = createSaleAccess(db);
  const { getOwned, getOwnedForMoney } = access;
  const updates = createTicketUpdates({ db, changes, access, resolvePaymentProof, currentRate });

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

  /**
   * The instant win each live sale won, for those who may edit the raffle (the list is theirs alone,
   * decision 041): the refund and release dialogs warn about a prize already handed over. Null for
   * anyone else, who gets no `instant_win` at all.
   */
  async function awardsFor(
    actor: AuthContext,
    raffle: RaffleOwnership,
    sales: { id: string | null; endedAt: Date | null }[],
  ) {
    if (!instantWinAwards || !can(actor, 'edit', raffle)) return null;
    return instantWinAwards(sales.flatMap((s) => (s.id && !s.endedAt ? [s.id] : [])));
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
      actor: AuthContext,
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
      const [holds, awards] = await Promise.all([reviewHolds(items), awardsFor(actor, raffle, items)]);
      return {
        items: items.map((row) => toStaffTicket(row, holds, awards)),
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
        (render) =>
          staffTicketsRepo.scan(exports.db, raffle, filters, render, {
            batch: exports.csvChunk,
            readAhead: exports.csvReadAhead,
          }),
        currentRate ? currentRate() : Promise.resolve(null),
      );
    },

    /** The same tickets as `csv`, as an XLSX workbook written into `out` (ends it; rejects on failure). */
    xlsx(raffle: RaffleRow, query: { status?: string[]; search?: string }, out: Writable) {
      const filters = { ...searchFilters(query), statuses: query.status };
      return writeTicketXlsx(
        (render) =>
          // Not read ahead here: the XLSX's worker already asks for the next batch as it takes one
          // (decision 050), so reading ahead would hold a third batch for nothing.
          staffTicketsRepo.scan(exports.db, raffle, filters, render, { batch: XLSX_CHUNK, readAhead: false }),
        currentRate ? currentRate() : Promise.resolve(null),
        out,
      );
    },

    async get(actor: AuthContext, id: string) {
      const { ticket, raffle } = await getOwned(actor, id);
      const [holds, awards] = await Promise.all([reviewHolds([ticket]), awardsFor(actor, raffle, [ticket])]);
      return toStaffTicket(ticket, holds, awards);
    },

    /** Until when a payment under review keeps each of these sales, for those it keeps (the order page). */
    reviewHolds,

    /** `PATCH /api/tickets/:id` and, by number, `PATCH /api/raffles/:id/numbers/:number` (staff-tickets-update.ts). */
    update: updates.update,
    updateNumber: updates.updateNumber,

    /** `POST /api/raffles/:id/tickets/release`: many numbers at once (bulk-release.ts). */
    releaseMany: (actor: AuthContext, raffle: RaffleRow, input: BulkReleaseInput) =>
      releaseMany(
        {
          db,
          changes,
          awardsOf: (ids) =>
            awardsFor(
              actor,
              raffle,
              ids.map((id) => ({ id, endedAt: null })),
            ),
        },
        actor,
        raffle,
        input,
      ),

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
