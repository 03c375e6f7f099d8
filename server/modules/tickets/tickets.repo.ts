import { and, eq, sql } from 'drizzle-orm';
import type { RafflePackage } from '../../../domain/package-pricing';
import { type Executor, preparedRows, queryRows } from '../../db/client';
import { expiresOnItsOwnSql, heldForReviewSql } from '../../db/review-hold';
import type { TicketRow } from '../../db/rows';
import { salesClosedSql } from '../../db/sales-closed';
import { ticketEvents, tickets } from '../../db/schema';
import { endSale, isLive } from './sale-rows';

export type { TicketRow } from '../../db/rows';
export type TicketEventInsert = typeof ticketEvents.$inferInsert;

/** See ticketsRepo.stats. */
const STATS_SQL = `
  select raffle_id, status, count(*)::int as n,
         coalesce(sum(total_paid_cents), 0)::text as paid, coalesce(sum(remaining_cents), 0)::text as remaining
  from tickets where raffle_id = any($1::uuid[]) and ended_at is null
  group by raffle_id, status`;

/** Live sales of one raffle and one status, with their money (cents). */
export type StatsRow = { raffle_id: string; status: string; n: number; paid: number; remaining: number };

/** A stats row as the driver gives it (counts and sums may come as text) in numbers. */
type StatsRowRead = {
  raffle_id: string;
  status: string;
  n: number | string;
  paid: string;
  remaining: string;
};
const statsRowOf = (r: StatsRowRead): StatsRow => ({
  ...r,
  n: Number(r.n),
  paid: Number(r.paid),
  remaining: Number(r.remaining),
});

/** Numbers travel as one int[] parameter (drizzle would spread a JS array into a list). */
export const intArray = (numbers: number[]) => `{${numbers.map((n) => Math.trunc(n)).join(',')}}`;

/**
 * A text[] (or uuid[], boolean[]) parameter as one array literal: every element double-quoted with
 * its backslashes and quotes escaped, so commas, braces and the word NULL stay data; null is NULL.
 */
export const textArray = (values: (string | boolean | null)[]) =>
  `{${values
    .map((v) => (v === null ? 'NULL' : `"${String(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`))
    .join(',')}}`;

/** The job's ANALYZE sample: 300 × this many rows (ticketsRepo.analyze). */
const ANALYZE_STATISTICS_TARGET = 10;

export const ticketsRepo = {
  /**
   * PGlite never auto-analyzes; without fresh statistics the planner picks a slow plan. Answers the
   * rows it saw. It samples 300 × ANALYZE_STATISTICS_TARGET rows: PostgreSQL's default target (100,
   * 30,000 rows) held PGlite's one connection ~400 ms at 100,000 sales, and every reservation waited
   * behind it; 3,000 rows take ~40 ms and still count the table and its raffles.
   */
  async analyze(db: Executor): Promise<number> {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local default_statistics_target = ${ANALYZE_STATISTICS_TARGET}`));
      await tx.execute(sql`analyze tickets, ticket_events`);
    });
    const rows = await queryRows<{ n: string | number }>(
      db,
      sql`select reltuples::bigint as n from pg_class where oid = 'tickets'::regclass`,
    );
    return Math.max(0, Number(rows[0]?.n ?? 0));
  },

  /** Whether PostgreSQL analyzes by itself (PGlite has no autovacuum and answers 'off' too). */
  async autovacuumOn(db: Executor): Promise<boolean> {
    const rows = await queryRows<{ on: boolean }>(db, sql`select current_setting('autovacuum') = 'on' as on`);
    return rows[0]?.on === true;
  },

  /** A digit-count change renumbers every sale of the raffle, ended ones too (history reads them). */
  async renumber(db: Executor, raffleId: string, digitCount: number) {
    await db.execute(
      sql`update tickets set ticket_number = lpad(number::text, ${digitCount}::int, '0') where raffle_id = ${raffleId}`,
    );
  },

  async countNotAvailable(db: Executor, raffleId: string): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from tickets where raffle_id = ${raffleId} and ended_at is null`,
    );
    return Number(rows[0]?.n ?? 0);
  },

  /** Live sales per status plus money collected and pending, for several raffles at once. */
  async stats(db: Executor, raffleIds: string[]): Promise<StatsRow[]> {
    if (raffleIds.length === 0) return [];
    // Every raffle page and list asks for it: prepared once per connection.
    const rows = await preparedRows<StatsRowRead>(db, 'tickets_stats_v1', STATS_SQL, [uuidArray(raffleIds)]);
    return rows.map(statsRowOf);
  },

  /**
   * A raffle's live sales that no published list holds (status `disponible` or `cancelado`, as
   * published-list.repo's SOLD leaves out), per status with their money: few, read by their index.
   */
  async unlistedStats(db: Executor, raffleId: string): Promise<StatsRow[]> {
    const rows = await queryRows<StatsRowRead>(
      db,
      sql`select raffle_id, status, count(*)::int as n,
                 coalesce(sum(total_paid_cents), 0)::text as paid, coalesce(sum(remaining_cents), 0)::text as remaining
          from tickets where raffle_id = ${raffleId} and status in ('disponible', 'cancelado') and ended_at is null
          group by raffle_id, status`,
    );
    return rows.map(statsRowOf);
  },

  /** The live sales of a raffle, for the board: every other number is 'disponible'. */
  /**
   * The newest sale of every number that was ever sold, ended ones included (as 'disponible'):
   * their versions let a board drop a late event older than what it read.
   */
  async latestStatuses(db: Executor, raffleId: string) {
    const rows = await queryRows<{ number: number; status: string; version: string | number }>(
      db,
      sql`select distinct on (number) number, status, version from tickets
          where raffle_id = ${raffleId} order by number, version desc`,
    );
    return rows.map((r) => ({ number: Number(r.number), status: r.status, version: Number(r.version) }));
  },

  /** Which of these numbers have a live sale (after a conflict: the ones to report as taken). */
  async liveNumbers(db: Executor, raffleId: string, numbers: number[]): Promise<number[]> {
    const rows = await queryRows<{ number: number }>(
      db,
      sql`select number from tickets where raffle_id = ${raffleId} and ended_at is null
          and number = any(${intArray(numbers)}::int[]) order by number`,
    );
    return rows.map((r) => Number(r.number));
  },

  /**
   * Expired reservations that owe money and have nothing paid go back on sale (their sale ends),
   * unless their buyer sent a payment that covers the first amount due (price or one cuota) and is
   * still within its review window: a token payment cannot hold numbers, and no payment holds them
   * forever. A sale that owes nothing (priced 0: a free raffle, or a package cheaper than a cent a
   * number) never expires on its own, since its buyer owes nothing for it: it goes back on sale only
   * with its order, when a sale of that order that owes money goes here. So a buyer who paid the
   * order keeps every number of it, and one who did not pay loses the package whole. When one of
   * those free sales is locked by someone else (a payment in flight), the order waits for the next
   * sweep instead of leaving it behind. So a batch may end more than `limit` sales.
   * A sale on a sealed pre-sorteo list not drawn yet stays too (migration 0038: its trigger would
   * refuse the whole batch). A closed raffle's sold list is published, so its reservations stay;
   * the raffle is read with KEY SHARE (SKIP LOCKED), so a close in flight either waits for this
   * sweep or is skipped by it.
   */
  async releaseExpired(db: Executor, limit: number, reviewHours: number): Promise<TicketRow[]> {
    const owing = await queryRows<{ id: string; order_id: string | null }>(
      db,
      sql`
      select t.id, t.order_id from tickets t
      join raffles r on r.id = t.raffle_id
      where ${expiresOnItsOwnSql('t')} and t.reserved_until < now()
        -- Once sales closed (salesClosed: from the closing date, migration 0012) a reservation held then stays.
        and not ${salesClosedSql('r')}
        -- The rule screens show as \`review_hold_until\` (db/review-hold.ts).
        and not ${heldForReviewSql('t', reviewHours)}
        -- On a sealed pre-sorteo list not drawn yet (refunded since): kept (migrations 0038, 0039).
        and not pre_draw_keeps(t.id, t.raffle_id, t.number)
      order by t.reserved_until limit ${limit} for update of t skip locked for key share of r skip locked`,
    );
    const orderIds = [...new Set(owing.flatMap((r) => (r.order_id ? [r.order_id] : [])))];
    const free = orderIds.length === 0 ? [] : await ticketsRepo.expiredFreeSales(db, orderIds);
    const waiting = new Set(free.filter((r) => !r.locked).map((r) => r.order_id));
    const ids = [...owing, ...free.filter((r) => r.locked)]
      .filter((r) => !r.order_id || !waiting.has(r.order_id))
      .map((r) => r.id);
    if (ids.length === 0) return [];
    return db
      .update(tickets)
      .set(endSale)
      .where(sql`${tickets.id} = any(${uuidArray(ids)}::uuid[])`)
      .returning();
  },

  /**
   * The live held or paid sales of these orders in raffles that sell packages, locked, with the single
   * price their order was sold at (today's if lower) and the raffle's packages (package-reprice.ts).
   * `nowait`: a sale someone else holds (a payment in flight) fails the statement at once instead of
   * waiting (the sweep tries again later).
   * Not a number priced 0 staff marked `pagado` by hand: a gift staff gave, it is no part of what the
   * order pays for and keeps its price, mark and status until staff change it (decision 061).
   */
  async keptPackagedSales(db: Executor, orderIds: string[], options: { nowait?: boolean } = {}) {
    return queryRows<{
      id: string;
      order_id: string;
      number: number;
      status: string;
      price_cents: number;
      total_paid_cents: number;
      unit_cents: number;
      packages: RafflePackage[];
    }>(
      db,
      sql`
      select t.id, t.order_id, t.number, t.status, t.price_cents, t.total_paid_cents,
             -- The single price the order was sold at, or today's if lower (migration 0036).
             least(coalesce(o.unit_cents, r.price_cents), r.price_cents) as unit_cents, r.packages
      from tickets t join raffles r on r.id = t.raffle_id join orders o on o.id = t.order_id
      where t.order_id = any(${uuidArray(orderIds)}::uuid[]) and t.ended_at is null
        and t.status in ('apartado', 'abonado', 'pagado') and jsonb_array_length(r.packages) > 0
        and not (t.status_by_hand and t.status = 'pagado')
      order by t.order_id, t.number
      for update of t ${options.nowait ? sql`nowait` : sql``}`,
    );
  },

  /**
   * The live sales of these orders in raffles that sell packages, locked in id order, before a change
   * ends one of them: that change then locks what keptPackagedSales locks again, and two releases of
   * numbers of one order (or a release and an approval, which lock in id order too) queue instead of
   * each holding its number and waiting for the other's.
   */
  async lockPackagedOrders(db: Executor, orderIds: string[]) {
    if (orderIds.length === 0) return;
    await db.execute(sql`
      select t.id from tickets t join raffles r on r.id = t.raffle_id
      where t.order_id = any(${uuidArray(orderIds)}::uuid[]) and t.ended_at is null
        and jsonb_array_length(r.packages) > 0
      order by t.id
      for update of t`);
  },

  /** lockPackagedOrders for the orders these sales belong to. */
  async lockPackagedOrdersOfSales(db: Executor, saleIds: string[]) {
    if (saleIds.length === 0) return;
    await db.execute(sql`
      select t.id from tickets t join raffles r on r.id = t.raffle_id
      where t.order_id in (select s.order_id from tickets s where s.id = any(${uuidArray(saleIds)}::uuid[]))
        and t.ended_at is null and jsonb_array_length(r.packages) > 0
      order by t.id
      for update of t`);
  },

  /**
   * A sale's new price (only ever higher: keptSalePrices) and the status its money gives; the money
   * trigger works out what it owes (0010).
   */
  async reprice(
    db: Executor,
    id: string,
    priceCents: number,
    status: string,
  ): Promise<TicketRow | undefined> {
    const [row] = await db
      .update(tickets)
      // Priced again, it costs something: its money decides its status, not a choice staff made at 0.
      .set({
        priceCents,
        status,
        statusByHand: false,
        version: sql`nextval('ticket_version_seq')`,
        updatedAt: sql`now()`,
      })
      .where(eq(tickets.id, id))
      .returning();
    return row;
  },

  /**
   * The live sales of these orders a package priced 0 (order-free-sales.ts), locked in id order:
   * they are the order's turn, so two payments completing one order settle it one after the other.
   * `nowait` as in keptPackagedSales.
   */
  async lockFreeSales(db: Executor, orderIds: string[], options: { nowait?: boolean } = {}) {
    return queryRows<{ id: string; order_id: string; status: string; status_by_hand: boolean }>(
      db,
      sql`
      select id, order_id, status, status_by_hand from tickets
      where order_id = any(${uuidArray(orderIds)}::uuid[]) and ended_at is null
        and price_cents = 0 and total_paid_cents = 0 and status in ('apartado', 'pagado')
      order by id
      for update ${options.nowait ? sql`nowait` : sql``}`,
    );
  },

  /**
   * Of each of these orders, whether it has live sales that cost something and whether all of those
   * are paid in full (read after lockFreeSales, so a payment that completed the order just before is seen).
   */
  async pricedSalesPaid(db: Executor, orderIds: string[]) {
    const rows = await queryRows<{ order_id: string; priced: number; owing: number }>(
      db,
      sql`
      select order_id, count(*)::int as priced, count(*) filter (where remaining_cents > 0)::int as owing
      from tickets
      where order_id = any(${uuidArray(orderIds)}::uuid[]) and ended_at is null and price_cents > 0
        and status in ('apartado', 'abonado', 'pagado')
      group by order_id`,
    );
    return new Map(rows.map((r) => [String(r.order_id), Number(r.priced) > 0 && Number(r.owing) === 0]));
  },

  /** These sales' new status (each a new version), answering the changed rows. */
  async setStatus(db: Executor, ids: string[], status: string): Promise<TicketRow[]> {
    if (ids.length === 0) return [];
    return db
      .update(tickets)
      .set({ status, version: sql`nextval('ticket_version_seq')`, updatedAt: sql`now()` })
      .where(and(sql`${tickets.id} = any(${uuidArray(ids)}::uuid[])`, isLive))
      .returning();
  },

  /**
   * The live sales of these orders that owe nothing, have paid nothing and whose hold ran out, each
   * locked here unless someone else holds it (`locked` false): see releaseExpired.
   */
  async expiredFreeSales(db: Executor, orderIds: string[]) {
    const expiredFree = sql`ended_at is null and status = 'apartado' and reserved_until < now()
      and total_paid_cents = 0 and remaining_cents = 0 and not pre_draw_keeps(id, raffle_id, number)`;
    return queryRows<{ id: string; order_id: string; locked: boolean }>(
      db,
      sql`
      with free as materialized (
        select id, order_id from tickets where order_id = any(${uuidArray(orderIds)}::uuid[]) and ${expiredFree}
      ), locked as materialized (
        select id from tickets where id in (select id from free) and ${expiredFree} for update skip locked
      )
      select f.id, f.order_id, l.id is not null as locked from free f left join locked l on l.id = f.id`,
    );
  },

  /**
   * Available numbers at random ("Maquinita de la suerte"): random candidates checked against the
   * live sales, so a sparse million-number raffle never scans its range; a nearly sold-out one
   * falls back to scanning what is left.
   */
  async randomAvailable(
    db: Executor,
    raffle: { id: string; totalNumbers: number },
    count: number,
    exclude: number[],
  ): Promise<number[]> {
    const excluded = new Set(exclude);
    const picked = new Set<number>();
    for (let attempt = 0; attempt < 3 && picked.size < count; attempt++) {
      const candidates = new Set<number>();
      const want = Math.min(raffle.totalNumbers, (count - picked.size) * 4 + 8);
      for (let i = 0; i < want * 2 && candidates.size < want; i++) {
        const n = Math.floor(Math.random() * raffle.totalNumbers);
        if (!excluded.has(n) && !picked.has(n)) candidates.add(n);
      }
      const taken = new Set(await ticketsRepo.liveNumbers(db, raffle.id, [...candidates]));
      for (const n of candidates) if (!taken.has(n) && picked.size < count) picked.add(n);
    }
    if (picked.size < count) {
      const rows = await queryRows<{ number: number }>(
        db,
        sql`
        select n as number from generate_series(0, ${raffle.totalNumbers}::int - 1) as n
        where not exists (select 1 from tickets t where t.raffle_id = ${raffle.id} and t.number = n and t.ended_at is null)
          and n <> all(${intArray([...excluded, ...picked])}::int[])
        order by random() limit ${count - picked.size}`,
      );
      for (const r of rows) picked.add(Number(r.number));
    }
    return [...picked].sort((a, b) => a - b);
  },

  /** The live sale of a number, or null when it is available. */
  async findByNumber(db: Executor, raffleId: string, number: number): Promise<TicketRow | null> {
    const [row] = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.raffleId, raffleId), eq(tickets.number, number), isLive));
    return row ?? null;
  },

  async insertEvents(db: Executor, events: TicketEventInsert[]) {
    if (events.length > 0) await db.insert(ticketEvents).values(events);
  },

  async tryJobLock(db: Executor, key: number): Promise<boolean> {
    const rows = await queryRows<{ locked: boolean }>(
      db,
      sql`select pg_try_advisory_xact_lock(${key}::bigint) as locked`,
    );
    return Boolean(rows[0]?.locked);
  },
};

/** uuid[] parameter for `= any(...)`: ids come from our own rows, and the cast rejects anything else. */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;
