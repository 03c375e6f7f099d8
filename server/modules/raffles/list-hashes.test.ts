import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { normalizeCedula } from '../../../domain/phone';
import type { Raffle } from '../../../domain/raffles';
import {
  leafHash,
  merkleLevels,
  merkleRoot,
  saleLine,
  soldListText,
  toHex,
} from '../../../domain/verification';
import { queryRows } from '../../db/client';
import { buyer, makeRaffle, soldListColumn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createRaffleDrawService } from './raffle-draw.service';

/*
 * Migration 0026: the database keeps each sale's line hash and leaf hash, and a close publishes the
 * text and root from them. What it hashes must be exactly what domain/verification.ts makes of the
 * same sale (trimmed, upper-cased code; normalised cedula), and what it cannot be sure of it leaves
 * to the server.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const sha256 = (d: Uint8Array) => new Uint8Array(createHash('sha256').update(d).digest());
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const CODE_ALPHABET = '346789ABCDEFGHJKMNPQRTUVWXY';

const serverCode = fc.string({ unit: fc.constantFrom(...CODE_ALPHABET), minLength: 10, maxLength: 10 });
/** A cedula as the server stores it (normalizeCedula's answer). */
const storedCedula = fc
  .tuple(fc.constantFrom('V', 'E'), fc.integer({ min: 100_000, max: 999_999_999 }))
  .map(([letter, digits]) => normalizeCedula(`${letter}${digits}`) as string);
const anyText = fc.string({ unit: 'grapheme', maxLength: 14 }).map((s) => s.replaceAll('\0', ''));
/** What older or hand-edited sales may hold: other writings of a cedula, padding, any text. */
const oddCedula = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('v', 'V', 'e', 'E', ' V'),
      fc.constantFrom('', '-', ' ', '.', '- '),
      fc.integer({ min: 0, max: 99_999_999 }),
      fc.integer({ min: 1, max: 10 }),
    )
    .map(([letter, gap, n, width]) => `${letter}${gap}${String(n).padStart(width, '0')}`),
  fc.constantFrom(' ', 'V-0123456', 'V-1', 'pasaporte 123', 'V-12345678 ', 'V‐12345678'),
  anyText,
);
const oddCode = fc.oneof(
  fc.constantFrom('abc123defg', ' ABCDEFGH ', 'ÑANDÚ12345', 'ABC\n12345', ''),
  anyText,
);

type Sale = { code: string; cedula: string | null };
const asTheServerStores = (sale: Sale) =>
  new RegExp(`^[${CODE_ALPHABET}]{10}$`).test(sale.code) &&
  (sale.cedula === null || normalizeCedula(sale.cedula) === sale.cedula);

/** Sales inserted straight into the table (as older sales were written), numbers 0, 1, 2… */
async function insertSales(raffleId: string, sales: Sale[]) {
  await t.db.execute(sql`
    insert into tickets (raffle_id, number, ticket_number, status, buyer_name, buyer_phone, buyer_cedula,
      price_cents, remaining_cents, reserved_until, purchased_at, version, verification_code)
    select ${raffleId}::uuid, s.n - 1, lpad((s.n - 1)::text, 3, '0'), 'apartado', 'comprador', '04141234567',
      s.sale->>'cedula', 500, 500, now() + interval '1 day', now(), nextval('ticket_version_seq'), s.sale->>'code'
    from json_array_elements(${JSON.stringify(sales)}::json) with ordinality as s(sale, n)
    -- Written last number first: a list that came out in the table's order would be reversed.
    order by s.n desc`);
}

type Row = {
  ticket_number: string;
  code: string;
  cedula: string | null;
  line_hash: string | null;
  leaf: string | null;
};
/** The sales as the database holds them (its own text, after any encoding), with its hashes. */
const readSales = (raffleId: string) =>
  queryRows<Row>(
    t.db,
    sql`select ticket_number, verification_code as code, buyer_cedula as cedula,
          encode(list_line_hash, 'hex') as line_hash, encode(list_leaf_hash, 'hex') as leaf
        from tickets where raffle_id = ${raffleId} and ended_at is null order by number`,
  );
const lineOf = (r: Row) =>
  saleLine(sha256, { ticketNumber: r.ticket_number, verificationCode: r.code, cedula: r.cedula });

async function closeInPagesOf(raffleId: string, salesPage: number) {
  await t.db.execute(
    sql`update raffles set closing_date = now() - interval '1 second' where id = ${raffleId}`,
  );
  const draws = createRaffleDrawService({
    db: t.db,
    raffles: t.app.services.raffles,
    tickets: () => t.app.services.tickets,
    instantWins: () => t.app.services.instantWins,
    salesPage,
    // Pages asked for two at a time, as a close on PostgreSQL reads them: still in number order.
    pagesInFlight: 2,
  });
  expect(await draws.closeDue()).toContain(raffleId);
}

const commitmentOf = async (raffleId: string) =>
  (
    await queryRows<{ commitment: string; line_count: number }>(
      t.db,
      sql`select draw_commitment as commitment, line_count from raffles where id = ${raffleId}`,
    )
  )[0];

describe('the hashes the database keeps for the published list', () => {
  it("are the server's own line and leaf wherever the database hashes; a sale as the server stores it is always hashed", async () => {
    const sales = fc.sample(
      fc.oneof(
        {
          weight: 3,
          arbitrary: fc.record({ code: serverCode, cedula: fc.option(storedCedula, { nil: null }) }),
        },
        { weight: 2, arbitrary: fc.record({ code: serverCode, cedula: oddCedula }) },
        { weight: 1, arbitrary: fc.record({ code: oddCode, cedula: fc.oneof(storedCedula, oddCedula) }) },
      ),
      { numRuns: 400, seed: 20_261_128 },
    );
    const raffle = await makeRaffle(t, { total_numbers: 1000, digit_count: 3, closing_date: inAnHour() });
    await insertSales(raffle.id, sales);
    const rows = await readSales(raffle.id);
    expect(rows).toHaveLength(sales.length);
    let hashed = 0;
    for (const [i, row] of rows.entries()) {
      const line = lineOf(row);
      if (row.line_hash !== null) {
        hashed++;
        expect(`${row.ticket_number}:${row.line_hash}`, JSON.stringify(row)).toBe(line);
        expect(row.leaf).toBe(toHex(leafHash(sha256, line)));
      } else expect(row.leaf).toBeNull();
      if (asTheServerStores(sales[i] as Sale)) expect(row.line_hash, JSON.stringify(row)).not.toBeNull();
    }
    // Both kinds were tried.
    expect(hashed).toBeGreaterThan(100);
    expect(hashed).toBeLessThan(rows.length);
  });

  for (const [kind, cedulas] of [
    [
      'every sale hashed by the database (the text built and stored by it)',
      ['V-12345678', null, 'E-1234567'],
    ],
    [
      'a sale the database left to the server (the whole list built by the server)',
      ['V-12345678', 'v 12.345.679', ''],
    ],
  ] as const) {
    it(`a close publishes the list of domain/verification.ts across pages of numbers: ${kind}`, async () => {
      const raffle = await makeRaffle(t, { total_numbers: 1000, digit_count: 3, closing_date: inAnHour() });
      const sales = Array.from({ length: 23 }, (_, i) => ({
        code: fc.sample(serverCode, { numRuns: 1, seed: i })[0] as string,
        cedula: cedulas[i % cedulas.length] ?? null,
      }));
      await insertSales(raffle.id, sales);
      const rows = await readSales(raffle.id);
      expect(rows.some((r) => r.line_hash === null)).toBe(kind.startsWith('a sale'));
      await closeInPagesOf(raffle.id, 5);

      const lines = rows.map(lineOf);
      expect(await soldListColumn(t, raffle.id)).toBe(soldListText(lines));
      expect(await commitmentOf(raffle.id)).toEqual({
        commitment: toHex(merkleRoot(sha256, merkleLevels(sha256, lines))),
        line_count: 23,
      });
    });
  }

  it('stores the text only where the list is committed without its text, with as many lines', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 1000, digit_count: 3, closing_date: inAnHour() });
    await insertSales(raffle.id, [
      { code: 'ABCDEFGH34', cedula: 'V-12345678' },
      { code: 'ABCDEFGH36', cedula: null },
    ]);
    await closeInPagesOf(raffle.id, 5);
    const store = () => t.app.services.tickets.storeSoldListText(t.db, raffle.id);
    const published = await soldListColumn(t, raffle.id);
    expect(published?.split('\n')).toHaveLength(3);
    // Its text stored: nothing is stored again.
    await t.db.execute(sql`update raffles set draw_sold_list = 'otra' where id = ${raffle.id}`);
    expect(await store()).toEqual({ stored: false, hashed: true, lineCount: 2 });
    expect(await soldListColumn(t, raffle.id)).toBe('otra');
    // Committed with another line count: not this list, nothing stored.
    await t.db.execute(sql`update raffles set draw_sold_list = null, line_count = 3 where id = ${raffle.id}`);
    expect(await store()).toEqual({ stored: false, hashed: true, lineCount: 2 });
    expect(await soldListColumn(t, raffle.id)).toBeNull();
    // Not committed (a close interrupted before its root): nothing stored.
    await t.db.execute(
      sql`update raffles set line_count = 2, draw_commitment = null where id = ${raffle.id}`,
    );
    expect(await store()).toMatchObject({ stored: false });
    expect(await soldListColumn(t, raffle.id)).toBeNull();
    // Committed without its text (the close answered, the process stopped): stored, the same text.
    await t.db.execute(sql`update raffles set draw_commitment = 'root' where id = ${raffle.id}`);
    expect(await store()).toEqual({ stored: true, hashed: true, lineCount: 2 });
    expect(await soldListColumn(t, raffle.id)).toBe(published);
  });

  it('a close answers with the root before the text is stored; a download meanwhile waits for that one pass', async () => {
    const admin = await t.signInAdmin();
    const raffle = await makeRaffle(t, { total_numbers: 1000, digit_count: 3, closing_date: inAnHour() });
    await insertSales(raffle.id, [
      { code: 'ABCDEFGH34', cedula: 'V-12345678' },
      { code: 'ABCDEFGH36', cedula: null },
      { code: 'ABCDEFGH37', cedula: 'E-1234567' },
    ]);
    const lines = (await readSales(raffle.id)).map(lineOf);
    const tickets = t.app.services.tickets;
    const real = tickets.storeSoldListText;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = vi.spyOn(tickets, 'storeSoldListText').mockImplementation(async (db, raffleId) => {
      await gate;
      return real(db, raffleId);
    });
    try {
      const closed = await t.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect(await commitmentOf(raffle.id)).toEqual({
        commitment: toHex(merkleRoot(sha256, merkleLevels(sha256, lines))),
        line_count: 3,
      });
      expect(await soldListColumn(t, raffle.id)).toBeNull();

      let downloaded = false;
      const download = t.api<string>('GET', `/api/raffles/${raffle.id}/sold-list.txt`).finally(() => {
        downloaded = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(downloaded).toBe(false);
      release();
      const file = await download;
      expect(file.status).toBe(200);
      expect(file.body).toBe(soldListText(lines));
      expect(await soldListColumn(t, raffle.id)).toBe(soldListText(lines));
      expect(held).toHaveBeenCalledTimes(1);
    } finally {
      release();
      held.mockRestore();
    }
  });

  it('a text the process never stored (stopped after the answer) is stored by the next sweep', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 1000, digit_count: 3, closing_date: inAnHour() });
    await insertSales(raffle.id, [
      { code: 'ABCDEFGH34', cedula: 'V-12345678' },
      { code: 'ABCDEFGH36', cedula: null },
    ]);
    await closeInPagesOf(raffle.id, 5);
    const published = await soldListColumn(t, raffle.id);
    await t.db.execute(sql`update raffles set draw_sold_list = null where id = ${raffle.id}`);
    const sweep = createRaffleDrawService({
      db: t.db,
      raffles: t.app.services.raffles,
      tickets: () => t.app.services.tickets,
      instantWins: () => t.app.services.instantWins,
    });
    // Within its first minute the close's own process is still storing it: left to it.
    await sweep.publishPending();
    expect(await soldListColumn(t, raffle.id)).toBeNull();
    await t.db.execute(
      sql`update raffles set closed_at = now() - interval '2 minutes' where id = ${raffle.id}`,
    );
    await sweep.publishPending();
    expect(await soldListColumn(t, raffle.id)).toBe(published);
  });

  it('a text the server must build (a sale without its hashes) is checked against the root before it is stored', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 1000, digit_count: 3, closing_date: inAnHour() });
    await insertSales(raffle.id, [
      { code: 'ABCDEFGH34', cedula: 'v 12.345.679' },
      { code: 'ABCDEFGH36', cedula: null },
    ]);
    await closeInPagesOf(raffle.id, 5);
    const published = await soldListColumn(t, raffle.id);
    const lines = (await readSales(raffle.id)).map(lineOf);
    expect(published).toBe(soldListText(lines));
    // A root that is not this list's: the text is not stored, and a download fails rather than
    // serve a list that does not match what was committed.
    await t.db.execute(
      sql`update raffles set draw_sold_list = null, draw_commitment = ${'0'.repeat(64)} where id = ${raffle.id}`,
    );
    const refused = await t.api('GET', `/api/raffles/${raffle.id}/sold-list.txt`);
    expect(refused.status).toBe(500);
    expect(await soldListColumn(t, raffle.id)).toBeNull();
  });

  it('answers the close with its figures, equal to a fresh count', async () => {
    const admin = await t.signInAdmin();
    const raffle = await makeRaffle(t, { total_numbers: 100, price_cents: 1000, closing_date: inAnHour() });
    for (const [i, numbers] of [[1, 2], [3], [4], [5, 6, 7]].entries()) {
      const made = await t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
        body: { numbers, buyer: buyer({ cedula: `V-2100000${i}` }) },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    // Every kind of figure: paid in full, an abono, a cancelled sale, a released one, held ones.
    const patch = (number: number, body: Record<string, unknown>) =>
      t.api('PATCH', `/api/raffles/${raffle.id}/numbers/${number}`, { token: admin, body });
    expect((await patch(1, { status: 'pagado' })).status).toBe(200);
    expect((await patch(3, { status: 'abonado', amount_cents: 400 })).status).toBe(200);
    expect((await patch(4, { status: 'cancelado' })).status).toBe(200);
    expect((await patch(6, { status: 'disponible' })).status).toBe(200);

    const closed = await t.api<Raffle>('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const fresh = await t.app.services.tickets.statsFor([{ id: raffle.id, totalNumbers: 100 }]);
    expect(closed.body.stats).toEqual(fresh.get(raffle.id));
    expect(closed.body.stats).toMatchObject({
      disponible: 94,
      apartado: 3,
      abonado: 1,
      pagado: 1,
      cancelado: 1,
      total_paid_cents: 1400,
      pending_cents: 3600,
    });
  });
});
