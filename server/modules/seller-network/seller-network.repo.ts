import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { profiles, raffles, userRoles } from '../../db/schema';
import { raffleSellers } from '../../db/schema-sellers';

/** Live sales that count for a leaderboard (a released, expired or cancelled one does not). */
const COUNTED = sql`t.ended_at is null and t.status in ('apartado', 'abonado', 'pagado')`;

export type SellerProfile = { id: string; role: string | null; sellerCode: string | null };

export const sellerNetworkRepo = {
  /** The profiles behind these ids with their role (to refuse assigning anyone but a vendedor). */
  async profiles(db: Executor, ids: string[]): Promise<SellerProfile[]> {
    if (ids.length === 0) return [];
    return db
      .select({ id: profiles.id, role: userRoles.role, sellerCode: profiles.sellerCode })
      .from(profiles)
      .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
      .where(inArray(profiles.id, ids));
  },

  async sellersOf(db: Executor, raffleId: string): Promise<string[]> {
    const rows = await db
      .select({ id: raffleSellers.sellerId })
      .from(raffleSellers)
      .where(eq(raffleSellers.raffleId, raffleId))
      .orderBy(asc(raffleSellers.createdAt), asc(raffleSellers.sellerId));
    return rows.map((r) => r.id);
  },

  async rafflesOf(db: Executor, sellerId: string): Promise<string[]> {
    const rows = await db
      .select({ id: raffleSellers.raffleId })
      .from(raffleSellers)
      .innerJoin(raffles, eq(raffles.id, raffleSellers.raffleId))
      .where(and(eq(raffleSellers.sellerId, sellerId), eq(raffles.isSandbox, false)))
      .orderBy(asc(raffleSellers.createdAt), asc(raffleSellers.raffleId));
    return rows.map((r) => r.id);
  },

  /** Which of these ids are real raffles (no test-bench sandbox). */
  async existingRaffles(db: Executor, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: raffles.id })
      .from(raffles)
      .where(and(inArray(raffles.id, ids), eq(raffles.isSandbox, false)));
    return rows.map((r) => r.id);
  },

  /** Makes the raffle's assigned set exactly `sellerIds` (kept rows keep their date and author). */
  async setSellersOf(db: Executor, raffleId: string, sellerIds: string[], by: string) {
    await db.execute(
      sql`delete from raffle_sellers where raffle_id = ${raffleId}
          and not (seller_id = any(${`{${sellerIds.join(',')}}`}::uuid[]))`,
    );
    if (sellerIds.length > 0)
      await db
        .insert(raffleSellers)
        .values(sellerIds.map((sellerId) => ({ raffleId, sellerId, assignedBy: by })))
        .onConflictDoNothing();
  },

  /** Makes the seller's assigned raffles exactly `raffleIds`. */
  async setRafflesOf(db: Executor, sellerId: string, raffleIds: string[], by: string) {
    await db.execute(
      sql`delete from raffle_sellers where seller_id = ${sellerId}
          and not (raffle_id = any(${`{${raffleIds.join(',')}}`}::uuid[]))`,
    );
    if (raffleIds.length > 0)
      await db
        .insert(raffleSellers)
        .values(raffleIds.map((raffleId) => ({ raffleId, sellerId, assignedBy: by })))
        .onConflictDoNothing();
  },

  /** Gives the profile this code unless it has one; false when another profile holds it. */
  async setCodeIfMissing(db: Executor, id: string, code: string): Promise<void> {
    await db
      .update(profiles)
      .set({ sellerCode: code })
      .where(and(eq(profiles.id, id), isNull(profiles.sellerCode)));
  },

  async codeOf(db: Executor, id: string): Promise<string | null> {
    const [row] = await db.select({ code: profiles.sellerCode }).from(profiles).where(eq(profiles.id, id));
    return row?.code ?? null;
  },

  /**
   * The vendedor whose code this is, compared upper case (the unique index is on upper(code)); a
   * disabled one is no one's seller any more: their link sells, credited to nobody.
   */
  async sellerByCode(db: Executor, code: string): Promise<string | null> {
    const [row] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .innerJoin(userRoles, eq(userRoles.userId, profiles.id))
      .where(
        and(
          sql`upper(${profiles.sellerCode}) = ${code.toUpperCase()}`,
          eq(userRoles.role, 'vendedor'),
          eq(profiles.disabled, false),
        ),
      );
    return row?.id ?? null;
  },

  /** The raffles a vendedor sells (their own and those assigned), with their credited live numbers. */
  async myRaffles(db: Executor, sellerId: string) {
    return queryRows<{ id: string; name: string; status: string; owner: boolean; credited: number }>(
      db,
      sql`select r.id, r.name, r.status, r.seller_id = ${sellerId} as owner,
            (select count(*)::int from orders o join tickets t on t.order_id = o.id
             where o.seller_id = ${sellerId} and o.raffle_id = r.id and ${COUNTED}) as credited
          from raffles r
          where r.is_sandbox = false and r.archived_at is null
            and (r.seller_id = ${sellerId}
                 or exists (select 1 from raffle_sellers rs where rs.raffle_id = r.id and rs.seller_id = ${sellerId}))
          order by r.created_at desc, r.id desc`,
    );
  },

  /**
   * The leaderboards of one raffle: numbers of live sales per credited seller and per buyer
   * (cedula), top `limit` of each. Names only (masked by the caller); counts, never money.
   */
  async leaderboards(db: Executor, raffleId: string, limit: number) {
    const [sellers, buyers] = await Promise.all([
      queryRows<{ name: string; numbers: number }>(
        db,
        sql`select p.full_name as name, count(*)::int as numbers
            from tickets t join orders o on o.id = t.order_id join profiles p on p.id = o.seller_id
            where t.raffle_id = ${raffleId} and ${COUNTED}
            group by p.id, p.full_name order by numbers desc, p.id limit ${limit}`,
      ),
      queryRows<{ name: string | null; numbers: number }>(
        db,
        sql`select (array_agg(t.buyer_name order by t.purchased_at desc nulls last))[1] as name,
              count(*)::int as numbers
            from tickets t
            where t.raffle_id = ${raffleId} and ${COUNTED} and t.buyer_cedula is not null
            group by t.buyer_cedula order by numbers desc, min(t.purchased_at) limit ${limit}`,
      ),
    ]);
    return { sellers, buyers };
  },
};
