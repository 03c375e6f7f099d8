import { type SQL, sql } from 'drizzle-orm';

/**
 * `salesClosed` (domain/raffle-lifecycle.ts) in SQL, for a query that needs it per row: raffle
 * `raffle` (an alias of our own queries, never user input) is closed, drawn, or past its closing
 * date at the statement's `now()`. The sold_list_frozen trigger (migration 0012) and reserve_sales
 * (migration 0030) say the same inline; `sales-closed.test.ts` checks this against the function.
 */
export function salesClosedSql(raffle: string): SQL {
  if (!/^[a-z_]+$/.test(raffle)) throw new Error(`not a table alias: ${raffle}`);
  const r = sql.raw(raffle);
  return sql`(${r}.status in ('cerrada', 'finalizada') or coalesce(${r}.closing_date <= now(), false))`;
}
