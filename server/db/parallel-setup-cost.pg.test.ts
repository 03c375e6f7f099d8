import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client';

// Starting a query's parallel workers counts 10,000 on the app's connections unless asked otherwise (decision 069).
describe("PostgreSQL parallel_setup_cost on the app's connections", () => {
  const url = process.env.TEST_DATABASE_URL as string;

  async function settingOnEveryConnection(pgParallelSetupCost?: number) {
    const database = await openDatabase({ databaseUrl: url, migrate: false, pgParallelSetupCost });
    try {
      // Ten at once: each holds its connection long enough for the pool to open others.
      const rows = await Promise.all(
        Array.from({ length: 10 }, () =>
          queryRows<{ cost: string; pid: number }>(
            database.db,
            sql`select current_setting('parallel_setup_cost') as cost, pg_backend_pid() as pid from pg_sleep(0.05)`,
          ),
        ),
      );
      return {
        costs: [...new Set(rows.map(([row]) => row?.cost))],
        connections: new Set(rows.map(([row]) => row?.pid)).size,
      };
    } finally {
      await database.close();
    }
  }

  it('is 10,000 on every connection of the pool by default (the server says 1,000)', async () => {
    const { costs, connections } = await settingOnEveryConnection();
    expect(connections).toBeGreaterThan(1);
    expect(costs).toEqual(['10000']);
  });

  it('is what the option asks for', async () => {
    expect((await settingOnEveryConnection(1500)).costs).toEqual(['1500']);
  });
});
