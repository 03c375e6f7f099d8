// PostgreSQL only (vitest.config.ts runs *.pg.test.ts when TEST_DATABASE_URL is set): PGlite has
// a single session, so "another instance holds the lock" cannot exist there.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { DrillResponse } from '../../../domain/test-bench';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  other = await createTestApp({ attachToDatabaseUrl: t.databaseUrl });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('concurrency drill across instances', () => {
  it('answers 409 while another instance holds the drill lock, and runs once it is free', async () => {
    const admin = await t.signInAdmin();
    const pool = (other.db as unknown as { $client: pg.Pool }).$client;
    const connection = await pool.connect();
    try {
      await connection.query('select pg_advisory_lock(727004)');
      const busy = await t.api<ApiError>('POST', '/api/test-bench/drill', {
        token: admin,
        body: { buyers: 10 },
      });
      expect(busy.status).toBe(409);
      expect(busy.body.error.code).toBe('DRILL_RUNNING');
      await connection.query('select pg_advisory_unlock(727004)');
    } finally {
      connection.release();
    }
    const free = await t.api<DrillResponse>('POST', '/api/test-bench/drill', {
      token: admin,
      body: { buyers: 10 },
    });
    expect(free.status).toBe(200);
    expect(free.body.double_sales).toBe(0);
  });
});
