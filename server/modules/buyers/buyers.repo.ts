import { type SQL, sql } from 'drizzle-orm';
import { type Executor, pageTotal, queryRows } from '../../db/client';
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

export const buyersRepo = {
  /**
   * The raffle's buyers grouped by cedula, their latest name and phone, every number they hold.
   * Two steps: the page's cedulas, ordered by latest name (one light pass, counting the groups as
   * it goes), then everything else for those cedulas alone (the cedula index).
   */
  async page(
    db: Executor,
    raffleId: string,
    filters: { term: string; exactNumber: number | null; limit: number; offset: number },
  ) {
    const search = filters.term ? matchingBuyers(raffleId, filters.term, filters.exactNumber) : sql``;
    const base = sql`from tickets t
      where t.raffle_id = ${raffleId} and t.status <> 'disponible' and t.buyer_cedula is not null ${search}`;
    // Without a search every buyer is in the groups: the totals come from the same pass.
    const totals = filters.term
      ? sql``
      : sql`, sum(count(*)) over ()::text as all_tickets, sum(coalesce(sum(t.total_paid_cents), 0)) over ()::text as all_paid,
          sum(coalesce(sum(t.remaining_cents) filter (where t.status in ('apartado', 'abonado')), 0)) over ()::text as all_remaining`;
    const keys = await queryRows<{
      cedula: string;
      groups: number;
      all_tickets?: string;
      all_paid?: string;
      all_remaining?: string;
    }>(
      db,
      sql`select t.buyer_cedula as cedula, count(*) over ()::int as groups,
          (array_agg(t.buyer_name order by t.purchased_at desc nulls last))[1] as buyer_name ${totals}
        ${base}
        group by t.buyer_cedula
        order by buyer_name asc nulls last, t.buyer_cedula asc
        limit ${filters.limit} offset ${filters.offset}`,
    );
    const first = keys[0];
    const allTotals: BuyerTotals | null =
      first?.all_tickets !== undefined
        ? {
            buyers: Number(first.groups),
            tickets: Number(first.all_tickets),
            total_paid_cents: Number(first.all_paid),
            remaining_cents: Number(first.all_remaining),
          }
        : null;
    const count = await pageTotal(
      db,
      keys[0] === undefined ? undefined : Number(keys[0].groups),
      filters.offset,
      sql`select count(distinct t.buyer_cedula)::int as n ${base}`,
    );
    if (keys.length === 0) return { items: [] as BuyerGroupRow[], count, totals: allTotals };
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
          min(t.reserved_until) filter (where t.status in ('apartado', 'abonado')) as reserved_until,
          array(select distinct p.full_name from orders o join profiles p on p.id = o.seller_id
                where o.id = any(array_agg(t.order_id)) order by 1) as sellers
        from tickets t
        where t.raffle_id = ${raffleId} and t.status <> 'disponible'
          and t.buyer_cedula = any(${`{${cedulas.map((c) => `"${c.replace(/["\\]/g, (x) => `\\${x}`)}"`).join(',')}}`}::text[])
        group by t.buyer_cedula`,
    );
    const byCedula = new Map(rows.map((r) => [r.cedula, r]));
    const items = cedulas.map((c) => byCedula.get(c)).filter((r): r is BuyerGroupRow => r !== undefined);
    return { items, count, totals: allTotals };
  },

  /** Totals over every buyer of the raffle. */
  async totals(db: Executor, raffleId: string): Promise<BuyerTotals> {
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
