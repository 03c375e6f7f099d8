// What the staff list reads, as SQL: the filters and search (`TicketFilters`), the columns of a
// live sale or of any number, and their row. The list's page (staff-tickets.repo.ts) and the export's
// scan (staff-tickets-export.repo.ts) both build on these.
import { type SQL, sql } from 'drizzle-orm';
import { isTicketNumberTerm, TICKET_STATUSES } from '../../../domain/tickets';
import type { TicketRow } from '../../db/rows';
import { likeTerm, saleMatches } from '../../db/ticket-search';
import { fromRaw } from '../tickets/sale-rows';
import { numbersContaining } from './number-match';

export type TicketFilters = { statuses?: string[]; term?: string; exactNumber?: number | null };
export type RaffleShape = { id: string; totalNumbers: number; digitCount: number };

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
export const salesOnly = (f: TicketFilters) =>
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
export const exactFirst = (f: TicketFilters, number: SQL) =>
  f.exactNumber != null ? sql`(${number} = ${f.exactNumber}::int) desc, ${number}` : number;

/** Status chips: the five statuses, and 'otros' for anything else. */
export function statusSql(statuses: string[] | undefined, status: SQL): SQL {
  if (!statuses?.length) return sql`true`;
  const known = statuses.filter((s) => s !== 'otros');
  const parts: SQL[] = [];
  if (known.length > 0) parts.push(sql`${status} = any(${`{${known.join(',')}}`}::text[])`);
  if (statuses.includes('otros'))
    parts.push(sql`${status} <> all(${`{${TICKET_STATUSES.join(',')}}`}::text[])`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * A sale's order code, and what it has paid in Bs: of a payment the buyer reported in Bs, what they
 * typed (their bank's figure; its share, when the payment paid several numbers), else its dollars at
 * its own rate, each rounded as every screen rounds it. Null when a payment has neither: a partial
 * sum would read as the whole.
 */
const LEDGER_COLUMNS = sql`t.order_id, (select o.code from orders o where o.id = t.order_id) as order_code,
  (select p.full_name from orders o join profiles p on p.id = o.seller_id where o.id = t.order_id) as seller_name,
  (select case when bool_and(p.amount_ves_cents is not null or p.rate_to_usd is not null) then
            sum(case when p.amount_ves_cents is not null
                     then round(p.amount_ves_cents::numeric * pp.amount_cents / p.amount_cents)
                     else round(pp.amount_cents * p.rate_to_usd) end) end
     from payment_parts pp join payments p on p.id = pp.payment_id
    where pp.ticket_id = t.id and p.status = 'approved') as paid_ves_cents`;

export const LIVE_COLUMNS = sql`t.id, t.raffle_id, t.number, t.ticket_number, t.status, t.buyer_name, t.buyer_phone,
  t.buyer_address, t.buyer_cedula, t.buyer_email, t.payment_method, t.payment_proof, t.purchased_at,
  t.total_paid_cents, t.remaining_cents, t.price_cents, t.reserved_until, t.version, t.ended_at, t.updated_at,
  t.verification_code, t.status_by_hand, ${LEDGER_COLUMNS}`;

/** Live sales matching the filters (when 'disponible' is not asked for, numbers need no series). */
export function salesFrom(raffle: RaffleShape, f: TicketFilters, extra: SQL = sql`true`) {
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
export function numbersFrom(raffle: RaffleShape, f: TicketFilters, from: number, to: number) {
  const ticketNumber = sql`lpad(n::text, ${raffle.digitCount}::int, '0')`;
  const numbers = f.term
    ? sql`${candidates(raffle, { ...f, term: f.term }, from, to)} as c(n)`
    : sql`generate_series(${from}::int, ${to}::int - 1) as n`;
  return sql`from ${numbers}
    left join tickets t on t.raffle_id = ${raffle.id} and t.number = n and t.ended_at is null
    where ${statusSql(f.statuses, sql`coalesce(t.status, 'disponible')`)} and ${searchSql(f, ticketNumber, sql`n`)}`;
}

export const numberColumns = (raffle: RaffleShape) => sql`t.id, ${raffle.id}::uuid as raffle_id, n as number,
  lpad(n::text, ${raffle.digitCount}::int, '0') as ticket_number, coalesce(t.status, 'disponible') as status,
  t.buyer_name, t.buyer_phone, t.buyer_address, t.buyer_cedula, t.buyer_email, t.payment_method, t.payment_proof,
  t.purchased_at, coalesce(t.total_paid_cents, 0) as total_paid_cents, coalesce(t.remaining_cents, 0) as remaining_cents,
  coalesce(t.price_cents, 0) as price_cents, t.reserved_until, coalesce(t.version, 0) as version, t.ended_at, coalesce(t.updated_at, now()) as updated_at,
  t.verification_code, coalesce(t.status_by_hand, false) as status_by_hand, ${LEDGER_COLUMNS}`;

/**
 * No object spread here: `{ ...fromRaw(r), … }` made objects that V8 kept in the old generation
 * (only a full GC freed them): a CSV of 100,000 sales left ~90 MB of them behind.
 */
export const toNumberRow = (r: Record<string, unknown>): NumberRow => {
  const row: NumberRow = fromRaw(r);
  row.id = r.id == null ? null : String(r.id);
  row.orderCode = r.order_code == null ? null : String(r.order_code);
  row.sellerName = r.seller_name == null ? null : String(r.seller_name);
  row.paidVesCents = r.paid_ves_cents == null ? null : Number(r.paid_ves_cents);
  return row;
};
