import { and, asc, desc, eq, gt, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { TIME_ZONE } from '../../../domain/dates';
import { TICKET_STATUSES } from '../../../domain/tickets';
import type { Executor } from '../../db/client';
import { raffles, ticketEvents, tickets } from '../../db/schema';
import type { TicketRow } from './tickets.repo';

/** ILIKE treats % and _ as wildcards; a search term is data, so they are escaped. */
const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type TicketFilters = { statuses?: string[]; term?: string; exactNumber?: number | null };

/** The staff list's search (SPEC 5): partial name, phone, cedula or ticket number, or the exact number. */
function searchCondition(filters: TicketFilters): SQL | undefined {
  if (!filters.term) return undefined;
  const like = likeTerm(filters.term);
  return or(
    ilike(tickets.buyerName, like),
    ilike(tickets.buyerPhone, like),
    ilike(tickets.buyerCedula, like),
    ilike(tickets.ticketNumber, like),
    filters.exactNumber != null ? eq(tickets.number, filters.exactNumber) : undefined,
  );
}

/** Status chips: the five statuses, and 'otros' for anything else. */
function statusCondition(statuses?: string[]): SQL | undefined {
  if (!statuses?.length) return undefined;
  const known = statuses.filter((s) => s !== 'otros');
  const parts: SQL[] = [];
  if (known.length > 0) parts.push(inArray(tickets.status, known));
  if (statuses.includes('otros')) parts.push(notInArray(tickets.status, [...TICKET_STATUSES]));
  return or(...parts);
}

export const staffTicketsRepo = {
  async page(
    db: Executor,
    raffleId: string,
    filters: TicketFilters & { limit: number; offset: number },
  ): Promise<{ items: TicketRow[]; count: number }> {
    const where = and(
      eq(tickets.raffleId, raffleId),
      statusCondition(filters.statuses),
      searchCondition(filters),
    );
    const [items, [total]] = await Promise.all([
      db
        .select()
        .from(tickets)
        .where(where)
        .orderBy(asc(tickets.number))
        .limit(filters.limit)
        .offset(filters.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(tickets).where(where),
    ]);
    return { items, count: Number(total?.n ?? 0) };
  },

  /** Tickets per status for the chips: the search applies, the status filter does not. */
  async countByStatus(db: Executor, raffleId: string, filters: TicketFilters) {
    const rows = await db
      .select({ status: tickets.status, n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(and(eq(tickets.raffleId, raffleId), searchCondition(filters)))
      .groupBy(tickets.status);
    return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
  },

  /** Every matching ticket in number order, `batch` rows at a time (CSV export of any size). */
  async *scan(db: Executor, raffleId: string, filters: TicketFilters, batch = 1000) {
    let after = -1;
    for (;;) {
      const rows = await db
        .select()
        .from(tickets)
        .where(
          and(
            eq(tickets.raffleId, raffleId),
            gt(tickets.number, after),
            statusCondition(filters.statuses),
            searchCondition(filters),
          ),
        )
        .orderBy(asc(tickets.number))
        .limit(batch);
      if (rows.length > 0) yield rows;
      if (rows.length < batch) return;
      after = rows[rows.length - 1]?.number ?? after;
    }
  },

  async findById(db: Executor, id: string, options: { lock?: boolean } = {}) {
    const query = db
      .select({ ticket: tickets, raffle: { sellerId: raffles.sellerId, priceCents: raffles.priceCents } })
      .from(tickets)
      .innerJoin(raffles, eq(raffles.id, tickets.raffleId))
      .where(eq(tickets.id, id));
    const [row] = await (options.lock ? query.for('update', { of: tickets }) : query);
    return row ?? null;
  },

  async idByNumber(db: Executor, raffleId: string, number: number): Promise<string | null> {
    const [row] = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.raffleId, raffleId), eq(tickets.number, number)));
    return row?.id ?? null;
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
      sellerId?: string;
      status?: string;
      /** Caracas days, inclusive. */
      from?: string;
      to?: string;
      limit: number;
      offset: number;
    },
  ) {
    const conditions: SQL[] = [];
    if (filters.raffleId) conditions.push(eq(ticketEvents.raffleId, filters.raffleId));
    if (filters.ticketId) conditions.push(eq(ticketEvents.ticketId, filters.ticketId));
    if (filters.sellerId) conditions.push(eq(raffles.sellerId, filters.sellerId));
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
