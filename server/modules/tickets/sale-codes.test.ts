import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_CODE_ALPHABET, parseOrderCode } from '../../../domain/orders';
import { queryRows } from '../../db/client';
import { makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Migration 0029 rewrote the database's code makers and narrowed the money rule's insert trigger to
 * make a reservation cheaper (decision 052): what they give must not have changed.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const CODES = 3_000;

describe('codes made by the database', () => {
  it('verification codes: 10 characters of the alphabet, from random bytes, every letter in use', async () => {
    const rows = await queryRows<{ code: string }>(
      t.db,
      sql`select new_verification_code() as code from generate_series(1, ${CODES})`,
    );
    const codes = rows.map((r) => r.code);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${ORDER_CODE_ALPHABET}]{10}$`));
    // ~47 bits each: 3,000 of them never repeat, and 30,000 characters use all 27 letters.
    expect(new Set(codes).size).toBe(CODES);
    expect(new Set(codes.join('')).size).toBe(ORDER_CODE_ALPHABET.length);
    // Each position draws its own byte: none is stuck on one letter or copies the first (1 in 27 by chance).
    for (let position = 0; position < 10; position++) {
      expect(new Set(codes.map((c) => c[position])).size).toBeGreaterThan(20);
      if (position > 0) expect(codes.filter((c) => c[position] === c[0]).length).toBeLessThan(CODES / 10);
    }
  });

  it('order codes: 8 characters a buyer can type back', async () => {
    const rows = await queryRows<{ code: string }>(
      t.db,
      sql`select new_order_code() as code from generate_series(1, ${CODES})`,
    );
    const codes = rows.map((r) => r.code);
    for (const code of codes) expect(parseOrderCode(code)).toBe(code);
    expect(new Set(codes).size).toBeGreaterThan(CODES - 5);
    expect(new Set(codes.join('')).size).toBe(ORDER_CODE_ALPHABET.length);
  });
});

describe('the money rule on a new sale', () => {
  const insertSale = (raffleId: string, number: number, paid: number, remaining: number) =>
    queryRows<{ total_paid_cents: string; remaining_cents: string }>(
      t.db,
      sql`insert into tickets (raffle_id, number, ticket_number, status, buyer_name, buyer_cedula,
            price_cents, total_paid_cents, remaining_cents, purchased_at, version)
          values (${raffleId}, ${number}, lpad(${number}::text, 2, '0'), 'apartado', 'comprador', 'V-12345678',
            500, ${paid}, ${remaining}, now(), nextval('ticket_version_seq'))
          returning total_paid_cents, remaining_cents`,
    );

  it('a row claiming money paid, or a wrong balance, is written as nothing paid and the price pending', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100 });
    for (const [number, paid, remaining] of [
      [1, 300, 200],
      [2, 0, 0],
      [3, 0, 499],
      [4, 500, 0],
    ] as const) {
      const [row] = await insertSale(raffle.id, number, paid, remaining);
      expect({
        number,
        paid: Number(row?.total_paid_cents),
        remaining: Number(row?.remaining_cents),
      }).toEqual({
        number,
        paid: 0,
        remaining: 500,
      });
    }
  });

  it('a row that already says nothing paid is kept as it is', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100 });
    const [row] = await insertSale(raffle.id, 5, 0, 500);
    expect([Number(row?.total_paid_cents), Number(row?.remaining_cents)]).toEqual([0, 500]);
  });
});
