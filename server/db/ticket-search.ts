// The staff search's SQL, shared by the staff list (staff-tickets) and the buyers screen (buyers).
import { type SQL, sql } from 'drizzle-orm';
import { isTicketNumberTerm } from '../../domain/tickets';

/** ILIKE treats % and _ as wildcards; a search term is data, so they are escaped. */
export const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What the trigram index `tickets_search_trgm_idx` holds (migration 0014), for the alias `t`: the
 * buyer's name, phone and cedula and the ticket number in one text. Any of them containing a term
 * makes it contain the term, so `searchText ilike '%term%'` (indexed) narrows first, and the
 * fields' own tests below decide; the expression must stay the index's, character for character.
 */
export const searchText = (t: string) =>
  sql.raw(
    `(coalesce(${t}.buyer_name, '') || ' ' || coalesce(${t}.buyer_phone, '') || ' ' || coalesce(${t}.buyer_cedula, '') || ' ' || ${t}.ticket_number)`,
  );

/**
 * A sale (alias `t`) matches the staff search (SPEC 5): partial name, phone, cedula or ticket
 * number, or the exact number. The exact number's ticket number holds its digits, so that arm is
 * narrowed by the index as well. A bare number of one to three digits matches ticket numbers only
 * (issue 23, decision 038): "7" found every buyer whose phone holds a 7. The list is ordered by
 * number, so the exact number comes first (the smallest number holding a term's digits is it).
 */
export function saleMatches(t: string, term: string, exactNumber: number | null): SQL {
  const like = likeTerm(term);
  const c = (column: string) => sql.raw(`${t}.${column}`);
  const fields = isTicketNumberTerm(term)
    ? sql`${c('ticket_number')} ilike ${like}`
    : sql`(${c('buyer_name')} ilike ${like} or ${c('buyer_phone')} ilike ${like}
    or ${c('buyer_cedula')} ilike ${like} or ${c('ticket_number')} ilike ${like})`;
  const exact =
    exactNumber === null
      ? sql``
      : sql`or (${searchText(t)} ilike ${likeTerm(String(exactNumber))} and ${c('number')} = ${exactNumber}::int)`;
  return sql`((${searchText(t)} ilike ${like} and ${fields}) ${exact})`;
}
