// PostgreSQL only (run in the PostgreSQL pass): two sessions change one buyer's sales at once.
// PGlite is one connection by design. Migration 0027, decision 045.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let raffleId: string;
beforeAll(async () => {
  t = await createTestApp();
  raffleId = (await makeRaffle(t, { total_numbers: 1000, digit_count: 3 })).id;
}, 60_000);
afterAll(() => t?.close());

type Row = { cedula: string; buyer_name: string | null };
const buyersOf = (cedula: string) =>
  queryRows<Row>(
    t.db,
    sql`select cedula, buyer_name from raffle_buyers where raffle_id = ${raffleId} and cedula = ${cedula}`,
  );

describe.runIf(process.env.TEST_DATABASE_URL)(
  'raffle_buyers under concurrent transactions (PostgreSQL)',
  () => {
    it('a buyer reserving while their last sale ends keeps their row; neither transaction undoes the other', async () => {
      const cedula = 'V-19999999';
      await t.db.execute(sql`insert into tickets (raffle_id, number, ticket_number, status, buyer_name, buyer_cedula, purchased_at)
      values (${raffleId}, 990, '990', 'apartado', 'Old Name', ${cedula}, '2026-11-01T00:00:00Z')`);
      const [reserving, ending] = [new pg.Client(t.databaseUrl), new pg.Client(t.databaseUrl)];
      await Promise.all([reserving.connect(), ending.connect()]);
      try {
        // Each order of the two: the reservation's row lock first, and the end's first.
        for (const first of ['reserve', 'end'] as const) {
          await reserving.query('begin');
          await ending.query('begin');
          const reserve = () =>
            reserving.query(
              `insert into tickets (raffle_id, number, ticket_number, status, buyer_name, buyer_cedula, purchased_at)
             values ($1, $2, $3, 'apartado', 'New Name', $4, now())`,
              [raffleId, first === 'reserve' ? 991 : 992, first === 'reserve' ? '991' : '992', cedula],
            );
          const end = () =>
            ending.query(
              `update tickets set status = 'disponible', ended_at = now()
             where raffle_id = $1 and buyer_cedula = $2 and ended_at is null`,
              [raffleId, cedula],
            );
          if (first === 'reserve') {
            await reserve();
            const waiting = end(); // waits on the buyer's row, then reads the sales afresh
            await new Promise((resolve) => setTimeout(resolve, 100));
            await reserving.query('commit');
            await waiting;
            await ending.query('commit');
            // The end ended the old sale only (the new one was not committed when it looked), and read
            // the buyer's sales after the reservation committed: the row is kept, with the new sale's name.
            expect(await buyersOf(cedula)).toEqual([{ cedula, buyer_name: 'New Name' }]);
          } else {
            await t.db.execute(sql`insert into tickets (raffle_id, number, ticket_number, status, buyer_name, buyer_cedula, purchased_at)
            values (${raffleId}, 993, '993', 'apartado', 'Old Name', ${cedula}, '2026-11-01T00:00:00Z')`);
            await end();
            const waiting = reserve(); // waits on the row the end locked, then applies its own sale
            await new Promise((resolve) => setTimeout(resolve, 100));
            await ending.query('commit');
            await waiting;
            await reserving.query('commit');
            expect(await buyersOf(cedula)).toEqual([{ cedula, buyer_name: 'New Name' }]);
          }
        }
      } finally {
        await Promise.all([reserving.end(), ending.end()]);
      }
    });
  },
);
