import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import { testBenchMessages } from '../../../domain/test-bench';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DRILL_CONCURRENCY } from './test-bench.drill';
import { DRILL_REFUSED_ABOVE_PER_MINUTE } from './test-bench.service';

// Issue 21, item 12: the drill never crowds out real buyers. An app of its own: it makes a real
// raffle with sales, which the test bench's other tests must not see.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

describe('the drill and real buyers', () => {
  it('waits while a real raffle is in a rush (409), and runs its buyers a few at a time', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 1000, digit_count: 3 });
    // More real sales in the last minute than the drill lets pass.
    for (let i = 0; i <= DRILL_REFUSED_ABOVE_PER_MINUTE; i += 50) {
      const numbers = Array.from({ length: 50 }, (_, k) => i + k);
      const res = await t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
        body: { numbers, buyer: buyer({ cedula: `V-${20_000_000 + i}` }) },
      });
      expect(res.status).toBe(201);
    }
    const refused = await t.api<ApiError>('POST', '/api/test-bench/drill', {
      token: admin,
      body: { buyers: 20 },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('DRILL_RUSH');
    expect(refused.body.error.message).toBe(testBenchMessages.drillRush);
    // The rush over (as a minute later), the drill runs, never more than DRILL_CONCURRENCY at once.
    await t.db.execute(
      sql`update ticket_events set created_at = now() - interval '2 minutes' where raffle_id = ${raffle.id}`,
    );
    const tickets = t.app.services.tickets as NonNullable<typeof t.app.services.tickets>;
    const reserve = tickets.reserve;
    let inFlight = 0;
    let most = 0;
    tickets.reserve = async (...args: Parameters<typeof reserve>) => {
      most = Math.max(most, ++inFlight);
      try {
        return await reserve(...args);
      } finally {
        inFlight--;
      }
    };
    try {
      const ran = await t.api('POST', '/api/test-bench/drill', { token: admin, body: { buyers: 40 } });
      expect(ran.status).toBe(200);
    } finally {
      tickets.reserve = reserve;
    }
    expect(most).toBe(DRILL_CONCURRENCY);
  });
});
