import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { spanishAmount } from '../../test/fixtures/statements/generate';
import { FIXTURES, type StatementFixture } from '../../test/fixtures/statements/statements';
import { readStatementFile } from './statement-file';
import { locateTable, readEntries, recognizeColumns, resolveMapping } from './statement-layout';
import type { Cell } from './statement-values';

const fixtureDir = path.resolve(import.meta.dirname, '../../test/fixtures/statements');
const read = (bytes: Buffer) => readStatementFile(Readable.from([bytes]));

/** A fixture read as the upload reads it: its table, the mapping used, the credits kept. */
async function interpret(fixture: StatementFixture) {
  const file = await read(fs.readFileSync(path.join(fixtureDir, fixture.file)));
  const table = locateTable(file.rows);
  if (!table) throw new Error('no table');
  const recognized = recognizeColumns(table.columns);
  const mapping = recognized.mapping ?? fixture.mapping;
  if (!mapping) throw new Error('no mapping');
  const { missing, indexes } = resolveMapping(table.columns, mapping);
  expect(missing).toEqual([]);
  return { file, table, recognized, ...readEntries(file.rows, table, indexes) };
}

describe('each bank layout', () => {
  it.each(Object.values(FIXTURES))('$file: every credit read right, every debit ignored', async (fixture) => {
    const { entries, debits, unreadableLines } = await interpret(fixture);
    const credits = fixture.movements.filter((m) => m.credit);
    expect(
      entries.map((e) => ({ date: e.postedOn, reference: e.reference, amount: e.amountVesCents })),
    ).toEqual(credits.map((m) => ({ date: m.date, reference: m.reference, amount: m.credit })));
    expect(entries.map((e) => e.description)).toEqual(credits.map((m) => m.description));
    expect(debits).toBe(fixture.movements.filter((m) => m.debit).length);
    expect(unreadableLines).toEqual([]);
  });

  it('banesco.csv: `;` past the lines above the table, Windows-1252 accents, columns recognised', async () => {
    const { file, table, recognized } = await interpret(FIXTURES.banesco);
    expect(file.kind).toBe('csv');
    expect(table.headerIndex).toBe(4); // line 5 of the file
    expect(table.columns).toEqual(['Fecha', 'Referencia', 'Descripción', 'Monto', 'Saldo']);
    expect(recognized.mapping).toEqual({
      date: 'Fecha',
      reference: 'Referencia',
      amount: 'Monto',
      description: 'Descripción',
    });
  });

  it('mercantil.xlsx: Excel dates and numbers, the Crédito column over Débito', async () => {
    const { file, recognized } = await interpret(FIXTURES.mercantil);
    expect(file.kind).toBe('xlsx');
    expect(recognized.mapping).toMatchObject({ amount: 'Crédito', reference: 'Nro. Documento' });
  });

  it('provincial.csv: unknown headers are not guessed, only suggested', async () => {
    const { recognized, table } = await interpret(FIXTURES.provincial);
    expect(recognized.mapping).toBeNull();
    expect(table.columns).toEqual([
      'Num. Operación',
      'Fec. Valor',
      'Movimiento (Bs.)',
      'Glosa',
      'Saldo (Bs.)',
    ]);
    expect(table.signature).toBe('num operacion|fec valor|movimiento|glosa|saldo');
  });
});

describe('reading the table', () => {
  const table = (rows: Cell[][]) => {
    const found = locateTable(rows);
    if (!found) throw new Error('no table');
    return found;
  };

  it('prefers the row naming known columns over a text row above it', () => {
    const rows: Cell[][] = [
      ['Titular', 'Inversiones El Sol', 'RIF', 'J-12345678-9'],
      ['Fecha', 'Referencia', 'Concepto', 'Abono'],
      ['01/11/2026', '123456', 'PAGO', '10,00'],
    ];
    expect(table(rows).headerIndex).toBe(1);
    expect(recognizeColumns(table(rows).columns).mapping?.amount).toBe('Abono');
  });

  it('names empty and repeated headers so a mapping can point at them', () => {
    expect(table([['Fecha', '', 'Monto', 'Monto']]).columns).toEqual([
      'Fecha',
      'Columna 2',
      'Monto',
      'Monto (2)',
    ]);
  });

  it('finds no table in a file with no header row', () => {
    expect(locateTable([['01/11/2026', '123456', '10,00']])).toBeNull();
    expect(locateTable([])).toBeNull();
  });

  it('lists rows it cannot read (totals, broken dates) and ignores debits and zero amounts', () => {
    const rows: Cell[][] = [
      ['Fecha', 'Referencia', 'Concepto', 'Débito', 'Crédito'],
      ['01/11/2026', '111111', 'PAGO', '', '1.000,00'],
      ['01/11/2026', '222222', 'COMISION', '5,00', ''],
      ['31/02/2026', '333333', 'FECHA MALA', '', '10,00'],
      ['', '', 'TOTAL', '5,00', '1.000,00'],
      [],
      ['02/11/2026', '444444', 'NEGATIVO', '', '-3,00'],
    ];
    const t = table(rows);
    const mapping = recognizeColumns(t.columns).mapping;
    if (!mapping) throw new Error('no mapping');
    const result = readEntries(rows, t, resolveMapping(t.columns, mapping).indexes);
    expect(result.entries.map((e) => e.reference)).toEqual(['111111']);
    expect(result.debits).toBe(2);
    expect(result.unreadableLines).toEqual([4, 5]);
  });

  it('gives identical rows distinct checksums, the same ones on every reading', () => {
    const rows: Cell[][] = [
      ['Fecha', 'Referencia', 'Monto'],
      ['01/11/2026', '111111', '10,00'],
      ['01/11/2026', '111111', '10,00'],
    ];
    const t = table(rows);
    const at = resolveMapping(t.columns, { date: 'Fecha', reference: 'Referencia', amount: 'Monto' }).indexes;
    const first = readEntries(rows, t, at).entries.map((e) => e.checksum);
    expect(new Set(first).size).toBe(2);
    expect(readEntries(rows, t, at).entries.map((e) => e.checksum)).toEqual(first);
  });

  it('names the mapping columns the file does not have', () => {
    const { missing } = resolveMapping(['Fecha', 'Ref', 'Monto'], {
      date: 'fecha',
      reference: 'Referencia',
      amount: 'Monto',
      description: 'Glosa',
    });
    expect(missing).toEqual([
      { field: 'reference', name: 'Referencia' },
      { field: 'description', name: 'Glosa' },
    ]);
  });
});

describe('the file itself', () => {
  it('refuses what is not CSV or XLSX by its content: 415', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj');
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    for (const bytes of [pdf, xls, png]) await expect(read(bytes)).rejects.toMatchObject({ statusCode: 415 });
    await expect(read(xls)).rejects.toThrow(/\.xls/);
  });

  it('answers 422 for a ZIP that is no workbook and for an empty file', async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    await expect(read(zip)).rejects.toMatchObject({ statusCode: 422, code: 'UNREADABLE_STATEMENT' });
    await expect(read(Buffer.alloc(0))).rejects.toMatchObject({ statusCode: 422 });
  });

  it('reads UTF-8 split mid-character across chunks, and a BOM', async () => {
    const bytes = Buffer.from('\uFEFFFecha;Referencia;Descripción;Monto\n01/11/2026;123456;PEÑA;1.000,00\n');
    const cut = bytes.indexOf(Buffer.from('ñ', 'utf8')) + 1;
    const file = await readStatementFile(Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]));
    expect(file.rows[0]).toEqual(['Fecha', 'Referencia', 'Descripción', 'Monto']);
    expect(file.rows[1]?.[2]).toBe('PEÑA');
    expect(file.bytes).toBe(bytes.length);
  });

  it.each(Object.values(FIXTURES))(
    '$file arriving in chunks of a few bytes reads as it does in one piece',
    async (fixture) => {
      // A slow upload may hand the first chunk over with only 1-3 bytes of the file in it: the
      // kind and the CSV delimiter must not be judged on those alone.
      const bytes = fs.readFileSync(path.join(fixtureDir, fixture.file));
      const whole = await read(bytes);
      const chunks = [bytes.subarray(0, 2), bytes.subarray(2, 3)];
      for (let at = 3; at < bytes.length; at += 7) chunks.push(bytes.subarray(at, at + 7));
      const trickled = await readStatementFile(
        Readable.from(
          (async function* () {
            for (const chunk of chunks) {
              await new Promise((resolve) => setImmediate(resolve));
              yield chunk;
            }
          })(),
        ),
      );
      expect(trickled).toEqual(whole);
    },
  );

  it('stops past the row limit: 422', async () => {
    const lines = ['Fecha;Referencia;Monto'];
    for (let i = 0; i < 20_001; i++) lines.push(`01/11/2026;${100000 + i};${spanishAmount(100 + i)}`);
    await expect(read(Buffer.from(lines.join('\n')))).rejects.toMatchObject({ code: 'STATEMENT_TOO_LONG' });
  });
});
