import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/**
 * The published lists' reads (decisions 029, 042, 043): a close's or a pre-sorteo's sales in
 * pages of numbers, hashed by the database where it keeps each sale's hashes (migration 0026).
 */

/**
 * Which sales a published list holds: at close, every live sale that is not cancelled; at a
 * pre-sorteo (`{ preDraw: position }`), the sales its seal recorded (`recordPreDrawList`).
 */
export type PublishedListKind = 'sold' | { preDraw: number };
const SOLD = sql`ended_at is null and status not in ('disponible', 'cancelado')`;

/**
 * No move into `pagado` recorded after `at` (its history, written in the same transaction as every
 * status change): a pre-sorteo's list is the numbers fully paid at its date however late the job
 * seals it. Sealed by a job up to 20 s later, or later still after a restart, it took a number
 * staff marked `pagado` meanwhile: with the lottery's result out before a late seal, a vendedor
 * could mark the winning number paid and put it in the list. A status kept (`pagado` to `pagado`: a
 * contact detail edited) is no move.
 */
const notPaidSince = (at: Date) =>
  sql`not exists (select 1 from ticket_events paid_event
    where paid_event.ticket_id = tickets.id and paid_event.to_status = 'pagado'
      and paid_event.from_status is distinct from 'pagado' and paid_event.created_at > ${at.toISOString()}::timestamptz)`;

/** Which page of a list: the numbers in [from, to). */
type ListPageRange = { from: number; to: number };

/**
 * The sales of a list whose numbers are in [from, to), in number order, as `listed`: a range and
 * not a keyset (numbers after the last one read, at most so many), so pages need not wait for each
 * other and a list ends where the raffle's numbers end, without an empty page to say so.
 */
const listedRange = (
  raffleId: string,
  list: PublishedListKind,
  range: { from: number | SQL; to: number | SQL },
) =>
  list === 'sold'
    ? sql`(select number, ticket_number, verification_code, buyer_cedula, list_line_hash, list_leaf_hash,
                  status, total_paid_cents, remaining_cents
           from tickets where raffle_id = ${raffleId} and ${SOLD}
             and number >= ${range.from} and number < ${range.to}
           order by number) as listed`
    : // The recorded rows in number order (their index), each sale read by its id.
      sql`(select tickets.number, ticket_number, verification_code, buyer_cedula, list_line_hash, list_leaf_hash,
                  status, total_paid_cents, remaining_cents
           from pre_draw_list_sales recorded join tickets on tickets.id = recorded.sale_id
           where recorded.raffle_id = ${raffleId} and recorded.position = ${list.preDraw}
             and recorded.number >= ${range.from} and recorded.number < ${range.to}
           order by recorded.number) as listed`;

/** Numbers per row of a hashed page (see `hashedListPage`). */
const NUMBERS_PER_PART = 1_000;

/**
 * A close's figures counted in the pass that reads its leaves (decision 078): the sales of a list
 * per status the product names, with their money. `paid` and `remaining` are sums of cents.
 */
const PAGE_FIGURES = sql`, count(*) filter (where status = 'apartado')::int as apartado,
  count(*) filter (where status = 'abonado')::int as abonado,
  count(*) filter (where status = 'pagado')::int as pagado,
  coalesce(sum(total_paid_cents), 0)::text as paid,
  coalesce(sum(remaining_cents), 0)::text as remaining`;

/** A sale's line in the published list (domain/verification.ts saleLine) from its kept hash. */
const SALE_LINE = sql`ticket_number || ':' || encode(list_line_hash, 'hex')`;

export const publishedListRepo = {
  /**
   * A pre-sorteo's list, recorded at its seal (migration 0039): the live sales fully paid at its
   * date `paidBy`, their ids written for the list's pages (`{ preDraw: position }`) and for the
   * database's guard (`pre_draw_keeps`) to read. Their rows stay locked (FOR SHARE) until the seal
   * commits, so no sale leaves the list between this statement and the pages that hash it.
   */
  async recordPreDrawList(db: Executor, raffleId: string, position: number, paidBy: Date) {
    await db.execute(
      // Locked in id order, as every change that locks several sales takes them (an order's sales):
      // taken in number order, a seal and a payment approval could each wait on the other. Written
      // in number order, the index's own.
      sql`insert into pre_draw_list_sales (raffle_id, number, position, sale_id)
          select raffle_id, number, ${position}, id
          from (select id, raffle_id, number from tickets
                where raffle_id = ${raffleId} and ended_at is null and status = 'pagado' and remaining_cents = 0
                  and ${notPaidSince(paidBy)}
                order by id
                for share) as locked
          order by number`,
    );
  },

  /**
   * One page of a published list's sales (numbers in [from, to), in number order), the lines and
   * leaves as the database keeps them (migration 0026): the leaves as raw bytes, 32 a sale, and with
   * `lines` the lines as one text, so reading 100,000 sales is a few short queries and no row
   * objects. `unhashed` counts the sales whose hashes the database left to the server. Without
   * `lines` only the leaves travel (a close has the database store its text: `storeSoldListText`).
   *
   * The page comes in parts of NUMBERS_PER_PART numbers, one row each: a part's hex (at most 64 KB)
   * is a small string that dies young, where one string for the whole page (1.3 MB) went to V8's
   * large-object space, and each close's few pages drove two full collections of the server's heap
   * (decision 051). Each part is its own range scan in the index's order, aggregated as its rows
   * come (as the text's pass is): no window, no sort, half the time of numbering the rows into
   * parts and grouping them (12 against 22-25 ms a page of 20,000, decision 073).
   */
  async hashedListPage(
    db: Executor,
    raffleId: string,
    list: PublishedListKind,
    page: ListPageRange & { lines: boolean; figures?: boolean },
  ) {
    const parts = await queryRows<
      {
        count: number;
        unhashed: number;
        lines: string | null;
        leaves: string | null;
      } & Partial<Record<'apartado' | 'abonado' | 'pagado', number> & Record<'paid' | 'remaining', string>>
    >(
      db,
      sql`select part.*
          from generate_series(${page.from}::int, ${page.to - 1}::int, ${NUMBERS_PER_PART}) as start(number)
          cross join lateral (
            select count(*)::int as count,
                   count(*) filter (where list_leaf_hash is null)::int as unhashed,
                   ${page.lines ? sql`string_agg(${SALE_LINE}, E'\n')` : sql`null`} as lines,
                   encode(string_agg(list_leaf_hash, ''::bytea), 'hex') as leaves
                   ${page.figures ? PAGE_FIGURES : sql``}
            from ${listedRange(raffleId, list, {
              from: sql`start.number`,
              to: sql`least(start.number + ${NUMBERS_PER_PART}, ${page.to}::int)`,
            })}) as part
          where part.count > 0
          order by start.number`,
    );
    const count = parts.reduce((sum, part) => sum + Number(part.count), 0);
    const leaves = Buffer.allocUnsafe(count * 32);
    let filled = 0;
    for (const part of parts) filled += leaves.write(part.leaves ?? '', filled, 'hex');
    const sum = (field: 'apartado' | 'abonado' | 'pagado' | 'paid' | 'remaining') =>
      parts.reduce((total, part) => total + Number(part[field] ?? 0), 0);
    return {
      count,
      unhashed: parts.reduce((total, part) => total + Number(part.unhashed), 0),
      lines: page.lines ? parts.map((part) => part.lines ?? '').join('\n') : null,
      figures: page.figures
        ? {
            apartado: sum('apartado'),
            abonado: sum('abonado'),
            pagado: sum('pagado'),
            paid: sum('paid'),
            remaining: sum('remaining'),
          }
        : null,
      // Short only when a sale has no leaf hash (`unhashed`), and then the caller reads the sales.
      leaves: leaves.subarray(0, filled),
    };
  },

  /**
   * A published list's text, built by the database from the line hashes it keeps and stored in the
   * raffle's row in the same statement: the 7 MB of a 100,000-number list never travel. It is
   * stored after the close's answer (decision 078), only where the raffle's list is committed
   * (its root and line count) and its text is still missing, and only when every sale has its line
   * hash and the lines are as many as committed. Answers what the pass found: `stored` false with
   * `hashed` false means the server must build the text; with a line count other than the
   * committed one, the list changed (the database refuses that once a raffle closes).
   */
  async storeSoldListText(
    db: Executor,
    raffleId: string,
  ): Promise<{ stored: boolean; hashed: boolean; lineCount: number }> {
    const [row] = await queryRows<{ stored: boolean; hashed: boolean; line_count: number }>(
      db,
      // One pass in the index's order, no sort: string_agg takes the ordered subquery's rows as they
      // come (an ORDER BY inside string_agg would sort 7 MB of lines, on disk past work_mem). Each line
      // brings its own newline, so the text is not copied again to end it. A sale without its hash
      // is a NULL line, which count(line) leaves out. The text is never returned.
      sql`with list as (
            select string_agg(line || E'\n', '') as text, count(*)::int as line_count,
                   count(line) = count(*) as hashed
            from (select ${SALE_LINE} as line from tickets
                  where raffle_id = ${raffleId} and ${SOLD} order by number) as lines
          ), stored as (
            update raffles set draw_sold_list = coalesce(list.text, '')
            from list
            where raffles.id = ${raffleId} and raffles.draw_commitment is not null
              and raffles.draw_sold_list is null and list.hashed and list.line_count = raffles.line_count
            returning raffles.id
          )
          select exists (select 1 from stored) as stored, list.hashed, list.line_count from list`,
    );
    return {
      stored: row?.stored ?? false,
      hashed: row?.hashed ?? true,
      lineCount: Number(row?.line_count ?? 0),
    };
  },

  /**
   * The same page with each sale's fields, for the server to hash itself (a page with a sale the
   * database did not hash): one JSON value built by the database (one parse, no row objects).
   */
  async listSalesPage(db: Executor, raffleId: string, list: PublishedListKind, page: ListPageRange) {
    const [row] = await queryRows<{ page: [number, string, string, string | null][] | null }>(
      db,
      sql`select json_agg(json_build_array(number, ticket_number, verification_code, buyer_cedula)
            order by number) as page
          from ${listedRange(raffleId, list, page)}`,
    );
    return (row?.page ?? []).map(([number, ticketNumber, verificationCode, buyerCedula]) => ({
      number,
      ticketNumber,
      verificationCode,
      buyerCedula,
    }));
  },
};
