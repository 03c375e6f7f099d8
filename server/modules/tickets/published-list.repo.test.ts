import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leafHash, saleLine, toHex } from '../../../domain/verification';
import { queryRows } from '../../db/client';
import { makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { publishedListRepo } from './published-list.repo';

/*
 * A hashed page travels in parts of 1,000 numbers (decisions 051, 073): whatever the page's range,
 * what it answers must be the page whole, in number order, as domain/verification.ts makes each
 * line and leaf.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const sha256 = (d: Uint8Array) => new Uint8Array(createHash('sha256').update(d).digest());
const SALES = 2_345;

/** Sales on numbers 3, 7, 11, … (gaps, so a range's numbers are not its sales), hashed by the database. */
async function insertSales(raffleId: string) {
  await t.db.execute(sql`
    insert into tickets (raffle_id, number, ticket_number, status, buyer_name, buyer_phone, buyer_cedula,
      price_cents, remaining_cents, reserved_until, purchased_at, version, verification_code)
    select ${raffleId}::uuid, 4 * n + 3, lpad((4 * n + 3)::text, 4, '0'), 'apartado', 'comprador', '04141234567',
      'V-' || (10000000 + n), 500, 500, now() + interval '1 day', now(), nextval('ticket_version_seq'),
      translate(lpad(n::text, 10, '0'), '0123456789', '346789ABCD')
    from generate_series(0, ${SALES - 1}) as n`);
}

/** Each sale's line and leaf in [from, to) as the domain makes them, in number order. */
async function expected(raffleId: string, from: number, to: number) {
  const rows = await queryRows<{ number: number; ticket_number: string; code: string; cedula: string }>(
    t.db,
    sql`select number, ticket_number, verification_code as code, buyer_cedula as cedula from tickets
        where raffle_id = ${raffleId} and number >= ${from} and number < ${to} order by number`,
  );
  const lines = rows.map((r) =>
    saleLine(sha256, { ticketNumber: r.ticket_number, verificationCode: r.code, cedula: r.cedula }),
  );
  return {
    count: rows.length,
    lines: lines.join('\n'),
    leaves: lines.map((line) => toHex(leafHash(sha256, line))).join(''),
  };
}

describe('a hashed page of a published list', () => {
  it('comes back whole across its parts: count, every leaf and line in number order', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 10_000, digit_count: 4 });
    await insertSales(raffle.id);
    for (const page of [
      { from: 0, to: 10_000 }, // the whole list: ten parts, the last three without sales
      { from: 3_999, to: 5_499 }, // a range starting mid-part, over two parts, the last one short
      { from: 4_000, to: 5_000 }, // exactly one part
      { from: 4_003, to: 4_004 }, // one number, sold
      { from: 4_004, to: 4_007 }, // numbers none of which is sold: empty
      { from: 4 * SALES, to: 10_000 }, // past the last sale: empty
    ]) {
      const read = await publishedListRepo.hashedListPage(t.db, raffle.id, 'sold', { ...page, lines: true });
      const want = await expected(raffle.id, page.from, page.to);
      expect({ ...read, leaves: read.leaves.toString('hex') }, JSON.stringify(page)).toEqual({
        ...want,
        unhashed: 0,
        figures: null,
      });
    }
    expect((await expected(raffle.id, 0, 10_000)).count).toBe(SALES);
    // Without lines only the leaves travel.
    const leavesOnly = await publishedListRepo.hashedListPage(t.db, raffle.id, 'sold', {
      from: 0,
      to: 10_000,
      lines: false,
    });
    expect(leavesOnly.lines).toBeNull();
    expect(leavesOnly.leaves.length).toBe(SALES * 32);
  });

  it("with `figures` counts the page's sales per status with their money, across its parts", async () => {
    const raffle = await makeRaffle(t, { total_numbers: 10_000, digit_count: 4 });
    await insertSales(raffle.id);
    // Some marked paid, some part-paid, some cancelled (outside the list). The money columns follow
    // the ledger (migration 0010): money paid is checked through the API by list-hashes.test.ts.
    await t.db.execute(sql`update tickets set status = case number % 5 when 0 then 'pagado' when 1 then 'abonado'
          when 2 then 'cancelado' else status end
      where raffle_id = ${raffle.id}`);
    for (const page of [
      { from: 0, to: 10_000 },
      { from: 3_999, to: 5_499 },
      { from: 4_004, to: 4_007 },
    ]) {
      const read = await publishedListRepo.hashedListPage(t.db, raffle.id, 'sold', {
        ...page,
        lines: false,
        figures: true,
      });
      const [want] = await queryRows<Record<string, string | number>>(
        t.db,
        sql`select count(*) filter (where status = 'apartado') as apartado,
                   count(*) filter (where status = 'abonado') as abonado,
                   count(*) filter (where status = 'pagado') as pagado,
                   coalesce(sum(total_paid_cents), 0) as paid, coalesce(sum(remaining_cents), 0) as remaining
            from tickets where raffle_id = ${raffle.id} and status not in ('cancelado', 'disponible')
              and number >= ${page.from} and number < ${page.to}`,
      );
      const figures = Object.fromEntries(Object.entries(want ?? {}).map(([k, v]) => [k, Number(v)]));
      expect(read.figures, JSON.stringify(page)).toEqual(figures);
      if (page.from === 0)
        expect(
          [figures.apartado, figures.abonado, figures.pagado, figures.remaining].every((n) => n > 0),
        ).toBe(true);
    }
  });
});
