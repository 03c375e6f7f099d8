// PostgreSQL only (vitest.config.ts runs *.pg.test.ts when TEST_DATABASE_URL is set): PGlite has
// a single session, so "another instance holds the lock" cannot exist there.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeed } from '../../test/rates-feed.fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createRatesService } from './rates.service';

let feed: Awaited<ReturnType<typeof startFeed>>;
let t: TestApp;
beforeAll(async () => {
  feed = await startFeed();
  t = await createTestApp({ config: { ratesUrl: feed.url } });
});
afterAll(async () => {
  await t?.close();
  feed?.close();
});

describe('rates refresh job across instances', () => {
  it('skips while another instance holds the lock', async () => {
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const other = await pool.connect();
    try {
      await other.query('select pg_advisory_lock(727003)');
      const rates = createRatesService({ db: t.db, ratesUrl: feed.url });
      expect(await rates.refreshIfDue(0)).toBe('busy');
      await other.query('select pg_advisory_unlock(727003)');
      expect(await rates.refreshIfDue(0)).toBe('refreshed');
    } finally {
      other.release();
    }
  });
});
