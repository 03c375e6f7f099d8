import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { InstantWin } from '../../../domain/instant-wins';
import type { Executor } from '../../db/client';
import { profiles, tickets } from '../../db/schema';
import { instantWinSalts, instantWins } from '../../db/schema-prizes';

/** The only reader and writer of the instant-win tables: no public read selects them (decision 041). */
export const instantWinsRepo = {
  /**
   * The list in number order, with the sale that won each (its ticket number and buyer), if any,
   * and who marked its prize handed over.
   */
  listWithWinners(db: Executor, raffleId: string) {
    return db
      .select({
        number: instantWins.number,
        prize: instantWins.prize,
        awardedAt: instantWins.awardedAt,
        ticketNumber: tickets.ticketNumber,
        buyerName: tickets.buyerName,
        deliveredAt: instantWins.deliveredAt,
        deliveredByName: sql<string | null>`nullif(${profiles.fullName}, '')`,
        deliveredByEmail: profiles.email,
      })
      .from(instantWins)
      .leftJoin(tickets, eq(tickets.id, instantWins.ticketId))
      .leftJoin(profiles, eq(profiles.id, instantWins.deliveredBy))
      .where(eq(instantWins.raffleId, raffleId))
      .orderBy(asc(instantWins.number));
  },

  /**
   * Marks an awarded instant win handed over by `userId`. Marked already: left as it is (the first
   * mark's date and author stay). 'not-won' when the number has no award now (the row lock makes a
   * refund clearing it either wait for this or be seen here); 'none' when it is no instant win of
   * the raffle.
   */
  async markDelivered(
    tx: Executor,
    raffleId: string,
    number: number,
    userId: string,
  ): Promise<'marked' | 'not-won' | 'none'> {
    const key = and(eq(instantWins.raffleId, raffleId), eq(instantWins.number, number));
    const marked = await tx
      .update(instantWins)
      .set({ deliveredAt: sql`now()`, deliveredBy: userId })
      .where(and(key, isNotNull(instantWins.awardedAt), isNull(instantWins.deliveredAt)))
      .returning({ number: instantWins.number });
    if (marked.length > 0) return 'marked';
    const [row] = await tx
      .select({ awardedAt: instantWins.awardedAt, deliveredAt: instantWins.deliveredAt })
      .from(instantWins)
      .where(key);
    if (!row) return 'none';
    return row.deliveredAt ? 'marked' : 'not-won';
  },

  list(db: Executor, raffleId: string): Promise<InstantWin[]> {
    return db
      .select({ number: instantWins.number, prize: instantWins.prize })
      .from(instantWins)
      .where(eq(instantWins.raffleId, raffleId))
      .orderBy(asc(instantWins.number));
  },

  async salt(db: Executor, raffleId: string): Promise<string | null> {
    const [row] = await db
      .select({ salt: instantWinSalts.salt })
      .from(instantWinSalts)
      .where(eq(instantWinSalts.raffleId, raffleId));
    return row?.salt ?? null;
  },

  /** Replaces the list and its salt (no salt for an empty list). */
  async replace(tx: Executor, raffleId: string, list: readonly InstantWin[], salt: string | null) {
    await tx.delete(instantWins).where(eq(instantWins.raffleId, raffleId));
    await tx.delete(instantWinSalts).where(eq(instantWinSalts.raffleId, raffleId));
    if (list.length === 0 || salt === null) return;
    await tx.insert(instantWins).values(list.map((w) => ({ raffleId, number: w.number, prize: w.prize })));
    await tx.insert(instantWinSalts).values({ raffleId, salt });
  },

  /** The prize each of these sales won and when it was handed over, by sale id (sales that won nothing are absent). */
  async awardsOf(
    db: Executor,
    ticketIds: readonly string[],
  ): Promise<Map<string, { prize: string; deliveredAt: Date | null }>> {
    if (ticketIds.length === 0) return new Map();
    const rows = await db
      .select({
        ticketId: instantWins.ticketId,
        prize: instantWins.prize,
        deliveredAt: instantWins.deliveredAt,
      })
      .from(instantWins)
      .where(inArray(instantWins.ticketId, [...ticketIds]));
    return new Map(
      rows.flatMap((r) =>
        r.ticketId ? [[r.ticketId, { prize: r.prize, deliveredAt: r.deliveredAt }] as const] : [],
      ),
    );
  },
};
