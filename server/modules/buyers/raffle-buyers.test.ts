import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Migration 0027 (decision 045): `raffle_buyers` holds one row per raffle and cédula with a live sale,
 * with the name of that buyer's latest live sale, kept by triggers on `tickets`. Whatever statements
 * change the sales, it must be exactly what a fresh look at the sales gives.
 */

let t: TestApp;
let raffleId: string;
let otherRaffleId: string;
beforeAll(async () => {
  t = await createTestApp();
  raffleId = (await makeRaffle(t, { total_numbers: 1_000_000, digit_count: 6 })).id;
  otherRaffleId = (await makeRaffle(t, { total_numbers: 1_000_000, digit_count: 6 })).id;
}, 60_000);
afterAll(() => t?.close());

type Row = { raffle_id: string; cedula: string; buyer_name: string | null };

const kept = () =>
  queryRows<Row>(
    t.db,
    sql`select raffle_id, cedula, buyer_name from raffle_buyers
      where raffle_id in (${raffleId}, ${otherRaffleId}) order by raffle_id, cedula`,
  );

/** The same, read afresh from the sales: the reference. */
const fresh = () =>
  queryRows<Row>(
    t.db,
    sql`select raffle_id, cedula, buyer_name from (
        select distinct on (raffle_id, buyer_cedula) raffle_id, buyer_cedula as cedula, buyer_name
        from tickets
        where raffle_id in (${raffleId}, ${otherRaffleId}) and status <> 'disponible' and buyer_cedula is not null
        order by raffle_id, buyer_cedula, purchased_at desc nulls last, id) latest
      order by raffle_id, cedula`,
  );

const CEDULAS = ['V-10000001', 'V-10000002', 'E-20000003', 'V-10000004', 'V-10000005'];
const NAMES = ['María Pérez', 'José Díaz', 'Ana Gómez', 'Luis Núñez'];
let clock = 0;
/** Every sale its own number: never two live sales of one number. */
let lastNumber = 0;
/**
 * Every sale its own purchase time, so the latest sale of a buyer is never a tie; some are older than
 * every sale so far (a sale written later with an earlier time, as staff may enter one).
 */
const purchaseTime = (past: boolean) =>
  new Date(Date.UTC(2026, 10, 1) + (past ? -1 : 1) * ++clock * 1000).toISOString();

const sale = fc.record({
  other: fc.boolean(),
  cedula: fc.option(fc.constantFrom(...CEDULAS), { freq: 6 }),
  name: fc.constantFrom(...NAMES),
  status: fc.constantFrom('apartado', 'abonado', 'pagado', 'cancelado'),
  past: fc.boolean(),
});
const step = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), sales: fc.array(sale, { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('end' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('endBuyer' as const), cedula: fc.constantFrom(...CEDULAS) }),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), name: fc.constantFrom(...NAMES) }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), cedula: fc.constantFrom(...CEDULAS) }),
  fc.record({ kind: fc.constant('pay' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

/** The id of one live sale of the two raffles (the `pick`-th), or null when there is none. */
async function liveSale(pick: number) {
  const rows = await queryRows<{ id: string }>(
    t.db,
    sql`select id from tickets where raffle_id in (${raffleId}, ${otherRaffleId}) and ended_at is null order by id`,
  );
  return rows.length ? (rows[pick % rows.length]?.id ?? null) : null;
}

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

async function apply(s: Step) {
  switch (s.kind) {
    case 'insert': {
      // One statement for every sale: as a batched reservation writes them.
      const values = s.sales.map((x) => {
        const number = ++lastNumber;
        return sql`(${x.other ? otherRaffleId : raffleId}::uuid, ${number}::int, ${String(number).padStart(6, '0')},
          ${x.status}, ${x.name}, ${x.cedula}, ${purchaseTime(x.past)}::timestamptz)`;
      });
      await t.db.execute(sql`insert into tickets (raffle_id, number, ticket_number, status, buyer_name, buyer_cedula, purchased_at)
        values ${sql.join(values, sql`, `)}`);
      return;
    }
    case 'endBuyer':
      await t.db.execute(sql`update tickets set status = 'disponible', ended_at = now()
        where buyer_cedula = ${s.cedula} and ended_at is null and raffle_id in (${raffleId}, ${otherRaffleId})`);
      return;
  }
  const id = await liveSale(s.pick);
  if (!id) return;
  if (s.kind === 'end')
    await t.db.execute(sql`update tickets set status = 'disponible', ended_at = now() where id = ${id}`);
  if (s.kind === 'rename')
    await t.db.execute(sql`update tickets set buyer_name = ${s.name} where id = ${id}`);
  if (s.kind === 'move')
    await t.db.execute(sql`update tickets set buyer_cedula = ${s.cedula} where id = ${id}`);
  if (s.kind === 'pay')
    await t.db.execute(sql`update tickets set version = version + 1, reserved_until = null where id = ${id}`);
  if (s.kind === 'delete') await t.db.execute(sql`delete from tickets where id = ${id}`);
}

describe('raffle_buyers is what the sales say (decision 045)', () => {
  it('after any statements on the sales: inserts of several buyers, ends, renames, moves, deletes', async () => {
    let bothRaffles = false;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) await apply(s);
        const rows = await kept();
        expect(rows).toEqual(await fresh());
        bothRaffles ||= new Set(rows.map((row) => row.raffle_id)).size === 2;
      }),
      { numRuns: 40 },
    );
    // The runs did reach buyers of both raffles at once.
    expect(bothRaffles).toBe(true);
  }, 120_000);

  it('a deleted raffle takes its buyers with it', async () => {
    const gone = (await makeRaffle(t, { total_numbers: 100, digit_count: 2 })).id;
    await t.db.execute(sql`insert into tickets (raffle_id, number, ticket_number, status, buyer_name, buyer_cedula, purchased_at)
      values (${gone}, 1, '01', 'apartado', 'Ana Gómez', 'V-10000001', now())`);
    expect(await queryRows(t.db, sql`select 1 from raffle_buyers where raffle_id = ${gone}`)).toHaveLength(1);
    await t.db.execute(sql`delete from raffles where id = ${gone}`);
    expect(await queryRows(t.db, sql`select 1 from raffle_buyers where raffle_id = ${gone}`)).toHaveLength(0);
  });
});
