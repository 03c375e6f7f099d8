import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

export type BuyerGroupRow = {
  cedula: string;
  buyer_name: string | null;
  buyer_phone: string | null;
  buyer_email: string | null;
  numbers: number[];
  tickets: number;
  paid: string;
  remaining: string;
  statuses: string[];
  reserved_until: Date | string | null;
};

const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A buyer matches when any of their tickets matches the staff search (SPEC 5). */
function matchingBuyers(raffleId: string, term: string, exactNumber: number | null): SQL {
  const like = likeTerm(term);
  return sql`and t.buyer_cedula in (
    select buyer_cedula from tickets
    where raffle_id = ${raffleId} and buyer_cedula is not null
      and (buyer_name ilike ${like} or buyer_phone ilike ${like} or buyer_cedula ilike ${like}
           or ticket_number ilike ${like} ${exactNumber === null ? sql`` : sql`or number = ${exactNumber}::int`}))`;
}

export const buyersRepo = {
  /** The raffle's buyers grouped by cedula, their latest name and phone, every number they hold. */
  async page(
    db: Executor,
    raffleId: string,
    filters: { term: string; exactNumber: number | null; limit: number; offset: number },
  ) {
    const search = filters.term ? matchingBuyers(raffleId, filters.term, filters.exactNumber) : sql``;
    const base = sql`from tickets t
      where t.raffle_id = ${raffleId} and t.status <> 'disponible' and t.buyer_cedula is not null ${search}`;
    const [items, total] = await Promise.all([
      queryRows<BuyerGroupRow>(
        db,
        sql`select t.buyer_cedula as cedula,
          (array_agg(t.buyer_name order by t.purchased_at desc nulls last))[1] as buyer_name,
          (array_agg(t.buyer_phone order by t.purchased_at desc nulls last))[1] as buyer_phone,
          (array_agg(t.buyer_email order by t.purchased_at desc nulls last))[1] as buyer_email,
          array_agg(t.number order by t.number) as numbers,
          count(*)::int as tickets,
          coalesce(sum(t.total_paid_cents), 0)::text as paid,
          coalesce(sum(t.remaining_cents) filter (where t.status in ('apartado', 'abonado')), 0)::text as remaining,
          array_agg(distinct t.status) as statuses,
          min(t.reserved_until) filter (where t.status in ('apartado', 'abonado')) as reserved_until
        ${base}
        group by t.buyer_cedula
        order by buyer_name asc nulls last, t.buyer_cedula asc
        limit ${filters.limit} offset ${filters.offset}`,
      ),
      queryRows<{ n: number }>(db, sql`select count(distinct t.buyer_cedula)::int as n ${base}`),
    ]);
    return { items, count: Number(total[0]?.n ?? 0) };
  },

  /** Totals over every buyer of the raffle. */
  async totals(db: Executor, raffleId: string) {
    const [row] = await queryRows<{ buyers: number; tickets: number; paid: string; remaining: string }>(
      db,
      sql`select count(distinct buyer_cedula)::int as buyers, count(*)::int as tickets,
        coalesce(sum(total_paid_cents), 0)::text as paid,
        coalesce(sum(remaining_cents) filter (where status in ('apartado', 'abonado')), 0)::text as remaining
      from tickets where raffle_id = ${raffleId} and status <> 'disponible' and buyer_cedula is not null`,
    );
    return {
      buyers: Number(row?.buyers ?? 0),
      tickets: Number(row?.tickets ?? 0),
      total_paid_cents: Number(row?.paid ?? 0),
      remaining_cents: Number(row?.remaining ?? 0),
    };
  },
};
