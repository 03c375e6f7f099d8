import { createHash } from 'node:crypto';
import type { ColumnMapping, StatementField } from '../../../domain/reconciliation';
import { referenceKey, statementRowReference } from '../../../domain/references';
import { type Cell, cellText, parseAmountCents, parseStatementDate } from './statement-values';

/**
 * Where a statement's table starts and what its columns are. Bank exports put a few lines before
 * the table (bank, account, period) and name the same columns differently; headers it knows are
 * mapped without asking, anything else is asked once and remembered by the header row's signature.
 */

/** A header as compared: no accents, lower case, words only, no currency words ("Monto (Bs.)" = "monto"). */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((word) => word && !CURRENCY_WORDS.has(word))
    .join(' ');
}
const CURRENCY_WORDS = new Set(['bs', 'bss', 'bsd', 'bsf', 'ves', 'vef', 's', 'en']);

/** Header names banks use, normalised. A credit column wins over a plain amount column. */
const KNOWN: Record<StatementField | 'credit' | 'debit', string[]> = {
  date: [
    'fecha',
    'fecha valor',
    'fecha operacion',
    'fecha de operacion',
    'fecha transaccion',
    'fecha de transaccion',
    'fecha movimiento',
    'fecha del movimiento',
    'fecha contable',
    'fecha efectiva',
  ],
  reference: [
    'referencia',
    'ref',
    'nro referencia',
    'nro de referencia',
    'n referencia',
    'no referencia',
    'numero referencia',
    'numero de referencia',
    'referencia bancaria',
    'nro ref',
    'documento',
    'nro documento',
    'numero de documento',
  ],
  description: [
    'concepto',
    'descripcion',
    'detalle',
    'descripcion del movimiento',
    'observacion',
    'observaciones',
  ],
  credit: ['credito', 'creditos', 'abono', 'abonos', 'haber', 'monto credito', 'ingreso', 'ingresos'],
  amount: ['monto', 'importe', 'monto del movimiento', 'monto movimiento'],
  debit: ['debito', 'debitos', 'cargo', 'cargos', 'debe', 'egreso', 'egresos', 'monto debito'],
};

const knownField = (header: string) =>
  (Object.keys(KNOWN) as (keyof typeof KNOWN)[]).find((field) =>
    KNOWN[field].includes(normalizeHeader(header)),
  );

export type StatementTable = {
  /** Index in the rows of the header row. */
  headerIndex: number;
  /** Header names as printed (an empty one is "Columna N", a repeated one gets " (2)"). */
  columns: string[];
  /** The normalised header row: the layout's key for remembering its mapping. */
  signature: string;
};

const filled = (row: Cell[]) => row.filter((cell) => cellText(cell) !== '').length;
const looksLikeData = (cell: Cell) =>
  typeof cell !== 'string' || parseAmountCents(cell) !== null || parseStatementDate(cell) !== null;

/**
 * The header row among the first 30: the one naming the most columns it knows; with none known,
 * the first row of three or more cells that are all text (not amounts or dates). Null: no table.
 */
export function locateTable(rows: Cell[][]): StatementTable | null {
  let best = -1;
  let bestKnown = 0;
  let firstText = -1;
  for (let i = 0; i < Math.min(rows.length, 30); i++) {
    const row = rows[i] as Cell[];
    if (filled(row) < 3) continue;
    const cells = row.filter((cell) => cellText(cell) !== '');
    if (cells.some(looksLikeData)) continue;
    if (firstText < 0) firstText = i;
    const known = new Set(cells.map((cell) => knownField(cellText(cell))).filter(Boolean)).size;
    if (known > bestKnown) {
      best = i;
      bestKnown = known;
    }
  }
  const headerIndex = best >= 0 ? best : firstText;
  if (headerIndex < 0) return null;
  const header = rows[headerIndex] as Cell[];
  let width = header.length;
  while (width > 0 && cellText(header[width - 1] ?? null) === '') width--;
  const seen = new Map<string, number>();
  const columns = Array.from({ length: width }, (_, i) => {
    const name = cellText(header[i] ?? null) || `Columna ${i + 1}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
  return { headerIndex, columns, signature: columns.map(normalizeHeader).join('|') };
}

/** The mapping its headers give without asking: complete (date, reference, amount), or partial. */
export function recognizeColumns(columns: string[]): {
  mapping: ColumnMapping | null;
  suggested: Partial<Record<StatementField, string>>;
} {
  const first = (field: keyof typeof KNOWN) => columns.find((c) => knownField(c) === field);
  const suggested: Partial<Record<StatementField, string>> = {};
  const date = first('date');
  const reference = first('reference');
  const description = first('description');
  const amount = first('credit') ?? first('amount');
  if (date) suggested.date = date;
  if (reference) suggested.reference = reference;
  if (description) suggested.description = description;
  if (amount) suggested.amount = amount;
  const mapping =
    date && reference && amount ? { date, reference, amount, description: description ?? null } : null;
  return { mapping, suggested };
}

/** Column indexes of a mapping; the names it gives that the file does not have. */
export function resolveMapping(columns: string[], mapping: ColumnMapping) {
  const indexOf = (name: string) => {
    const exact = columns.indexOf(name.trim());
    return exact >= 0 ? exact : columns.findIndex((c) => normalizeHeader(c) === normalizeHeader(name));
  };
  const wanted = { date: mapping.date, reference: mapping.reference, amount: mapping.amount };
  const missing = Object.entries(wanted)
    .filter(([, name]) => indexOf(name) < 0)
    .map(([field, name]) => ({ field, name }));
  if (mapping.description && indexOf(mapping.description) < 0)
    missing.push({ field: 'description', name: mapping.description });
  const debit = columns.findIndex((c) => knownField(c) === 'debit');
  return {
    missing,
    indexes: {
      date: indexOf(mapping.date),
      reference: indexOf(mapping.reference),
      amount: indexOf(mapping.amount),
      description: mapping.description ? indexOf(mapping.description) : -1,
      debit: debit === indexOf(mapping.amount) ? -1 : debit,
    },
  };
}
export type ColumnIndexes = ReturnType<typeof resolveMapping>['indexes'];

/** One credit of the statement, as kept. */
export type StatementEntry = {
  /** Row number in the file (1 = its first row). */
  line: number;
  postedOn: string;
  reference: string;
  referenceKey: string | null;
  description: string;
  amountVesCents: number;
  checksum: string;
};

const squash = (text: string) => text.replace(/\s+/g, ' ').trim().toUpperCase();

/**
 * The credits below the header: a date, an amount above zero. A negative amount, or a row whose
 * amount is empty while its debit column is not, is a debit and is ignored. A row with neither a
 * date nor an amount that can be read is listed as unreadable (totals and footers too), unless it
 * is empty. Identical rows get distinct checksums by their order, so an upload repeated adds nothing
 * and a real repeat inside one statement is still kept (and flagged a duplicate).
 */
export function readEntries(rows: Cell[][], table: StatementTable, at: ColumnIndexes) {
  const entries: StatementEntry[] = [];
  const unreadableLines: number[] = [];
  let debits = 0;
  const occurrences = new Map<string, number>();
  for (let i = table.headerIndex + 1; i < rows.length; i++) {
    const row = rows[i] as Cell[];
    if (filled(row) === 0) continue;
    const line = i + 1;
    const cell = (index: number) => (index >= 0 ? (row[index] ?? null) : null);
    const amount = parseAmountCents(cell(at.amount));
    const postedOn = parseStatementDate(cell(at.date));
    const debit = parseAmountCents(cell(at.debit));
    if ((amount === null || amount === 0) && debit !== null && debit !== 0 && postedOn) {
      debits++;
      continue;
    }
    if (amount === null || postedOn === null) {
      unreadableLines.push(line);
      continue;
    }
    if (amount <= 0) {
      debits++;
      continue;
    }
    const reference = cellText(cell(at.reference));
    const description = cellText(cell(at.description));
    const base = [postedOn, statementRowReference(reference), amount, squash(description)].join('|');
    const n = (occurrences.get(base) ?? 0) + 1;
    occurrences.set(base, n);
    entries.push({
      line,
      postedOn,
      reference,
      referenceKey: referenceKey(reference),
      description,
      amountVesCents: amount,
      checksum: createHash('sha256')
        .update(n === 1 ? base : `${base}#${n}`)
        .digest('hex'),
    });
  }
  return { entries, debits, unreadableLines };
}

/** The first rows under the header, as text, for the mapping step. */
export function sampleRows(rows: Cell[][], table: StatementTable, count = 5): string[][] {
  return rows
    .slice(table.headerIndex + 1)
    .filter((row) => filled(row) > 0)
    .slice(0, count)
    .map((row) => table.columns.map((_, i) => cellText(row[i] ?? null)));
}
