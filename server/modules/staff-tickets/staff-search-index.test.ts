// Issue 20, target 4: the staff search is answered from the trigram index (migration 0014), not by
// reading every sale of the raffle. The plan of the search's own condition names the index.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { saleMatches } from '../../db/ticket-search';
import { makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let raffleId: string;

beforeAll(async () => {
  t = await createTestApp();
  raffleId = (await makeRaffle(t, { total_numbers: 100_000, digit_count: 5 })).id;
  // 20,000 sales of 4,000 buyers, enough for the planner to prefer an index to a scan.
  await t.db.execute(sql`insert into tickets (raffle_id, number, ticket_number, status, buyer_name, buyer_phone,
      buyer_cedula, purchased_at, price_cents, remaining_cents)
    select ${raffleId}::uuid, n, lpad(n::text, 5, '0'), 'apartado', 'comprador ' || (n / 5), '0414-' || (1000000 + n / 5),
      'V-' || (10000000 + n / 5), now(), 500, 500
    from generate_series(0, 19999) as n`);
  await t.db.execute(sql`analyze tickets`);
}, 120_000);
afterAll(() => t?.close());

async function plan(term: string, exactNumber: number | null) {
  const rows = await queryRows<Record<string, string>>(
    t.db,
    sql`explain select t.number from tickets t where t.raffle_id = ${raffleId} and t.ended_at is null
      and ${saleMatches('t', term, exactNumber)} order by t.number limit 50`,
  );
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('the staff search uses the trigram index (issue 20)', () => {
  it.each([
    ['a cedula', 'V-10001234', null],
    ['cedula digits', '10001234', null],
    ['a name', 'comprador 1234', null],
    ['phone digits', '1001234', null],
    ['a number', '01234', 1234],
    // Issue 23: a three-digit number searches ticket numbers only, still narrowed by the index.
    ['a three-digit number', '123', 123],
  ])('%s', async (_, term, exact) => {
    expect(await plan(term, exact)).toContain('tickets_search_trgm_idx');
  });

  it('finds what it should through the index', async () => {
    const rows = await queryRows<{ number: number }>(
      t.db,
      sql`select t.number from tickets t where t.raffle_id = ${raffleId} and t.ended_at is null
        and ${saleMatches('t', 'V-10001234', null)} order by t.number`,
    );
    expect(rows.map((r) => Number(r.number))).toEqual([6170, 6171, 6172, 6173, 6174]);
  });
});

describe('the trigram index merges its pending list in small steps (decision 049)', () => {
  it('keeps at most 256 kB of new entries, so no reservation merges 4 MB of them', async () => {
    const [index] = await queryRows<{ options: string[] | string | null }>(
      t.db,
      sql`select reloptions as options from pg_class where relname = 'tickets_search_trgm_idx'`,
    );
    expect(String(index?.options)).toContain('gin_pending_list_limit=256');
  });
});
