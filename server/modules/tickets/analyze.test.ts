import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { makeRaffle, reserveNumbers } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const setting = async () =>
  (
    await queryRows<{ target: string }>(
      t.db,
      sql`select current_setting('default_statistics_target') as target`,
    )
  )[0]?.target;

describe('the analyze job statement (PGlite holds its one connection while it runs)', () => {
  it('counts the sales and keeps statistics from a small sample, leaving the session setting alone', async () => {
    const admin = await t.signInAdmin();
    const raffle = await makeRaffle(t, { total_numbers: 1000, digit_count: 3 }, admin);
    await reserveNumbers(
      t,
      raffle.id,
      Array.from({ length: 60 }, (_, i) => i * 7),
    );
    const before = await setting();

    const rows = await t.app.services.tickets.analyze();

    expect(rows).toBeGreaterThanOrEqual(60);
    expect(await setting()).toBe(before);
    // A statistics target of 10: at most 11 histogram bounds for the 60 distinct numbers (the
    // default, 100, would keep all 60).
    const [stats] = await queryRows<{ bounds: number | null }>(
      t.db,
      sql`select cardinality(histogram_bounds::text::int[]) as bounds from pg_stats
          where tablename = 'tickets' and attname = 'number'`,
    );
    expect(stats?.bounds).toBeGreaterThan(1);
    expect(stats?.bounds).toBeLessThanOrEqual(11);
  });
});
