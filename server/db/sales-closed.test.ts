import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesClosed } from '../../domain/raffle-lifecycle';
import { RAFFLE_STATUSES } from '../../domain/raffles';
import { createTestApp, type TestApp } from '../test/test-app';
import { queryRows } from './client';
import { salesClosedSql } from './sales-closed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

// "Sales closed" is one rule (domain salesClosed); the queries that need it per row say it in SQL.
// Both must answer the same for every status and for a closing date just before, at and after now.
describe('salesClosedSql says what salesClosed says', () => {
  it('for each status, with no closing date and one just before, at and just after the database’s now', async () => {
    const rows = await queryRows<{ status: string; closing_date: unknown; now: unknown; closed: boolean }>(
      t.db,
      sql`select r.status, r.closing_date, now() as now, ${salesClosedSql('r')} as closed
          from unnest(${`{${RAFFLE_STATUSES.join(',')}}`}::text[]) as s(status)
          cross join (values (null::interval), (interval '-1 millisecond'), (interval '0'), (interval '1 millisecond'))
            as d(offset_from_now)
          cross join lateral (select s.status, now() + d.offset_from_now as closing_date) as r`,
    );
    expect(rows).toHaveLength(RAFFLE_STATUSES.length * 4);
    const asDate = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
    for (const row of rows) {
      const now = asDate(row.now) as Date;
      const closingDate = asDate(row.closing_date);
      // Millisecond offsets survive both drivers' Date (microseconds would not).
      expect(row.closed, `${row.status} ${closingDate?.toISOString()} at ${now.toISOString()}`).toBe(
        salesClosed({ status: row.status, closingDate }, now),
      );
    }
    // Both ways are exercised: open and closed answers among the rows.
    expect(new Set(rows.map((r) => r.closed))).toEqual(new Set([true, false]));
  });
});
