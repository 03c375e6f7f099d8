import { and, eq, sql } from 'drizzle-orm';
import type { RafflePackage } from '../../../domain/package-pricing';
import { type Executor, preparedRows, queryRows } from '../../db/client';
import { expiresOnItsOwnSql, heldForReviewSql } from '../../db/review-hold';
import type { TicketRow } from '../../db/rows';
import { ticketEvents, tickets } from '../../db/schema';
import { endSale, fromRaw, isLive, type RawTicket } from './sale-rows';

export type { TicketRow } from '../../db/rows';
export type TicketEventInsert = typeof ticketEvents.$inferInsert;

/** See ticketsRepo.reserveMany. Arrays of one entry per request; numbers as int[] literals. */
const RESERVE_MANY_SQL = `
  select s.grp, s.refusal, s.refused, s.digits, s.order_code, (s.sale).* from reserve_sales($1::uuid[], $2::boolean[], $3::int[], $4::text[], $5::text[],
    $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::uuid[], $13::text[], $14::text[], $15::uuid[]) as s`;

/** See ticketsRepo.stats. */
const STATS_SQL = `
  select raffle_id, status, count(*)::int as n,
         coalesce(sum(total_paid_cents), 0)::text as paid, coalesce(sum(remaining_cents), 0)::text as remaining
  from tickets where raffle_id = any($1::uuid[]) and ended_at is null
  group by raffle_id, status`;

/** Live sales of one raffle and one status, with their money (cents). */
export type StatsRow = { raffle_id: string; status: string; n: number; paid: number; remaining: number };

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

/** Why `reserve_sales` sold a request nothing (codes in migration 0008); `numbers` names the culprits. */
export type ReservationRefusal = {
  code:
    | 'RAFFLE_NOT_FOUND'
    | 'RAFFLE_CLOSED'
    | 'RAFFLE_NOT_OPEN'
    | 'NUMBERS_OUT_OF_RANGE'
    | 'BUYER_LIMIT'
    | 'TICKETS_UNAVAILABLE'
    /** The raffle's price or packages are not those the request was priced with (migration 0022). */
    | 'PRICES_CHANGED';
  /** The numbers at fault; for BUYER_LIMIT, the cap and what the buyer holds. */
  numbers: number[];
  /** The raffle's digit count, to name the numbers as the buyer sees them. */
  digits: number;
};

/** Per request: the sales it made (all its numbers), or why it made none. */
export type ReservationOutcome = { sales: TicketRow[]; orderCode: string } | { refusal: ReservationRefusal };

type RefusalColumns = { refusal: string | null; refused: unknown; digits: number | null };

/** An int[] column: node-postgres parses it, PGlite too; a text literal `{1,2}` is read as well. */
const parseIntArray = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.map(Number)
    : typeof value === 'string' && value.length > 2
      ? value.slice(1, -1).split(',').map(Number)
      : [];

/** One buyer's request, as the reservation batcher hands it to `reserveMany`. */
export type SaleRequest = {
  raffleId: string;
  numbers: number[];
  values: ReservationValues;
  sandbox: boolean;
  /**
   * The seller a referral link named (decision 036): credited on the order only if they own the
   * raffle or are assigned to it, which `reserve_sales` checks (migration 0019).
   */
  sellerId?: string | null;
  /**
   * Each number's price (in the order of the sorted numbers) and the terms they were computed with
   * (the raffle's price and packages, as JSON): `reserve_sales` sells only if the raffle still has
   * those terms (migration 0022). Absent: the raffle's price, while it has no packages.
   */
  pricing?: SalePricing | null;
  /** The key the buyer's browser chose for this request, kept on its order (decision 057). */
  requestId?: string | null;
};

export type SalePricing = { terms: string; prices: number[] };

export type ReservationValues = {
  buyerName: string;
  buyerPhone: string;
  buyerAddress: string;
  buyerCedula: string;
  buyerEmail: string | null;
  paymentMethod: string;
  paymentProof: string | null;
};

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
    const rows = await preparedRows<{
      raffle_id: string;
      status: string;
      n: number;
      paid: string;
      remaining: string;
    }>(db, 'tickets_stats_v1', STATS_SQL, [uuidArray(raffleIds)]);
    return rows.map((r) => ({ ...r, n: Number(r.n), paid: Number(r.paid), remaining: Number(r.remaining) }));
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

  /**
   * The heart of "a number is sold once": the `reserve_sales` function (migrations 0007, 0008,
   * decision 016), the one statement that sells numbers online and the one place that holds the
   * reservation rules. It writes one or many buyers' requests in one statement and one commit;
   * each request sells all its numbers or none, and one that sold nothing comes back with the
   * reason (the raffle is not on sale, a number is out of range or someone holds it). The live
   * change is announced after the commit (decision 011). Answers one outcome per request, in order.
   */
  async reserveMany(db: Executor, requests: SaleRequest[]): Promise<ReservationOutcome[]> {
    const sorted = requests.map((r) => [...r.numbers].sort((a, b) => a - b));
    const column = (pick: (r: SaleRequest) => string | boolean | null) => textArray(requests.map(pick));
    const rows = await preparedRows<RawTicket & RefusalColumns & { grp: number; order_code: string | null }>(
      db,
      'tickets_reserve_many_v6',
      RESERVE_MANY_SQL,
      [
        column((r) => r.raffleId),
        column((r) => r.sandbox),
        intArray(sorted.map((numbers) => numbers[numbers.length - 1] ?? 0)),
        textArray(sorted.map(intArray)),
        column((r) => r.values.buyerName),
        column((r) => r.values.buyerPhone),
        column((r) => r.values.buyerAddress),
        column((r) => r.values.buyerCedula),
        column((r) => r.values.buyerEmail),
        column((r) => r.values.paymentMethod),
        column((r) => r.values.paymentProof),
        column((r) => r.sellerId ?? null),
        column((r) => r.pricing?.terms ?? null),
        column((r) => (r.pricing ? intArray(r.pricing.prices) : null)),
        column((r) => r.requestId ?? null),
      ],
    );
    const outcomes: ReservationOutcome[] = requests.map(() => ({ sales: [], orderCode: '' }));
    for (const row of rows) {
      const i = Number(row.grp) - 1;
      const outcome = outcomes[i];
      if (!outcome) continue;
      if (row.refusal) {
        outcomes[i] = {
          refusal: {
            code: row.refusal as ReservationRefusal['code'],
            numbers: parseIntArray(row.refused),
            digits: Number(row.digits ?? 0),
          },
        };
      } else if ('sales' in outcome) {
        outcome.sales.push(fromRaw(row));
        outcome.orderCode = String(row.order_code);
      }
    }
    return outcomes;
  },

  /**
   * The order an earlier sending of this very request made (decision 057): the live sales of these
   * numbers, when every one of them belongs to one order kept with this request key and cédula.
   * Read through the numbers' unique index, so `orders.request_id` needs none. Null otherwise.
   */
  async sentBefore(
    db: Executor,
    request: { raffleId: string; requestId: string; cedula: string; numbers: number[] },
  ): Promise<{ sales: TicketRow[]; orderCode: string } | null> {
    const rows = await queryRows<RawTicket & { order_code: string }>(
      db,
      sql`select o.code as order_code, t.* from tickets t join orders o on o.id = t.order_id
          where t.raffle_id = ${request.raffleId} and t.ended_at is null
            and t.number = any(${intArray(request.numbers)}::int[])
            and o.request_id = ${request.requestId} and o.buyer_cedula = ${request.cedula}
          order by t.number`,
    );
    const sales = rows.map(fromRaw);
    const oneOrder = new Set(sales.map((s) => s.orderId)).size === 1;
    if (!oneOrder || sales.length !== new Set(request.numbers).size) return null;
    return { sales, orderCode: String(rows[0]?.order_code) };
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
   * A closed raffle's sold list is published, so its reservations stay; the raffle is read with
   * KEY SHARE (SKIP LOCKED), so a close in flight either waits for this sweep or is skipped by it.
   */
  async releaseExpired(db: Executor, limit: number, reviewHours: number): Promise<TicketRow[]> {
    const owing = await queryRows<{ id: string; order_id: string | null }>(
      db,
      sql`
      select t.id, t.order_id from tickets t
      join raffles r on r.id = t.raffle_id
      where ${expiresOnItsOwnSql('t')} and t.reserved_until < now()
        and r.status not in ('cerrada', 'finalizada')
        -- From the closing date the sold list is frozen (migration 0012): a reservation held then stays.
        and (r.closing_date is null or r.closing_date > now())
        -- The rule screens show as \`review_hold_until\` (db/review-hold.ts).
        and not ${heldForReviewSql('t', reviewHours)}
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
   * The live held or paid sales of these orders in raffles that sell packages, locked, with their
   * raffle's single price and packages (package-reprice.ts). `nowait`: a sale someone else holds (a
   * payment in flight) fails the statement at once instead of waiting (the sweep tries again later).
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
             r.price_cents as unit_cents, r.packages
      from tickets t join raffles r on r.id = t.raffle_id
      where t.order_id = any(${uuidArray(orderIds)}::uuid[]) and t.ended_at is null
        and t.status in ('apartado', 'abonado', 'pagado') and jsonb_array_length(r.packages) > 0
      order by t.order_id, t.number
      for update of t ${options.nowait ? sql`nowait` : sql``}`,
    );
  },

  /** A sale's new price and the status its money gives; the money trigger works out what it owes (0010). */
  async reprice(
    db: Executor,
    id: string,
    priceCents: number,
    status: string,
  ): Promise<TicketRow | undefined> {
    const [row] = await db
      .update(tickets)
      .set({ priceCents, status, version: sql`nextval('ticket_version_seq')`, updatedAt: sql`now()` })
      .where(eq(tickets.id, id))
      .returning();
    return row;
  },

  /**
   * The live sales of these orders that owe nothing, have paid nothing and whose hold ran out, each
   * locked here unless someone else holds it (`locked` false): see releaseExpired.
   */
  async expiredFreeSales(db: Executor, orderIds: string[]) {
    const expiredFree = sql`ended_at is null and status = 'apartado' and reserved_until < now()
      and total_paid_cents = 0 and remaining_cents = 0`;
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
