// PostgreSQL only (vitest.config.ts runs *.pg.test.ts when TEST_DATABASE_URL is set): two app
// instances on one database, each running its close sweep at the same moment.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawResult } from '../../../domain/draw';
import { queryRows } from '../../db/client';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ attachToDatabaseUrl: a.databaseUrl });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('raffles close themselves at their closing date', () => {
  it('two instances sweeping at once close each due raffle once, with the list as it was at the date', async () => {
    const closing = new Date(Date.now() + 3_600_000).toISOString();
    const due = await Promise.all(
      Array.from({ length: 6 }, () =>
        makeRaffle(a, { total_numbers: 10, digit_count: 1, closing_date: closing }),
      ),
    );
    for (const raffle of due) {
      const res = await a.api('POST', `/api/raffles/${raffle.id}/reservations`, {
        body: { numbers: [1, 2], buyer: buyer() },
      });
      expect(res.status).toBe(201);
    }
    await a.db.execute(
      sql`update raffles set closing_date = now() - interval '1 second' where id in (${sql.join(
        due.map((r) => sql`${r.id}`),
        sql`, `,
      )})`,
    );
    const [fromA, fromB] = await Promise.all([
      a.app.services.draws.closeDue(),
      b.app.services.draws.closeDue(),
    ]);
    const closed = [...fromA, ...fromB];
    for (const raffle of due) {
      expect(
        closed.filter((id) => id === raffle.id),
        raffle.id,
      ).toHaveLength(1);
      const draw = await b.api<DrawResult>('GET', `/api/raffles/${raffle.id}/draw`);
      expect(draw.body).toMatchObject({ commitment_version: 2, line_count: 2 });
    }
    // The audit chain holds one system close per raffle, whichever instance made it.
    await Promise.all([a.app.services.audit.settled(), b.app.services.audit.settled()]);
    const rows = await queryRows<{ count: number }>(
      a.db,
      sql`select count(*)::int as count from audit_log where action = 'raffle.auto_close' and raffle_id in (${sql.join(
        due.map((r) => sql`${r.id}::uuid`),
        sql`, `,
      )})`,
    );
    const count = rows[0]?.count;
    expect(count).toBe(6);
  });
});
