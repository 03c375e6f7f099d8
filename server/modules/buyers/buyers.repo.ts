import { type SQL, sql } from 'drizzle-orm';
import { type Executor, pageTotal, queryRows } from '../../db/client';
import { reviewHoldUntilSql } from '../../db/review-hold';
import { saleMatches } from '../../db/ticket-search';

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
  review_hold_until: Date | string | null;
  sellers: string[] | null;
};

/** A buyer matches when any of their tickets matches the staff search (SPEC 5), found by the trigram index. */
function matchingBuyers(raffleId: string, term: string, exactNumber: number | null): SQL {
  return sql`and t.buyer_cedula in (
    select m.buyer_cedula from tickets m
    where m.raffle_id = ${raffleId} and m.buyer_cedula is not null and ${saleMatches('m', term, exactNumber)})`;
}

/** Totals over every buyer of a raffle. */
export type BuyerTotals = {
  buyers: number;
  tickets: number;
  total_paid_cents: number;
  remaining_cents: number;
};

type KeyFilters = { term: string; exactNumber: number | null; limit: number; offset: number };
type PageKeys = { keys: { cedula: string }[]; count: number; totals: BuyerTotals | null };

/** Every buyer: a page of `raffle_buyers` in the screen's order, and the totals over all of them. */
async function allKeys(db: Executor, raffleId: string, filters: KeyFilters): Promise<PageKeys> {
  const [keys, totals] = await Promise.all([
    queryRows<{ cedula: string }>(
      db,
      sql`select cedula from raffle_buyers where raffle_id = ${raffleId}
        order by buyer_name asc nulls last, cedula asc limit ${filters.limit} offset ${filters.offset}`,
    ),
    buyersRepo.totals(db, raffleId),
  ]);
  return { keys, count: totals.buyers, totals };
}

/** The buyers any of whose sales match the search, grouped from their sales (the trigram index finds them). */
async function searchedKeys(db: Executor, raffleId: string, filters: KeyFilters): Promise<PageKeys> {
  const base = sql`from tickets t
    where t.raffle_id = ${raffleId} and t.status <> 'disponible' and t.buyer_cedula is not null
      ${matchingBuyers(raffleId, filters.term, filters.exactNumber)}`;
  const keys = await queryRows<{ cedula: string; groups: number }>(
    db,
    sql`select t.buyer_cedula as cedula, count(*) over ()::int as groups,
        (array_agg(t.buyer_name order by t.purchased_at desc nulls last))[1] as buyer_name
      ${base}
      group by t.buyer_cedula
      order by buyer_name asc nulls last, t.buyer_cedula asc
      limit ${filters.limit} offset ${filters.offset}`,
  );
  const count = await pageTotal(
    db,
    keys[0] === undefined ? undefined : Number(keys[0].groups),
    filters.offset,
    sql`select count(distinct t.buyer_cedula)::int as n ${base}`,
  );
  return { keys, count, totals: null };
}

export const buyersRepo = {
  /**
   * The raffle's buyers grouped by cedula, their latest name and phone, every number they hold, the
   * first deadline of the reservations they may lose and the first end of those a payment under
   * review keeps.
   * Two steps: the page's cedulas, ordered by latest name, then everything else for those cedulas
   * alone (the cedula index). Without a search the first step reads the buyers' own table
   * (`raffle_buyers`, decision 045) and never the sales; a search finds the buyers among the sales.
   */
  async page(
    db: Executor,
    raffleId: string,
    filters: { term: string; exactNumber: number | null; limit: number; offset: number },
    reviewHours: number,
  ) {
    const { keys, count, totals } = filters.term
      ? await searchedKeys(db, raffleId, filters)
      : await allKeys(db, raffleId, filters);
    if (keys.length === 0) return { items: [] as BuyerGroupRow[], count, totals };
    const cedulas = keys.map((k) => k.cedula);
    const rows = await queryRows<BuyerGroupRow>(
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
          min(t.reserved_until) filter (where t.status in ('apartado', 'abonado') and h.until is null) as reserved_until,
          min(h.until) as review_hold_until,
          array(select distinct p.full_name from orders o join profiles p on p.id = o.seller_id
                where o.id = any(array_agg(t.order_id)) order by 1) as sellers
        from tickets t
        -- Until when a payment under review keeps each sale (db/review-hold.ts), or null.
        cross join lateral (select ${reviewHoldUntilSql('t', reviewHours)} as until) h
        where t.raffle_id = ${raffleId} and t.status <> 'disponible'
          and t.buyer_cedula = any(${`{${cedulas.map((c) => `"${c.replace(/["\\]/g, (x) => `\\${x}`)}"`).join(',')}}`}::text[])
        group by t.buyer_cedula`,
    );
    const byCedula = new Map(rows.map((r) => [r.cedula, r]));
    const items = cedulas.map((c) => byCedula.get(c)).filter((r): r is BuyerGroupRow => r !== undefined);
    return { items, count, totals };
  },

  /** Totals over every buyer of the raffle. */
  async totals(db: Executor, raffleId: string): Promise<BuyerTotals> {
    const [row] = await queryRows<{ buyers: number; tickets: number; paid: string; remaining: string }>(
      db,
      sql`select (select count(*)::int from raffle_buyers where raffle_id = ${raffleId}) as buyers, count(*)::int as tickets,
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
