import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { raffles, ticketEvents, tickets } from '../../db/schema';
import type { TicketRow } from './tickets.repo';

/** ILIKE treats % and _ as wildcards; a search term is data, so they are escaped. */
const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const staffTicketsRepo = {
  async page(
    db: Executor,
    raffleId: string,
    filters: {
      statuses?: string[];
      term?: string;
      exactNumber?: number | null;
      limit: number;
      offset: number;
    },
  ): Promise<{ items: TicketRow[]; count: number }> {
    const conditions: (SQL | undefined)[] = [eq(tickets.raffleId, raffleId)];
    if (filters.statuses?.length) conditions.push(inArray(tickets.status, filters.statuses));
    if (filters.term) {
      const like = likeTerm(filters.term);
      conditions.push(
        or(
          ilike(tickets.buyerName, like),
          ilike(tickets.buyerPhone, like),
          ilike(tickets.buyerCedula, like),
          ilike(tickets.ticketNumber, like),
          filters.exactNumber != null ? eq(tickets.number, filters.exactNumber) : undefined,
        ),
      );
    }
    const where = and(...conditions);
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

  async findById(db: Executor, id: string, options: { lock?: boolean } = {}) {
    const query = db
      .select({ ticket: tickets, raffle: { sellerId: raffles.sellerId, priceCents: raffles.priceCents } })
      .from(tickets)
      .innerJoin(raffles, eq(raffles.id, tickets.raffleId))
      .where(eq(tickets.id, id));
    const [row] = await (options.lock ? query.for('update', { of: tickets }) : query);
    return row ?? null;
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
    filters: { raffleId?: string; sellerId?: string; limit: number; offset: number },
  ) {
    const conditions: SQL[] = [];
    if (filters.raffleId) conditions.push(eq(ticketEvents.raffleId, filters.raffleId));
    if (filters.sellerId) conditions.push(eq(raffles.sellerId, filters.sellerId));
    const where = and(...conditions);
    const [items, [total]] = await Promise.all([
      db
        .select({ event: ticketEvents })
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
    return { items: items.map((r) => r.event), count: Number(total?.n ?? 0) };
  },
};
