// Issue 20, target 4: the staff list's search, the buyers screen and the CSV export answer exactly
// what they answered before their queries moved onto indexes. The snapshot was written by the code
// before that change (commit a461649) on a seeded raffle; both databases must keep matching it.
// Re-recorded once, for issue 23 (decision 038), for the bare-number terms only: "5", "12", "123" and
// " 1,23 " now match ticket numbers alone, and a number term lists the number typed first ("0414"
// puts 414 on top), and the CSV writes buyer names capitalised ("María Pérez": same byte counts);
// every other answer is the one the pre-index code gave.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RaffleBuyersPage, type TicketPage, ticketCsvColumns } from '../../../domain/staff-tickets';
import { makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { staffTicketsRepo, type TicketFilters } from './staff-tickets.repo';

let t: TestApp;
let admin: string;
let raffleId: string;

const FIRST = ['maría', 'josé', 'ana_lucía', 'luis 50%', 'o\'neil; "el gocho"', '=cmd', 'pedro', 'ñoño'];
const LAST = ['pérez', 'gómez', 'núñez', 'rodríguez', 'díaz'];
const STATUSES = ['apartado', 'abonado', 'pagado', 'cancelado'];
const PREFIX = ['0414', '0424', '0412', '0416'];

/** 300 live sales of 60 buyers at scattered numbers, and 20 ended ones: every value fixed. */
function seedRows(id: string) {
  const rows = [];
  for (let i = 0; i < 320; i++) {
    const number = (i * 7) % 1000;
    const b = i % 60;
    const live = i < 300;
    const status = live ? (STATUSES[i % 4] as string) : 'disponible';
    const paid = status === 'pagado' ? 1000 : status === 'abonado' ? 400 : 0;
    rows.push(sql`(${id}::uuid, ${number}::int, ${String(number).padStart(3, '0')}, ${status},
      ${`${FIRST[b % FIRST.length]} ${LAST[b % LAST.length]}`}, ${`${PREFIX[b % 4]}-${String(1_000_000 + b * 7919).slice(0, 7)}`},
      ${b % 3 ? 'Av. Bolívar' : null}, ${`${b % 5 ? 'V' : 'E'}-${10_000_000 + b * 37}`}, ${b % 2 ? `b${b}@example.com` : null},
      ${paid ? 'pago_movil' : null}, ${new Date(Date.UTC(2026, 10, 1, 12, i)).toISOString()}::timestamptz,
      1000, ${1000 - paid}, 0, ${status === 'apartado' ? new Date(Date.UTC(2026, 10, 3, 12, i)).toISOString() : null}::timestamptz,
      ${live ? null : new Date(Date.UTC(2026, 10, 2)).toISOString()}::timestamptz)`);
  }
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  raffleId = (await makeRaffle(t, { total_numbers: 1000, digit_count: 3, price_cents: 1000 })).id;
  // Ended sales sit on numbers that are free again (numbers 300*7 % 1000 onwards are not live).
  await t.db.execute(sql`insert into tickets (raffle_id, number, ticket_number, status, buyer_name, buyer_phone,
    buyer_address, buyer_cedula, buyer_email, payment_method, purchased_at, price_cents, remaining_cents,
    total_paid_cents, reserved_until, ended_at) values ${sql.join(seedRows(raffleId), sql`, `)}`);
  // Money is a ledger: the trigger recomputes what is paid; the seed's abonos and payments stay as written.
  await t.db.execute(
    sql`update tickets set total_paid_cents = price_cents - remaining_cents where raffle_id = ${raffleId}`,
  );
}, 60_000);
afterAll(() => t?.close());

const TERMS = [
  '',
  'ana',
  'GÓMEZ',
  'pérez',
  '0414',
  '0424-10',
  'V-1000',
  'e-100',
  '10000',
  '12',
  '123',
  '5',
  '%',
  '_',
  "o'neil",
  '"el',
  '=cmd',
  'b7@',
  ' 1,23 ',
  'zzz',
  'ñoño díaz',
];
const STATUS_FILTERS = ['', 'pagado', 'apartado,abonado', 'disponible', 'disponible,pagado', 'otros'];

async function listAnswer(query: string) {
  const res = await t.api<TicketPage>('GET', `/api/raffles/${raffleId}/tickets?${query}`, { token: admin });
  expect(res.status).toBe(200);
  return {
    count: res.body.count,
    counts: res.body.counts,
    items: res.body.items.map((x) =>
      [x.ticket_number, x.status, x.buyer_name, x.buyer_phone, x.buyer_cedula, x.total_paid_cents].join('|'),
    ),
  };
}

describe('staff search and export keep their answers (issue 20)', () => {
  it('the staff list: every term with every status filter, two pages', async () => {
    const answers: Record<string, unknown> = {};
    for (const term of TERMS)
      for (const status of STATUS_FILTERS)
        for (const page of [1, 3]) {
          const query = new URLSearchParams({ page: String(page), per_page: '20' });
          if (term) query.set('search', term);
          if (status) query.set('status', status);
          answers[query.toString()] = await listAnswer(query.toString());
        }
    expect(answers).toMatchSnapshot();
  }, 60_000);

  it('the buyers screen: every term, two pages', async () => {
    const answers: Record<string, unknown> = {};
    for (const term of TERMS)
      for (const page of [1, 2]) {
        const query = new URLSearchParams({ page: String(page), per_page: '10' });
        if (term) query.set('search', term);
        const res = await t.api<RaffleBuyersPage>('GET', `/api/raffles/${raffleId}/buyers?${query}`, {
          token: admin,
        });
        expect(res.status).toBe(200);
        answers[query.toString()] = res.body;
      }
    expect(answers).toMatchSnapshot();
  }, 60_000);

  it('the CSV, byte for byte (BOM, columns, every number)', async () => {
    const answers: Record<string, unknown> = {};
    for (const query of [
      '',
      'search=ana',
      'status=pagado',
      'status=disponible&search=1',
      'search=12',
      'search=V-1000',
    ]) {
      const res = await fetch(`${t.baseUrl}/api/raffles/${raffleId}/tickets.csv?${query}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      const lines = bytes.toString('utf8').split('\r\n');
      answers[query || 'all'] = {
        sha256: createHash('sha256').update(bytes).digest('hex'),
        bytes: bytes.length,
        lines: lines.length,
        head: lines.slice(0, 3),
        contentType: res.headers.get('content-type'),
      };
    }
    expect(answers).toMatchSnapshot();
  }, 60_000);
});

/** The CSV's rows as cells: semicolons, double-quoted cells with "" for a quote, CRLF lines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

const MONEY = new Set([8, 9, 13, 14]);

/** What the XLSX holds for a CSV cell: money as a number, text without the CSV's formula guard. */
function fromCsvCell(cell: string, column: number): string | number | null {
  if (cell === '') return null;
  if (MONEY.has(column)) return Number(cell.replace(',', '.'));
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

describe('the XLSX export (issue 20)', () => {
  it('holds the CSV’s rows and columns, Número as text ("007" stays "007"), money as numbers', async () => {
    const { default: excel } = await import('exceljs');
    for (const query of [
      '',
      'search=ana',
      'status=pagado',
      'status=disponible&search=1',
      'search=12',
      'search==cmd',
    ]) {
      const get = (ext: string) =>
        fetch(`${t.baseUrl}/api/raffles/${raffleId}/tickets.${ext}?${query}`, {
          headers: { authorization: `Bearer ${admin}` },
        });
      const [csvRes, xlsxRes] = [await get('csv'), await get('xlsx')];
      expect(xlsxRes.status).toBe(200);
      expect(xlsxRes.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(xlsxRes.headers.get('content-disposition')).toMatch(/^attachment; filename="tickets-.*\.xlsx"$/);
      const csv = parseCsv((await csvRes.text()).replace(/^\uFEFF/, ''));
      const workbook = new excel.Workbook();
      await workbook.xlsx.load(await xlsxRes.arrayBuffer());
      const sheet = workbook.getWorksheet('Tickets');
      if (!sheet) throw new Error('no Tickets sheet');
      const rows: (string | number | null)[][] = [];
      sheet.eachRow({ includeEmpty: true }, (row) => {
        rows.push(
          Array.from({ length: ticketCsvColumns.length }, (_, i) => {
            const v = row.getCell(i + 1).value;
            return v === undefined || v === null || v === '' ? null : (v as string | number);
          }),
        );
      });
      const [header, ...body] = csv;
      expect(rows[0], query).toEqual(header);
      expect(rows.slice(1), query).toEqual(body.map((r) => r.map(fromCsvCell)));
      expect(rows.length, query).toBeGreaterThan(1);
      if (query === '') {
        // Number 7 is sold in the seed: its cell is the text "007", typed as text.
        const seven = rows.findIndex((r) => r[0] === '007');
        expect(seven).toBeGreaterThan(0);
        expect(sheet.getRow(seven + 1).getCell(1).type).toBe(excel.ValueType.String);
        expect(rows).toHaveLength(1001);
      }
    }
  }, 60_000);

  it('the export reads the same rows in chunks of any size, read ahead or not (a chunk boundary loses or repeats none)', async () => {
    const raffle = { id: raffleId, totalNumbers: 1000, digitCount: 3 };
    const read = async (filters: TicketFilters, batch: number, readAhead = false) => {
      const out: unknown[] = [];
      for await (const segments of staffTicketsRepo.scan(t.db, raffle, filters, (row) => row, {
        batch,
        readAhead,
      }))
        out.push(...segments);
      return out;
    };
    for (const filters of [
      {},
      { statuses: ['pagado'] },
      { statuses: ['disponible', 'abonado'] },
      { term: 'pérez' },
    ]) {
      const whole = await read(filters, 10_000);
      expect(whole.length, JSON.stringify(filters)).toBeGreaterThan(10);
      for (const batch of [1, 7, 64])
        for (const readAhead of [false, true])
          expect(
            await read(filters, batch, readAhead),
            JSON.stringify({ filters, batch, readAhead }),
          ).toEqual(whole);
    }
  });
});
