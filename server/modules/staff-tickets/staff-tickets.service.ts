import { isClosedStatus, lifecycleMessages } from '../../../domain/raffles';
import {
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
import { ConflictError, hasSqlState, NotFoundError, SQLSTATE } from '../../lib/errors';
import { assertCan, forbidden, managedRaffles } from '../../lib/permissions';
import { endSale } from '../tickets/sale-rows';
import { type Actor, describeChanges, recordChanges, type TicketChanges } from '../tickets/ticket-changes';
import { toBuyerTicket } from '../tickets/tickets.views';
import { staffTicketsRepo } from './staff-tickets.repo';
import { toStaffTicket } from './staff-tickets.views';
import { ticketCsv } from './tickets-csv';

const isUniqueViolation = (error: unknown) => hasSqlState(error, SQLSTATE.uniqueViolation);

function searchFilters(query: { search?: string }) {
  const term = query.search ? normalizeSearchTerm(query.search) : '';
  return { term, exactNumber: term ? exactNumberFromTerm(term) : null };
}

/** Buyer fields as a patch names them, and how the sale stores them. */
const BUYER_FIELDS = [
  ['buyer_name', 'buyerName'],
  ['buyer_phone', 'buyerPhone'],
  ['buyer_address', 'buyerAddress'],
  ['buyer_cedula', 'buyerCedula'],
  ['buyer_email', 'buyerEmail'],
] as const;
/** Statuses that take a number out of the published list. */
const LEAVES_LIST = new Set(['disponible', 'cancelado']);

/**
 * Whether a patch would change a closed raffle's sold list: release, cancel, bring a cancelled
 * number back, or change who holds it. Payments (apartado <-> abonado <-> pagado, amounts) go on;
 * a field sent with its current value is no change (edit forms send them all).
 */
function changesSoldList(ticket: typeof tickets.$inferSelect, patch: TicketPatch) {
  const statusChanges = patch.status !== undefined && patch.status !== ticket.status;
  if (statusChanges && (LEAVES_LIST.has(patch.status ?? '') || LEAVES_LIST.has(ticket.status))) return true;
  return BUYER_FIELDS.some(([field, column]) => {
    const value = field === 'buyer_name' && patch.buyer_name ? patch.buyer_name.toLowerCase() : patch[field];
    return value !== undefined && value !== ticket[column];
  });
}

export type StaffTicketsService = ReturnType<typeof createStaffTicketsService>;

/** Staff views and edits of tickets: ownership-checked, every change recorded and broadcast. */
export function createStaffTicketsService({
  db,
  changes,
  resolvePaymentProof,
}: {
  db: Db;
  /** Tickets module: transactions whose ticket changes are announced after they commit. */
  changes: TicketChanges;
  /** Files service: throws a 422 unless the URL is a payment proof uploaded to this server. */
  resolvePaymentProof?: (fileUrl: string) => Promise<unknown>;
}) {
  /** A proof set by hand must be one of this server's uploads, like a buyer's (null clears it). */
  async function assertProof(patch: TicketPatch) {
    if (patch.payment_proof != null) await resolvePaymentProof?.(patch.payment_proof);
  }

  async function getOwned(actor: AuthContext, id: string) {
    const row = await staffTicketsRepo.findById(db, id);
    if (!row) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
    assertCan(actor, 'manage-sales', row.raffle, forbidden);
    return row;
  }

  /** The ticket a payment is for, locked in the payment's transaction. */
  async function findForPayment(tx: Executor, ticketId: string) {
    const row = await staffTicketsRepo.findById(tx, ticketId, { lock: true });
    return row && { ...row.ticket, sellerId: row.raffle.sellerId };
  }

  const service = {
    async list(
      raffle: RaffleRow,
      query: { status?: string[]; search?: string; page: number; per_page: number },
    ) {
      const filters = searchFilters(query);
      const [{ items, count }, byStatus] = await Promise.all([
        staffTicketsRepo.page(db, raffle, {
          ...filters,
          statuses: query.status,
          limit: query.per_page,
          offset: (query.page - 1) * query.per_page,
        }),
        staffTicketsRepo.countByStatus(db, raffle, filters),
      ]);
      const counts = Object.fromEntries(TICKET_FILTER_STATUSES.map((s) => [s, 0])) as TicketCounts;
      for (const row of byStatus) counts[isTicketStatus(row.status) ? row.status : 'otros'] += row.n;
      return { items: items.map(toStaffTicket), count, page: query.page, per_page: query.per_page, counts };
    },

    /** Every ticket matching the list's filters, as CSV text chunks. */
    csv(raffle: RaffleRow, query: { status?: string[]; search?: string }) {
      return ticketCsv(
        staffTicketsRepo.scan(db, raffle, { ...searchFilters(query), statuses: query.status }),
      );
    },

    get: async (actor: AuthContext, id: string) => toStaffTicket((await getOwned(actor, id)).ticket),

    async update(actor: AuthContext, id: string, patch: TicketPatch) {
      const owned = await getOwned(actor, id);
      await assertProof(patch);
      return changes.transaction(async (tx) => {
        // The raffle (KEY SHARE) before the sale: a close waits for this change, or this change sees it.
        const raffle = await staffTicketsRepo.lockRaffle(tx, owned.ticket.raffleId);
        const current = await staffTicketsRepo.findById(tx, id, { lock: true });
        if (!current || !raffle) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
        // An ended sale is history: its number, if sold again, is another sale with another id.
        if (current.ticket.endedAt) throw new ConflictError(ticketMessages.saleEnded, 'TICKET_CHANGED');
        if (isClosedStatus(raffle.status) && changesSoldList(current.ticket, patch))
          throw new ConflictError(lifecycleMessages.soldListFrozen, 'RAFFLE_CLOSED');
        const values: Partial<typeof tickets.$inferInsert> = {};
        if (patch.buyer_name !== undefined) values.buyerName = patch.buyer_name?.toLowerCase() ?? null;
        if (patch.buyer_phone !== undefined) values.buyerPhone = patch.buyer_phone;
        if (patch.buyer_address !== undefined) values.buyerAddress = patch.buyer_address;
        if (patch.buyer_cedula !== undefined) values.buyerCedula = patch.buyer_cedula;
        if (patch.buyer_email !== undefined) values.buyerEmail = patch.buyer_email;
        if (patch.payment_method !== undefined) values.paymentMethod = patch.payment_method;
        if (patch.payment_proof !== undefined) values.paymentProof = patch.payment_proof;
        if (patch.total_paid_cents !== undefined) values.totalPaidCents = patch.total_paid_cents;
        if (patch.remaining_cents !== undefined) values.remainingCents = patch.remaining_cents;
        if (patch.reserved_until !== undefined)
          values.reservedUntil = patch.reserved_until ? new Date(patch.reserved_until) : null;
        if (patch.status) {
          values.status = patch.status;
          // SPEC 4: paid means the full price is in and nothing remains.
          // The price is the sale's own, fixed when it was made (decision 010).
          if (patch.status === 'pagado')
            Object.assign(values, { totalPaidCents: current.ticket.priceCents, remainingCents: 0 });
          // Back on sale: the sale ends (kept with its buyer for history and payments).
          if (patch.status === 'disponible') Object.assign(values, endSale);
          if (patch.status === 'apartado' && current.ticket.status === 'disponible') {
            // A new sale: it owes today's price.
            values.purchasedAt = new Date();
            values.priceCents = raffle.priceCents;
            values.remainingCents = raffle.priceCents;
          }
        }
        const row = await staffTicketsRepo.update(tx, id, values);
        const note =
          patch.note ??
          (patch.status ? historyNotes.statusChanged(patch.status) : historyNotes.detailsUpdated);
        await recordChanges(
          tx,
          [row],
          describeChanges([row], current.ticket.status, note, { id: actor.userId, email: actor.email }),
        );
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
      await assertProof(patch);
      const status = patch.status;
      try {
        return await changes.transaction(async (tx) => {
          const locked = await staffTicketsRepo.lockRaffle(tx, raffle.id);
          if (!locked) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
          if (isClosedStatus(locked.status))
            throw new ConflictError(lifecycleMessages.soldListFrozen, 'RAFFLE_CLOSED');
          // A new sale owes the raffle's price now, and keeps it if the price changes later.
          const price = locked.priceCents;
          const paid = status === 'pagado' ? price : (patch.total_paid_cents ?? 0);
          const row = await staffTicketsRepo.insertSale(tx, {
            raffleId: raffle.id,
            number,
            ticketNumber: padTicketNumber(number, raffle.digitCount),
            status,
            buyerName: patch.buyer_name?.toLowerCase() ?? null,
            buyerPhone: patch.buyer_phone ?? null,
            buyerAddress: patch.buyer_address ?? null,
            buyerCedula: patch.buyer_cedula ?? null,
            buyerEmail: patch.buyer_email ?? null,
            paymentMethod: patch.payment_method ?? null,
            paymentProof: patch.payment_proof ?? null,
            purchasedAt: new Date(),
            totalPaidCents: paid,
            remainingCents: status === 'cancelado' ? 0 : Math.max(0, price - paid),
            priceCents: price,
            reservedUntil:
              status === 'apartado'
                ? new Date(Date.now() + raffle.reservationHours * 3_600_000)
                : patch.reserved_until
                  ? new Date(patch.reserved_until)
                  : null,
          });
          const note = patch.note ?? historyNotes.statusChanged(status);
          await recordChanges(
            tx,
            [row],
            describeChanges([row], 'disponible', note, { id: actor.userId, email: actor.email }),
          );
          return toStaffTicket(row);
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ConflictError(ticketMessages.numberTaken, 'TICKETS_UNAVAILABLE', { numbers: [number] });
        throw error;
      }
    },

    findForPayment,

    /** A transaction in which payments may change tickets (`applyPayment`): announced after its commit. */
    transaction: changes.transaction,

    /** The same, found by raffle and number (a buyer paying from tracking knows those, not the id). */
    async findForPaymentByNumber(tx: Executor, raffleId: string, number: number) {
      const id = await staffTicketsRepo.idByNumber(tx, raffleId, number);
      return id ? findForPayment(tx, id) : null;
    },

    /** An approved payment adds to the ticket once: nothing left -> pagado, else abonado. */
    async applyPayment(tx: Executor, ticketId: string, amountCents: number, actor: Actor, note: string) {
      const current = await staffTicketsRepo.findById(tx, ticketId, { lock: true });
      if (!current) throw new NotFoundError(ticketMessages.notFound, 'TICKET_NOT_FOUND');
      // What the ticket owes is its own (set when it was reserved), not the raffle's current price.
      const totalPaid = current.ticket.totalPaidCents + amountCents;
      const remaining = Math.max(0, current.ticket.remainingCents - amountCents);
      const row = await staffTicketsRepo.update(tx, ticketId, {
        totalPaidCents: totalPaid,
        remainingCents: remaining,
        status: remaining === 0 ? 'pagado' : 'abonado',
      });
      await recordChanges(tx, [row], describeChanges([row], current.ticket.status, note, actor));
      return toBuyerTicket(row);
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
