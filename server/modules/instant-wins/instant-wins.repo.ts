import { asc, eq, inArray } from 'drizzle-orm';
import type { InstantWin } from '../../../domain/instant-wins';
import type { Executor } from '../../db/client';
import { tickets } from '../../db/schema';
import { instantWinSalts, instantWins } from '../../db/schema-prizes';

/** The only reader and writer of the instant-win tables: no public read selects them (decision 041). */
export const instantWinsRepo = {
  /** The list in number order, with the sale that won each (its ticket number and buyer), if any. */
  listWithWinners(db: Executor, raffleId: string) {
    return db
      .select({
        number: instantWins.number,
        prize: instantWins.prize,
        awardedAt: instantWins.awardedAt,
        ticketNumber: tickets.ticketNumber,
        buyerName: tickets.buyerName,
      })
      .from(instantWins)
      .leftJoin(tickets, eq(tickets.id, instantWins.ticketId))
      .where(eq(instantWins.raffleId, raffleId))
      .orderBy(asc(instantWins.number));
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

  /** The prize each of these sales won, by sale id (sales that won nothing are absent). */
  async prizesOf(db: Executor, ticketIds: readonly string[]): Promise<Map<string, string>> {
    if (ticketIds.length === 0) return new Map();
    const rows = await db
      .select({ ticketId: instantWins.ticketId, prize: instantWins.prize })
      .from(instantWins)
      .where(inArray(instantWins.ticketId, [...ticketIds]));
    return new Map(rows.flatMap((r) => (r.ticketId ? [[r.ticketId, r.prize] as const] : [])));
  },
};
