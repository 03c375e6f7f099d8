import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { TIME_ZONE } from '../../../domain/dates';
import { isTicketNumberTerm, TICKET_STATUSES } from '../../../domain/tickets';
import { type Executor, pageTotal, queryRows } from '../../db/client';
import { assignedSellersSql, managedRaffleSql } from '../../db/raffle-scope';
import type { TicketRow } from '../../db/rows';
import { raffles, ticketEvents, tickets } from '../../db/schema';
import { likeTerm, saleMatches } from '../../db/ticket-search';
import type { RaffleScope } from '../../lib/permissions';
import { endSale, fromRaw, isLive } from '../tickets/sale-rows';
import { numbersContaining } from './number-match';

export type TicketFilters = { statuses?: string[]; term?: string; exactNumber?: number | null };
type RaffleShape = { id: string; totalNumbers: number; digitCount: number };

/** A row of the staff list: a live sale, or a number nobody holds (id null, 'disponible'). */
export type NumberRow = Omit<TicketRow, 'id'> & {
  id: string | null;
  orderCode?: string | null;
  /** The seller credited with the sale's order (decision 036), or null. */
  sellerName?: string | null;
  /** Paid in Bs at each approved payment's rate (null when no payment had a rate). */
  paidVesCents?: number | null;
};

/**
 * Only live sales can match: 'disponible' is not asked for, or the term has something other than
 * digits (a number nobody holds has no buyer, and its ticket number is all digits).
 */
const salesOnly = (f: TicketFilters) =>
  Boolean((f.statuses?.length && !f.statuses.includes('disponible')) || (f.term && !/^\d+$/.test(f.term)));

/** The staff list's search over numbers `number` whose ticket number is `ticketNumber` (and sale `t`, if any). */
function searchSql(f: TicketFilters, ticketNumber: SQL, number: SQL): SQL {
  if (!f.term) return sql`true`;
  const like = likeTerm(f.term);
  const exact = f.exactNumber != null ? sql`or ${number} = ${f.exactNumber}::int` : sql``;
  // A bare number of one to three digits is a ticket number, never phone digits (saleMatches).
  if (isTicketNumberTerm(f.term)) return sql`(${ticketNumber} ilike ${like} ${exact})`;
  return sql`(t.buyer_name ilike ${like} or t.buyer_phone ilike ${like} or t.buyer_cedula ilike ${like}
    or ${ticketNumber} ilike ${like} ${exact})`;
}

/**
 * The list's order: by number, the number typed first (issue 23): "4567" shows ticket 4567 before
 * the buyers whose phone holds those digits.
 */
const exactFirst = (f: TicketFilters, number: SQL) =>
  f.exactNumber != null ? sql`(${number} = ${f.exactNumber}::int) desc, ${number}` : number;

/** Status chips: the five statuses, and 'otros' for anything else. */
function statusSql(statuses: string[] | undefined, status: SQL): SQL {
  if (!statuses?.length) return sql`true`;
  const known = statuses.filter((s) => s !== 'otros');
  const parts: SQL[] = [];
  if (known.length > 0) parts.push(sql`${status} = any(${`{${known.join(',')}}`}::text[])`);
  if (statuses.includes('otros'))
    parts.push(sql`${status} <> all(${`{${TICKET_STATUSES.join(',')}}`}::text[])`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** A sale's order code, and what it has paid in Bs at each approved payment's own rate. */
const LEDGER_COLUMNS = sql`t.order_id, (select o.code from orders o where o.id = t.order_id) as order_code,
  (select p.full_name from orders o join profiles p on p.id = o.seller_id where o.id = t.order_id) as seller_name,
  (select round(sum(pp.amount_cents * p.rate_to_usd)) from payment_parts pp join payments p on p.id = pp.payment_id
   where pp.ticket_id = t.id and p.status = 'approved') as paid_ves_cents`;

const LIVE_COLUMNS = sql`t.id, t.raffle_id, t.number, t.ticket_number, t.status, t.buyer_name, t.buyer_phone,
  t.buyer_address, t.buyer_cedula, t.buyer_email, t.payment_method, t.payment_proof, t.purchased_at,
  t.total_paid_cents, t.remaining_cents, t.price_cents, t.reserved_until, t.version, t.ended_at, t.updated_at,
  t.verification_code, ${LEDGER_COLUMNS}`;

/** Live sales matching the filters (when 'disponible' is not asked for, numbers need no series). */
function salesFrom(raffle: RaffleShape, f: TicketFilters, extra: SQL = sql`true`) {
  const search = f.term ? saleMatches('t', f.term, f.exactNumber ?? null) : sql`true`;
  return sql`from tickets t where t.raffle_id = ${raffle.id} and t.ended_at is null
    and ${statusSql(f.statuses, sql`t.status`)} and ${search} and ${extra}`;
}

/**
 * The numbers of [from, to) that can match a search: those whose ticket number holds the term
 * (listed, or scanned when there are too many), the live sales the trigram index finds, and the
 * exact number. A superset: `numbersFrom` applies the search itself to each.
 */
function candidates(raffle: RaffleShape, f: TicketFilters & { term: string }, from: number, to: number) {
  const listed = numbersContaining(f.term, raffle.digitCount, from, to);
  const byNumber =
    listed === null
      ? sql`select n from generate_series(${from}::int, ${to}::int - 1) as n
          where lpad(n::text, ${raffle.digitCount}::int, '0') ilike ${likeTerm(f.term)}`
      : sql`select unnest(${`{${listed.join(',')}}`}::int[]) as n`;
  const exact =
    f.exactNumber != null && f.exactNumber >= from && f.exactNumber < to
      ? sql`union select ${f.exactNumber}::int`
      : sql``;
  // A ticket-number term finds nothing in the sales the numbers above do not already hold.
  const sales = isTicketNumberTerm(f.term)
    ? sql``
    : sql`union select s.number from tickets s where s.raffle_id = ${raffle.id} and s.ended_at is null
      and s.number >= ${from}::int and s.number < ${to}::int and ${saleMatches('s', f.term, null)}`;
  return sql`(${byNumber} ${sales} ${exact})`;
}

/** Every number of [from, to) with its live sale if any: what the staff list and the CSV walk. */
function numbersFrom(raffle: RaffleShape, f: TicketFilters, from: number, to: number) {
  const ticketNumber = sql`lpad(n::text, ${raffle.digitCount}::int, '0')`;
  const numbers = f.term
    ? sql`${candidates(raffle, { ...f, term: f.term }, from, to)} as c(n)`
    : sql`generate_series(${from}::int, ${to}::int - 1) as n`;
  return sql`from ${numbers}
    left join tickets t on t.raffle_id = ${raffle.id} and t.number = n and t.ended_at is null
    where ${statusSql(f.statuses, sql`coalesce(t.status, 'disponible')`)} and ${searchSql(f, ticketNumber, sql`n`)}`;
}

const numberColumns = (raffle: RaffleShape) => sql`t.id, ${raffle.id}::uuid as raffle_id, n as number,
  lpad(n::text, ${raffle.digitCount}::int, '0') as ticket_number, coalesce(t.status, 'disponible') as status,
  t.buyer_name, t.buyer_phone, t.buyer_address, t.buyer_cedula, t.buyer_email, t.payment_method, t.payment_proof,
  t.purchased_at, coalesce(t.total_paid_cents, 0) as total_paid_cents, coalesce(t.remaining_cents, 0) as remaining_cents,
  coalesce(t.price_cents, 0) as price_cents, t.reserved_until, coalesce(t.version, 0) as version, t.ended_at, coalesce(t.updated_at, now()) as updated_at,
  t.verification_code, ${LEDGER_COLUMNS}`;

/**
 * No object spread here: `{ ...fromRaw(r), … }` made objects that V8 kept in the old generation
 * (only a full GC freed them): a CSV of 100,000 sales left ~90 MB of them behind.
 */
const toNumberRow = (r: Record<string, unknown>): NumberRow => {
  const row: NumberRow = fromRaw(r);
  row.id = r.id == null ? null : String(r.id);
  row.orderCode = r.order_code == null ? null : String(r.order_code);
  row.sellerName = r.seller_name == null ? null : String(r.seller_name);
  row.paidVesCents = r.paid_ves_cents == null ? null : Number(r.paid_ves_cents);
  return row;
};

async function countLive(db: Executor, raffleId: string, below: number) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from tickets where raffle_id = ${raffleId} and ended_at is null and number < ${below}::int`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The number at position `offset` among the available ones: at least `offset`, plus the sold
 * numbers below it. A fixed point found with a few indexed counts, never a scan of the range.
 */
async function nthAvailable(db: Executor, raffle: RaffleShape, offset: number) {
  let x = offset;
  for (let i = 0; i < 64; i++) {
    const next = offset + (await countLive(db, raffle.id, x + 1));
    if (next === x || next >= raffle.totalNumbers) return Math.min(next, raffle.totalNumbers);
    x = next;
  }
  return x;
}

/** Sold numbers in the window after `from`: how much further a page of available ones reaches. */
async function soldAfter(db: Executor, raffle: RaffleShape, from: number, limit: number) {
  let extra = 0;
  for (let i = 0; i < 64; i++) {
    const sold =
      (await countLive(db, raffle.id, from + limit + extra)) - (await countLive(db, raffle.id, from));
    if (sold === extra) return extra;
    extra = sold;
  }
  return extra;
}

async function countMatching(db: Executor, raffle: RaffleShape, f: TicketFilters) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n ${numbersFrom(raffle, f, 0, raffle.totalNumbers)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Sales read per statement by the CSV export: each a short statement (on PGlite a buyer waits for
 * one at most), and memory stays flat at any raffle size.
 */
const CSV_CHUNK = 2_000;

/** Numbers nobody holds, [from, to): the CSV writes them without a row each (`tickets-csv.ts`). */
export type BlankRange = { blank: true; from: number; to: number; digitCount: number };
/** What the export writes, in number order: a ticket's row, or a run of numbers nobody holds. */
export type ExportSegment<T = NumberRow> = T | BlankRange;
/** Numbers walked per statement by a CSV of a digit search (only candidates are read in each). */
const CSV_WINDOW = 100_000;

/** As PostgreSQL's lpad: padded with zeros, or cut to the width. */
const lpad = (n: number, width: number) => {
  const text = String(n);
  return text.length > width ? text.slice(0, width) : text.padStart(width, '0');
};

/** The status chips' filter (`statusSql`) for one row. */
const statusWanted = (statuses: string[] | undefined) => (status: string) =>
  !statuses?.length ||
  statuses.includes(status) ||
  (statuses.includes('otros') && !(TICKET_STATUSES as readonly string[]).includes(status));

export const staffTicketsRepo = {
  async page(
    db: Executor,
    raffle: RaffleShape,
    filters: TicketFilters & { limit: number; offset: number },
  ): Promise<{ items: NumberRow[]; count: number }> {
    if (salesOnly(filters)) {
      // One pass counts and pages (the search's index scan once, not twice: on PGlite the two
      // statements ran one after the other); a page past the end asks for the count alone.
      const items = await queryRows<Record<string, unknown> & { total: number }>(
        db,
        sql`select ${LIVE_COLUMNS}, count(*) over ()::int as total ${salesFrom(raffle, filters)}
            order by ${exactFirst(filters, sql`t.number`)} limit ${filters.limit} offset ${filters.offset}`,
      );
      const count = await pageTotal(
        db,
        items[0]?.total,
        filters.offset,
        sql`select count(*)::int as n ${salesFrom(raffle, filters)}`,
      );
      return { items: items.map(toNumberRow), count };
    }
    if (!filters.term) {
      const onlyAvailable = filters.statuses?.length === 1 && filters.statuses[0] === 'disponible';
      if (!filters.statuses?.length || onlyAvailable) {
        // No scan of the range: a window of numbers, found by walking the sold ones (indexed).
        const live = await countLive(db, raffle.id, raffle.totalNumbers);
        const count = onlyAvailable ? raffle.totalNumbers - live : raffle.totalNumbers;
        const from = onlyAvailable
          ? await nthAvailable(db, raffle, filters.offset)
          : Math.min(filters.offset, raffle.totalNumbers);
        const to = Math.min(
          from + filters.limit + (onlyAvailable ? await soldAfter(db, raffle, from, filters.limit) : 0),
          raffle.totalNumbers,
        );
        const rows = await queryRows<Record<string, unknown>>(
          db,
          sql`select ${numberColumns(raffle)} ${numbersFrom(raffle, filters, from, to)} order by n limit ${filters.limit}`,
        );
        return { items: rows.map(toNumberRow), count };
      }
    }
    // A digit search, or 'disponible' with other statuses: one pass over the range.
    const rows = await queryRows<Record<string, unknown> & { total: number }>(
      db,
      sql`select ${numberColumns(raffle)}, count(*) over ()::int as total
          ${numbersFrom(raffle, filters, 0, raffle.totalNumbers)} order by ${exactFirst(filters, sql`n`)} limit ${filters.limit} offset ${filters.offset}`,
    );
    const count =
      rows.length > 0
        ? Number(rows[0]?.total)
        : filters.offset > 0
          ? await countMatching(db, raffle, filters)
          : 0;
    return { items: rows.map(toNumberRow), count };
  },

  /** Tickets per status for the chips: the search applies, the status filter does not. */
  async countByStatus(db: Executor, raffle: RaffleShape, filters: TicketFilters) {
    const search = { term: filters.term, exactNumber: filters.exactNumber };
    if (search.term && salesOnly(search)) {
      const rows = await queryRows<{ status: string; n: number }>(
        db,
        sql`select t.status, count(*)::int as n ${salesFrom(raffle, search)} group by t.status`,
      );
      return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
    }
    if (!filters.term) {
      const rows = await queryRows<{ status: string; n: number }>(
        db,
        sql`select t.status, count(*)::int as n ${salesFrom(raffle, {})} group by t.status`,
      );
      const live = rows.reduce((sum, r) => sum + Number(r.n), 0);
      return [...rows, { status: 'disponible', n: raffle.totalNumbers - live }].map((r) => ({
        status: r.status,
        n: Number(r.n),
      }));
    }
    const rows = await queryRows<{ status: string; n: number }>(
      db,
      sql`select coalesce(t.status, 'disponible') as status, count(*)::int as n
          ${numbersFrom(raffle, search, 0, raffle.totalNumbers)} group by 1`,
    );
    return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
  },

  /**
   * Every matching ticket in number order, a chunk at a time (CSV export of any size): each chunk
   * its own short statement, so memory stays flat and, on PGlite, a buyer waits for one chunk at
   * most, never for the export.
   */
  async *scan<T = NumberRow>(
    db: Executor,
    raffle: RaffleShape,
    filters: TicketFilters,
    /**
     * What the export makes of a row (a CSV line, a spreadsheet row), called as soon as the row is
     * read: the row object dies at once. Rows held until a chunk was written lived across
     * scavenges, so V8 moved their allocation to the old generation (pretenuring), where only a
     * full GC frees them: +75-140 MB at 100,000 sold.
     */
    render: (row: NumberRow) => T = (row) => row as T,
    batch = CSV_CHUNK,
  ): AsyncGenerator<ExportSegment<T>[]> {
    if (salesOnly(filters)) {
      let after = -1;
      for (;;) {
        const rows = await queryRows<Record<string, unknown>>(
          db,
          sql`select ${LIVE_COLUMNS} ${salesFrom(raffle, filters, sql`t.number > ${after}::int`)}
              order by t.number limit ${batch}`,
        );
        if (rows.length > 0) yield rows.map((r) => render(toNumberRow(r)));
        if (rows.length < batch) return;
        after = Number(rows[rows.length - 1]?.number ?? after);
      }
    }
    if (filters.term) {
      // A digit search: windows of numbers, each holding only its candidates (indexed or listed).
      for (let from = 0; from < raffle.totalNumbers; from += CSV_WINDOW) {
        const to = Math.min(from + CSV_WINDOW, raffle.totalNumbers);
        const rows = await queryRows<Record<string, unknown>>(
          db,
          sql`select ${numberColumns(raffle)} ${numbersFrom(raffle, filters, from, to)} order by n`,
        );
        if (rows.length > 0) yield rows.map((r) => render(toNumberRow(r)));
      }
      return;
    }
    // Every number (or every available one and some statuses): the live sales by keyset on the
    // (raffle, number) index; the numbers between them go out as blank ranges, never read. One
    // array per chunk, built without a pause: the chunk's rows die young (a scavenge frees them)
    // instead of living across turns of the event loop and filling the old generation.
    const wanted = statusWanted(filters.statuses);
    const available = wanted('disponible');
    const blank = (from: number, to: number): BlankRange => ({
      blank: true,
      from,
      to,
      digitCount: raffle.digitCount,
    });
    let next = 0;
    let after = -1;
    for (;;) {
      const sales = await queryRows<Record<string, unknown>>(
        db,
        sql`select ${LIVE_COLUMNS} from tickets t where t.raffle_id = ${raffle.id} and t.ended_at is null
            and t.number > ${after}::int and t.number < ${raffle.totalNumbers}::int order by t.number limit ${batch}`,
      );
      const segments: ExportSegment<T>[] = [];
      for (const raw of sales) {
        const row = toNumberRow(raw);
        row.ticketNumber = lpad(row.number, raffle.digitCount);
        if (available && row.number > next) segments.push(blank(next, row.number));
        if (wanted(row.status)) segments.push(render(row));
        next = row.number + 1;
        after = row.number;
      }
      const last = sales.length < batch;
      if (last && available && next < raffle.totalNumbers) segments.push(blank(next, raffle.totalNumbers));
      if (segments.length > 0) yield segments;
      if (last) return;
    }
  },

  /**
   * The live sales a bulk release selects (by numbers, by buyer cedula, or by the list's filters),
   * at most `limit` in number order; `lock` takes them FOR UPDATE for the release itself.
   */
  async selectForRelease(
    db: Executor,
    raffle: RaffleShape,
    selection: { numbers?: number[]; cedula?: string; filters?: TicketFilters },
    limit: number,
    lock = false,
  ) {
    const by = selection.numbers
      ? sql`t.number = any(${`{${selection.numbers.join(',')}}`}::int[])`
      : selection.cedula !== undefined
        ? sql`t.buyer_cedula = ${selection.cedula}`
        : sql`true`;
    const rows = await queryRows<{
      id: string;
      number: number;
      status: string;
      total_paid_cents: number;
      buyer: string;
    }>(
      db,
      sql`select t.id, t.number, t.status, t.total_paid_cents, coalesce(t.buyer_cedula, t.id::text) as buyer
          ${salesFrom(raffle, selection.filters ?? {}, by)} order by t.number limit ${limit}
          ${lock ? sql`for update of t` : sql``}`,
    );
    return rows.map((r) => ({
      ...r,
      number: Number(r.number),
      total_paid_cents: Number(r.total_paid_cents),
    }));
  },

  /** Ends these sales in one statement (their numbers go back on sale), answering the ended rows. */
  async endSales(db: Executor, ids: string[]): Promise<TicketRow[]> {
    if (ids.length === 0) return [];
    return db
      .update(tickets)
      .set(endSale)
      .where(and(sql`${tickets.id} = any(${`{${ids.join(',')}}`}::uuid[])`, isLive))
      .returning();
  },

  /** A sale with who sells its raffle (what it owes is its own: `ticket.priceCents`). */
  async findById(db: Executor, id: string, options: { lock?: boolean } = {}) {
    const query = db
      .select({
        ticket: tickets,
        raffle: { sellerId: raffles.sellerId, assignedSellerIds: assignedSellersSql(raffles.id) },
        /** Who the sale's order is credited to (decision 036): what an assigned seller may settle. */
        creditedSellerId: sql<
          string | null
        >`(select o.seller_id::text from orders o where o.id = ${tickets.orderId})`,
      })
      .from(tickets)
      .innerJoin(raffles, eq(raffles.id, tickets.raffleId))
      .where(and(eq(tickets.id, id), eq(raffles.isSandbox, false)));
    const [row] = await (options.lock ? query.for('update', { of: tickets }) : query);
    return row ?? null;
  },

  /**
   * The raffle a staff change applies to, with KEY SHARE: closing (FOR UPDATE) waits for the
   * change to commit, and a change after the close sees the raffle closed.
   */
  async lockRaffle(db: Executor, raffleId: string) {
    const [row] = await db
      .select({ status: raffles.status, priceCents: raffles.priceCents, closingDate: raffles.closingDate })
      .from(raffles)
      .where(eq(raffles.id, raffleId))
      .for('key share');
    return row ?? null;
  },

  /** The live sale of a number, if any. */
  async idByNumber(db: Executor, raffleId: string, number: number): Promise<string | null> {
    const [row] = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.raffleId, raffleId), eq(tickets.number, number), isLive));
    return row?.id ?? null;
  },

  /** A sale staff make for a number nobody holds (sold by hand, or set aside as cancelled). */
  async insertSale(db: Executor, values: typeof tickets.$inferInsert): Promise<TicketRow> {
    const [row] = await db
      .insert(tickets)
      .values({ ...values, version: sql`nextval('ticket_version_seq')` })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
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
    filters: {
      raffleId?: string;
      ticketId?: string;
      /** The raffles the actor manages (lib/permissions.ts). */
      scope: RaffleScope;
      status?: string;
      /** Caracas days, inclusive. */
      from?: string;
      to?: string;
      limit: number;
      offset: number;
    },
  ) {
    // A test-bench sandbox's events are never history.
    const conditions: SQL[] = [eq(raffles.isSandbox, false)];
    if (filters.raffleId) conditions.push(eq(ticketEvents.raffleId, filters.raffleId));
    if (filters.ticketId) conditions.push(eq(ticketEvents.ticketId, filters.ticketId));
    conditions.push(managedRaffleSql(filters.scope, raffles));
    if (filters.status) conditions.push(eq(ticketEvents.toStatus, filters.status));
    if (filters.from)
      conditions.push(
        sql`${ticketEvents.createdAt} >= (${filters.from}::date)::timestamp at time zone ${TIME_ZONE}`,
      );
    if (filters.to)
      conditions.push(
        sql`${ticketEvents.createdAt} < (${filters.to}::date + 1)::timestamp at time zone ${TIME_ZONE}`,
      );
    const where = and(...conditions);
    const [items, [total]] = await Promise.all([
      db
        .select({ event: ticketEvents, raffleName: raffles.name, digitCount: raffles.digitCount })
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
    return { items, count: Number(total?.n ?? 0) };
  },
};
