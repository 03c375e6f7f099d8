import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { TIME_ZONE } from '../../../domain/dates';
import { type Executor, pageTotal, queryRows } from '../../db/client';
import { assignedSellersSql, managedRaffleSql } from '../../db/raffle-scope';
import { instantsBySale, reviewHoldUntilSql, underReviewSql } from '../../db/review-hold';
import type { TicketRow } from '../../db/rows';
import { raffles, ticketEvents, tickets } from '../../db/schema';
import type { RaffleScope } from '../../lib/permissions';
import { endSale, isLive } from '../tickets/sale-rows';
import {
  exactFirst,
  LIVE_COLUMNS,
  type NumberRow,
  numberColumns,
  numbersFrom,
  type RaffleShape,
  salesFrom,
  salesOnly,
  statusSql,
  type TicketFilters,
  toNumberRow,
} from './staff-tickets.sql';
import { scanTickets } from './staff-tickets-export.repo';

export type { NumberRow, TicketFilters } from './staff-tickets.sql';
export type { BlankRange, ExportSegment } from './staff-tickets-export.repo';

async function countLive(db: Executor, raffleId: string, below: number) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from tickets where raffle_id = ${raffleId} and ended_at is null and number < ${below}::int`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The number at position `offset` among the available ones: at least `offset`, plus the sold
 * numbers below it. A fixed point found with a few indexed counts, never a scan of the range.
 */
async function nthAvailable(db: Executor, raffle: RaffleShape, offset: number) {
  let x = offset;
  for (let i = 0; i < 64; i++) {
    const next = offset + (await countLive(db, raffle.id, x + 1));
    if (next === x || next >= raffle.totalNumbers) return Math.min(next, raffle.totalNumbers);
    x = next;
  }
  return x;
}

/** Sold numbers in the window after `from`: how much further a page of available ones reaches. */
async function soldAfter(db: Executor, raffle: RaffleShape, from: number, limit: number) {
  let extra = 0;
  for (let i = 0; i < 64; i++) {
    const sold =
      (await countLive(db, raffle.id, from + limit + extra)) - (await countLive(db, raffle.id, from));
    if (sold === extra) return extra;
    extra = sold;
  }
  return extra;
}

async function countMatching(db: Executor, raffle: RaffleShape, f: TicketFilters) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n ${numbersFrom(raffle, f, 0, raffle.totalNumbers)}`,
  );
  return Number(row?.n ?? 0);
}

export const staffTicketsRepo = {
  async page(
    db: Executor,
    raffle: RaffleShape,
    filters: TicketFilters & { limit: number; offset: number },
  ): Promise<{ items: NumberRow[]; count: number }> {
    if (salesOnly(filters)) {
      // One pass counts and pages (the search's index scan once, not twice: on PGlite the two
      // statements ran one after the other); a page past the end asks for the count alone.
      const items = await queryRows<Record<string, unknown> & { total: number }>(
        db,
        sql`select ${LIVE_COLUMNS}, count(*) over ()::int as total ${salesFrom(raffle, filters)}
            order by ${exactFirst(filters, sql`t.number`)} limit ${filters.limit} offset ${filters.offset}`,
      );
      const count = await pageTotal(
        db,
        items[0]?.total,
        filters.offset,
        sql`select count(*)::int as n ${salesFrom(raffle, filters)}`,
      );
      return { items: items.map(toNumberRow), count };
    }
    if (!filters.term) {
      const onlyAvailable = filters.statuses?.length === 1 && filters.statuses[0] === 'disponible';
      if (!filters.statuses?.length || onlyAvailable) {
        // No scan of the range: a window of numbers, found by walking the sold ones (indexed).
        const live = await countLive(db, raffle.id, raffle.totalNumbers);
        const count = onlyAvailable ? raffle.totalNumbers - live : raffle.totalNumbers;
        const from = onlyAvailable
          ? await nthAvailable(db, raffle, filters.offset)
          : Math.min(filters.offset, raffle.totalNumbers);
        const to = Math.min(
          from + filters.limit + (onlyAvailable ? await soldAfter(db, raffle, from, filters.limit) : 0),
          raffle.totalNumbers,
        );
        const rows = await queryRows<Record<string, unknown>>(
          db,
          sql`select ${numberColumns(raffle)} ${numbersFrom(raffle, filters, from, to)} order by n limit ${filters.limit}`,
        );
        return { items: rows.map(toNumberRow), count };
      }
    }
    // A digit search, or 'disponible' with other statuses: one pass over the range.
    const rows = await queryRows<Record<string, unknown> & { total: number }>(
      db,
      sql`select ${numberColumns(raffle)}, count(*) over ()::int as total
          ${numbersFrom(raffle, filters, 0, raffle.totalNumbers)} order by ${exactFirst(filters, sql`n`)} limit ${filters.limit} offset ${filters.offset}`,
    );
    const count =
      rows.length > 0
        ? Number(rows[0]?.total)
        : filters.offset > 0
          ? await countMatching(db, raffle, filters)
          : 0;
    return { items: rows.map(toNumberRow), count };
  },

  /**
   * A search only live sales can match (a name, a cédula with its letter, a phone with a sign):
   * the page, its count and the chips' counts per status from one pass over the matches. On
   * PGlite the page and the chips used to be two statements that each walked the trigram index
   * and rechecked every match, one after the other. Null when the page is empty (the caller
   * counts as before).
   */
  async searchPage(
    db: Executor,
    raffle: RaffleShape,
    filters: TicketFilters & { term: string; limit: number; offset: number },
  ): Promise<{ items: NumberRow[]; count: number; byStatus: { status: string; n: number }[] } | null> {
    const search = { term: filters.term, exactNumber: filters.exactNumber };
    const rows = await queryRows<Record<string, unknown> & { total: number; by_status: [string, number][] }>(
      db,
      sql`with matched as materialized (select t.id, t.number, t.status ${salesFrom(raffle, search)}),
            listed as (select id, number from matched m where ${statusSql(filters.statuses, sql`m.status`)})
          select ${LIVE_COLUMNS},
            (select count(*)::int from listed) as total,
            (select json_agg(json_build_array(status, n))
               from (select status, count(*)::int as n from matched group by status) s) as by_status
          from (select id, number from listed order by ${exactFirst(filters, sql`number`)}
                limit ${filters.limit} offset ${filters.offset}) p
          join tickets t on t.id = p.id
          order by ${exactFirst(filters, sql`t.number`)}`,
    );
    const first = rows[0];
    if (!first) return null;
    return {
      items: rows.map(toNumberRow),
      count: Number(first.total),
      byStatus: first.by_status.map(([status, n]) => ({ status, n: Number(n) })),
    };
  },

  /** Tickets per status for the chips: the search applies, the status filter does not. */
  async countByStatus(db: Executor, raffle: RaffleShape, filters: TicketFilters) {
    const search = { term: filters.term, exactNumber: filters.exactNumber };
    if (search.term && salesOnly(search)) {
      const rows = await queryRows<{ status: string; n: number }>(
        db,
        sql`select t.status, count(*)::int as n ${salesFrom(raffle, search)} group by t.status`,
      );
      return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
    }
    if (!filters.term) {
      const rows = await queryRows<{ status: string; n: number }>(
        db,
        sql`select t.status, count(*)::int as n ${salesFrom(raffle, {})} group by t.status`,
      );
      const live = rows.reduce((sum, r) => sum + Number(r.n), 0);
      return [...rows, { status: 'disponible', n: raffle.totalNumbers - live }].map((r) => ({
        status: r.status,
        n: Number(r.n),
      }));
    }
    const rows = await queryRows<{ status: string; n: number }>(
      db,
      sql`select coalesce(t.status, 'disponible') as status, count(*)::int as n
          ${numbersFrom(raffle, search, 0, raffle.totalNumbers)} group by 1`,
    );
    return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
  },

  /**
   * Until when a payment under review keeps each of these sales (db/review-hold.ts), for those it
   * keeps: read for a page's sales alone, so the list's statements and the export stay as they were.
   */
  reviewHolds: (db: Executor, ids: string[], reviewHours: number) =>
    instantsBySale(db, ids, (sale) => reviewHoldUntilSql(sale, reviewHours)),

  /** Every matching ticket in number order, a chunk at a time (staff-tickets-export.repo.ts). */
  scan: scanTickets,

  /**
   * The live sales a bulk release selects (by numbers, by buyer cedula, or by the list's filters),
   * at most `limit` in number order; `lock` takes them FOR UPDATE for the release itself.
   */
  async selectForRelease(
    db: Executor,
    raffle: RaffleShape,
    selection: { numbers?: number[]; cedula?: string; filters?: TicketFilters },
    limit: number,
    lock = false,
  ) {
    const by = selection.numbers
      ? sql`t.number = any(${`{${selection.numbers.join(',')}}`}::int[])`
      : selection.cedula !== undefined
        ? sql`t.buyer_cedula = ${selection.cedula}`
        : sql`true`;
    const rows = await queryRows<{
      id: string;
      number: number;
      status: string;
      total_paid_cents: number;
      status_by_hand: boolean;
      buyer: string;
      order_id: string | null;
      credited_seller_id: string | null;
      pre_draw_kept: boolean;
      under_review: boolean;
    }>(
      db,
      sql`select t.id, t.number, t.status, t.total_paid_cents, t.status_by_hand, coalesce(t.buyer_cedula, t.id::text) as buyer, t.order_id,
            (select o.seller_id::text from orders o where o.id = t.order_id) as credited_seller_id,
            pre_draw_keeps(t.id, t.raffle_id, t.number) as pre_draw_kept,
            ${underReviewSql('t')} as under_review
          ${salesFrom(raffle, selection.filters ?? {}, by)} order by t.number limit ${limit}
          ${lock ? sql`for update of t` : sql``}`,
    );
    return rows.map((r) => ({
      ...r,
      number: Number(r.number),
      total_paid_cents: Number(r.total_paid_cents),
    }));
  },

  /** Ends these sales in one statement (their numbers go back on sale), answering the ended rows. */
  async endSales(db: Executor, ids: string[]): Promise<TicketRow[]> {
    if (ids.length === 0) return [];
    return db
      .update(tickets)
      .set(endSale)
      .where(and(sql`${tickets.id} = any(${`{${ids.join(',')}}`}::uuid[])`, isLive))
      .returning();
  },

  /** Whether a buyer's payment with a part on sale `id` waits for the admin's decision. */
  async hasPaymentUnderReview(db: Executor, id: string) {
    const [row] = await queryRows<{ pending: boolean }>(
      db,
      sql`select ${underReviewSql('tickets')} as pending
      from tickets where tickets.id = ${id}`,
    );
    return row?.pending ?? false;
  },

  /** A sale with who sells its raffle (what it owes is its own: `ticket.priceCents`). */
  async findById(db: Executor, id: string, options: { lock?: boolean } = {}) {
    const query = db
      .select({
        ticket: tickets,
        raffle: { sellerId: raffles.sellerId, assignedSellerIds: assignedSellersSql(raffles.id) },
        /** Who the sale's order is credited to (decision 036): what an assigned seller may settle. */
        creditedSellerId: sql<
          string | null
        >`(select o.seller_id::text from orders o where o.id = ${tickets.orderId})`,
      })
      .from(tickets)
      .innerJoin(raffles, eq(raffles.id, tickets.raffleId))
      .where(and(eq(tickets.id, id), eq(raffles.isSandbox, false)));
    const [row] = await (options.lock ? query.for('update', { of: tickets }) : query);
    return row ?? null;
  },

  /**
   * The raffle a staff change applies to, with KEY SHARE: closing (FOR UPDATE) waits for the
   * change to commit, and a change after the close sees the raffle closed. So do the other changes
   * that need nothing sold (back to borrador, new sale terms, a delete): a sale by hand takes its
   * status and terms from this row, not from one read before the lock (decision 082).
   */
  async lockRaffle(db: Executor, raffleId: string) {
    const [row] = await db
      .select({
        status: raffles.status,
        priceCents: raffles.priceCents,
        closingDate: raffles.closingDate,
        totalNumbers: raffles.totalNumbers,
        digitCount: raffles.digitCount,
        reservationHours: raffles.reservationHours,
      })
      .from(raffles)
      .where(eq(raffles.id, raffleId))
      .for('key share');
    return row ?? null;
  },

  /** The live sale of a number, if any. */
  async idByNumber(db: Executor, raffleId: string, number: number): Promise<string | null> {
    const [row] = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.raffleId, raffleId), eq(tickets.number, number), isLive));
    return row?.id ?? null;
  },

  /** A sale staff make for a number nobody holds (sold by hand, or set aside as cancelled). */
  async insertSale(db: Executor, values: typeof tickets.$inferInsert): Promise<TicketRow> {
    const [row] = await db
      .insert(tickets)
      .values({ ...values, version: sql`nextval('ticket_version_seq')` })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(db: Executor, id: string, values: Partial<typeof tickets.$inferInsert>): Promise<TicketRow> {
    const [row] = await db
      .update(tickets)
      .set({ ...values, version: sql`nextval('ticket_version_seq')`, updatedAt: sql`now()` })
      .where(eq(tickets.id, id))
      .returning();
    if (!row) throw new Error('update returned no row');
    return row;
  },

  async history(
    db: Executor,
    filters: {
      raffleId?: string;
      ticketId?: string;
      /** The raffles the actor manages (lib/permissions.ts). */
      scope: RaffleScope;
      status?: string;
      /** Caracas days, inclusive. */
      from?: string;
      to?: string;
      limit: number;
      offset: number;
    },
  ) {
    // A test-bench sandbox's events are never history.
    const conditions: SQL[] = [eq(raffles.isSandbox, false)];
    if (filters.raffleId) conditions.push(eq(ticketEvents.raffleId, filters.raffleId));
    if (filters.ticketId) conditions.push(eq(ticketEvents.ticketId, filters.ticketId));
    conditions.push(managedRaffleSql(filters.scope, raffles));
    if (filters.status) conditions.push(eq(ticketEvents.toStatus, filters.status));
    if (filters.from)
      conditions.push(
        sql`${ticketEvents.createdAt} >= (${filters.from}::date)::timestamp at time zone ${TIME_ZONE}`,
      );
    if (filters.to)
      conditions.push(
        sql`${ticketEvents.createdAt} < (${filters.to}::date + 1)::timestamp at time zone ${TIME_ZONE}`,
      );
    const where = and(...conditions);
    const [items, [total]] = await Promise.all([
      db
        .select({ event: ticketEvents, raffleName: raffles.name, digitCount: raffles.digitCount })
        .from(ticketEvents)
        .innerJoin(raffles, eq(raffles.id, ticketEvents.raffleId))
        .where(where)
        .orderBy(desc(ticketEvents.id))
        .limit(filters.limit)
        .offset(filters.offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(ticketEvents)
        .innerJoin(raffles, eq(raffles.id, ticketEvents.raffleId))
        .where(where),
    ]);
    return { items, count: Number(total?.n ?? 0) };
  },
};
