import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import { CHART_DAYS } from '../../../domain/commissions';
import { TIME_ZONE } from '../../../domain/dates';
import { type Executor, queryRows } from '../../db/client';
import { profiles, raffles, tickets } from '../../db/schema';
import { commissionTerms, sellerLedger } from '../../db/schema-sellers';

export type LedgerRow = typeof sellerLedger.$inferSelect;
export type LedgerInsert = typeof sellerLedger.$inferInsert;
export type TermsRow = typeof commissionTerms.$inferSelect;

/** Sums come back as text (bigint) on PostgreSQL and as numbers on PGlite. */
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

export type Totals = { earned: number; reversed: number; paidOut: number };

export type SalesFigures = {
  numbersSold: number;
  numbersPaid: number;
  buyers: number;
  collectedCents: number;
  earnedCents: number;
  reversedCents: number;
};

const salesFrom = (r: Record<string, unknown>): SalesFigures => ({
  numbersSold: num(r.numbers_sold),
  numbersPaid: num(r.numbers_paid),
  buyers: num(r.buyers),
  collectedCents: num(r.collected_cents),
  earnedCents: num(r.earned_cents),
  reversedCents: num(r.reversed_cents),
});

/**
 * Live credited sales (apartado, abonado, pagado) and ledger sums, grouped by `key` (seller or
 * raffle), sandbox raffles left out. `where` narrows both halves to one seller or one raffle.
 */
function salesAndLedgerSql(key: 'seller_id' | 'raffle_id', where: { sellerId?: string; raffleId?: string }) {
  const salesWhere: SQL[] = [sql`o.seller_id is not null`];
  const ledgerWhere: SQL[] = [sql`l.kind <> 'paid_out'`];
  if (where.sellerId) {
    salesWhere.push(sql`o.seller_id = ${where.sellerId}`);
    ledgerWhere.push(sql`l.seller_id = ${where.sellerId}`);
  }
  if (where.raffleId) {
    salesWhere.push(sql`t.raffle_id = ${where.raffleId}`);
    ledgerWhere.push(sql`l.raffle_id = ${where.raffleId}`);
  }
  const salesKey = key === 'seller_id' ? sql`o.seller_id` : sql`t.raffle_id`;
  const ledgerKey = key === 'seller_id' ? sql`l.seller_id` : sql`l.raffle_id`;
  return sql`
    with sales as (
      select ${salesKey} as k,
             count(*) as numbers_sold,
             count(*) filter (where t.status = 'pagado') as numbers_paid,
             count(distinct t.buyer_cedula) as buyers,
             coalesce(sum(t.total_paid_cents), 0) as collected_cents
        from tickets t
        join orders o on o.id = t.order_id
        join raffles r on r.id = t.raffle_id and not r.is_sandbox
       where t.ended_at is null and t.status in ('apartado', 'abonado', 'pagado')
         and ${sql.join(salesWhere, sql` and `)}
       group by 1
    ), ledger as (
      select ${ledgerKey} as k,
             coalesce(sum(l.amount_cents) filter (where l.kind = 'earned'), 0) as earned_cents,
             coalesce(sum(l.amount_cents) filter (where l.kind = 'reversed'), 0) as reversed_cents
        from seller_ledger l
       where ${sql.join(ledgerWhere, sql` and `)}
       group by 1
    )
    select coalesce(s.k, g.k) as k, s.numbers_sold, s.numbers_paid, s.buyers, s.collected_cents,
           g.earned_cents, g.reversed_cents
      from sales s full join ledger g on g.k = s.k
     where coalesce(s.k, g.k) is not null`;
}

export const commissionsRepo = {
  async insertTerms(db: Executor, values: typeof commissionTerms.$inferInsert) {
    const [row] = await db.insert(commissionTerms).values(values).returning();
    if (!row) throw new Error('commission terms insert returned nothing');
    return row;
  },

  /** The terms in effect for a raffle and seller: the newest row (each change is a new row). */
  async currentTerms(db: Executor, raffleId: string, sellerId: string): Promise<TermsRow | null> {
    const [row] = await db
      .select()
      .from(commissionTerms)
      .where(and(eq(commissionTerms.raffleId, raffleId), eq(commissionTerms.sellerId, sellerId)))
      .orderBy(desc(commissionTerms.createdAt))
      .limit(1);
    return row ?? null;
  },

  /** Every seller's current terms in a raffle, with their name. */
  async termsOfRaffle(db: Executor, raffleId: string) {
    return queryRows<{
      seller_id: string;
      full_name: string;
      email: string;
      percent_bp: number | null;
      per_number_cents: string | number | null;
      created_at: Date | string;
    }>(
      db,
      sql`select distinct on (c.seller_id) c.seller_id, p.full_name, p.email, c.percent_bp,
                 c.per_number_cents, c.created_at
            from commission_terms c join profiles p on p.id = c.seller_id
           where c.raffle_id = ${raffleId}
           order by c.seller_id, c.created_at desc`,
    );
  },

  async profile(db: Executor, id: string, options: { lock?: boolean } = {}) {
    const query = db
      .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, id));
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async raffleExists(db: Executor, id: string) {
    const [row] = await db
      .select({ id: raffles.id })
      .from(raffles)
      .where(and(eq(raffles.id, id), eq(raffles.isSandbox, false)));
    return Boolean(row);
  },

  /**
   * What an approved payment gave each credited sale: the part, the sale's raffle, seller, what it
   * has paid in all (net of refunds, this part included) and what it still owes.
   */
  async creditedParts(db: Executor, paymentId: string) {
    const rows = await queryRows<{
      ticket_id: string;
      amount_cents: string | number;
      raffle_id: string;
      seller_id: string;
      total_paid_cents: string | number;
      remaining_cents: string | number;
    }>(
      db,
      sql`select pp.ticket_id, pp.amount_cents, t.raffle_id, o.seller_id, t.total_paid_cents, t.remaining_cents
            from payment_parts pp
            join tickets t on t.id = pp.ticket_id
            join orders o on o.id = t.order_id
           where pp.payment_id = ${paymentId} and o.seller_id is not null
           order by pp.ticket_id`,
    );
    return rows.map((r) => ({
      ticketId: r.ticket_id,
      amountCents: num(r.amount_cents),
      raffleId: r.raffle_id,
      sellerId: r.seller_id,
      paidCents: num(r.total_paid_cents),
      remainingCents: num(r.remaining_cents),
    }));
  },

  async ticket(db: Executor, id: string) {
    const [row] = await db
      .select({
        id: tickets.id,
        raffleId: tickets.raffleId,
        paidCents: tickets.totalPaidCents,
        remainingCents: tickets.remainingCents,
      })
      .from(tickets)
      .where(eq(tickets.id, id));
    return row ?? null;
  },

  /** A sale's earnings and reversals (every seller), oldest first. */
  async entriesOfTicket(db: Executor, ticketId: string): Promise<LedgerRow[]> {
    return db
      .select()
      .from(sellerLedger)
      .where(and(eq(sellerLedger.ticketId, ticketId)))
      .orderBy(sellerLedger.id);
  },

  /** Appends entries; one already there (same payment or refund, ticket and seller) is left as it is. */
  async append(db: Executor, values: LedgerInsert[]) {
    if (values.length === 0) return [];
    return db.insert(sellerLedger).values(values).onConflictDoNothing().returning();
  },

  /** The payout recorded with this request key, if any. */
  async payoutByRequest(db: Executor, requestId: string) {
    const [row] = await db.select().from(sellerLedger).where(eq(sellerLedger.requestId, requestId)).limit(1);
    return row ?? null;
  },

  async insertPayout(db: Executor, values: LedgerInsert) {
    const [row] = await db.insert(sellerLedger).values(values).returning();
    if (!row) throw new Error('payout insert returned nothing');
    return row;
  },

  async totals(db: Executor, sellerId: string): Promise<Totals> {
    const [row] = await queryRows<Record<string, unknown>>(
      db,
      sql`select coalesce(sum(amount_cents) filter (where kind = 'earned'), 0) as earned,
                 coalesce(sum(amount_cents) filter (where kind = 'reversed'), 0) as reversed,
                 coalesce(sum(amount_cents) filter (where kind = 'paid_out'), 0) as paid_out
            from seller_ledger where seller_id = ${sellerId}`,
    );
    return { earned: num(row?.earned), reversed: num(row?.reversed), paidOut: num(row?.paid_out) };
  },

  /** A page of a seller's entries, newest first (keyset on id), with the raffle's name and the ticket's number. */
  async page(db: Executor, sellerId: string, options: { before?: number; limit: number }) {
    const where = [eq(sellerLedger.sellerId, sellerId)];
    if (options.before !== undefined) where.push(lt(sellerLedger.id, options.before));
    return db
      .select({ entry: sellerLedger, raffleName: raffles.name, ticketNumber: tickets.ticketNumber })
      .from(sellerLedger)
      .leftJoin(raffles, eq(raffles.id, sellerLedger.raffleId))
      .leftJoin(tickets, eq(tickets.id, sellerLedger.ticketId))
      .where(and(...where))
      .orderBy(desc(sellerLedger.id))
      .limit(options.limit);
  },

  /** One seller's figures per raffle. */
  async salesByRaffle(db: Executor, sellerId: string) {
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select x.*, r.name as raffle_name from (${salesAndLedgerSql('raffle_id', { sellerId })}) x
            join raffles r on r.id = x.k order by r.created_at desc`,
    );
    return rows.map((r) => ({ raffleId: String(r.k), raffleName: String(r.raffle_name), ...salesFrom(r) }));
  },

  /** Every seller's figures (overall, or in one raffle), with payouts (always overall). */
  async ranking(db: Executor, raffleId?: string) {
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`with figures as (${salesAndLedgerSql('seller_id', { raffleId })}),
              payouts as (
                select seller_id, sum(amount_cents) filter (where kind = 'paid_out') as paid_out_cents,
                       sum(case kind when 'earned' then amount_cents else -amount_cents end) as balance_cents
                  from seller_ledger group by seller_id),
              sellers as (
                select k as seller_id from figures
                union select ur.user_id from user_roles ur where ur.role = 'vendedor'
                ${raffleId ? sql`union select seller_id from raffle_sellers where raffle_id = ${raffleId} union select seller_id from commission_terms where raffle_id = ${raffleId}` : sql``})
         select s.seller_id, p.full_name, p.email, f.numbers_sold, f.numbers_paid, f.buyers,
                f.collected_cents, f.earned_cents, f.reversed_cents, po.paid_out_cents, po.balance_cents
           from sellers s
           join profiles p on p.id = s.seller_id
           left join figures f on f.k = s.seller_id
           left join payouts po on po.seller_id = s.seller_id
          ${raffleId ? sql`where exists (select 1 from raffle_sellers rs where rs.raffle_id = ${raffleId} and rs.seller_id = s.seller_id) or f.k is not null or exists (select 1 from commission_terms c where c.raffle_id = ${raffleId} and c.seller_id = s.seller_id)` : sql``}
          order by coalesce(f.numbers_sold, 0) desc, coalesce(f.collected_cents, 0) desc, p.full_name`,
    );
    return rows.map((r) => ({
      sellerId: String(r.seller_id),
      sellerName: String(r.full_name ?? ''),
      sellerEmail: String(r.email ?? ''),
      paidOutCents: num(r.paid_out_cents),
      balanceCents: num(r.balance_cents),
      ...salesFrom(r),
    }));
  },

  /** Net commission and numbers earned per Caracas day over the last CHART_DAYS days. */
  async perDay(db: Executor, sellerId: string) {
    const rows = await queryRows<{ day: string; commission_cents: unknown; numbers: unknown }>(
      db,
      sql`with days as (
            select (((now() at time zone ${TIME_ZONE})::date) - g)::date as day
              from generate_series(0, ${CHART_DAYS - 1}) g)
          select to_char(d.day, 'YYYY-MM-DD') as day,
                 (select coalesce(sum(case l.kind when 'earned' then l.amount_cents else -l.amount_cents end), 0)
                    from seller_ledger l
                   where l.seller_id = ${sellerId} and l.kind <> 'paid_out'
                     and (l.created_at at time zone ${TIME_ZONE})::date = d.day) as commission_cents,
                 (select count(*) from tickets t join orders o on o.id = t.order_id
                   where o.seller_id = ${sellerId} and t.ended_at is null
                     and t.status in ('apartado', 'abonado', 'pagado')
                     and (t.purchased_at at time zone ${TIME_ZONE})::date = d.day) as numbers
            from days d order by d.day`,
    );
    return rows.map((r) => ({
      day: r.day,
      commissionCents: num(r.commission_cents),
      numbers: num(r.numbers),
    }));
  },
};
