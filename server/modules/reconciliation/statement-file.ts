import { createHash } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { MAX_STATEMENT_ROWS, reconciliationMessages } from '../../../domain/reconciliation';
import { AppError, UnprocessableError } from '../../lib/errors';
import type { Cell } from './statement-values';
import { xlsxWorksheets } from './xlsx-worksheets';

/**
 * A statement file read as it streams in (papaparse for CSV, exceljs's streaming reader for XLSX),
 * into rows of cells: the table is found and interpreted afterwards (statement-layout.ts). Only the
 * rows are held, never the workbook, and at most MAX_STATEMENT_ROWS of them.
 */
export type StatementFileKind = 'csv' | 'xlsx';
export type StatementFile = { kind: StatementFileKind; rows: Cell[][]; sha256: string; bytes: number };

export class UnsupportedStatementError extends AppError {
  constructor(message: string = reconciliationMessages.unsupportedType) {
    super(415, 'UNSUPPORTED_STATEMENT_TYPE', message);
  }
}

const startsWith = (head: Buffer, ...bytes: number[]) => bytes.every((b, i) => head[i] === b);

/** The kind by content: an XLSX is a ZIP; text with no NUL byte is CSV; anything else is refused. */
function sniff(head: Buffer): StatementFileKind {
  if (startsWith(head, 0x50, 0x4b, 0x03, 0x04)) return 'xlsx';
  if (startsWith(head, 0xd0, 0xcf, 0x11, 0xe0))
    throw new UnsupportedStatementError(reconciliationMessages.legacyExcel);
  // PDF, images, archives and other binaries hold NUL bytes or open with a known signature.
  if (startsWith(head, 0x25, 0x50, 0x44, 0x46) || head.subarray(0, 4096).includes(0))
    throw new UnsupportedStatementError();
  return 'csv';
}

/**
 * Text as UTF-8 while it is valid UTF-8, else Windows-1252 from the first invalid chunk on (what
 * Venezuelan bank exports use when they are not UTF-8). A sequence cut between chunks waits for
 * the next one. A leading BOM goes.
 */
class StatementText extends Transform {
  private carry: Buffer = Buffer.alloc(0);
  private utf8 = true;
  private first = true;

  constructor() {
    super({ decodeStrings: true, encoding: 'utf8' });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.emitText(Buffer.concat([this.carry, chunk]), false);
    done();
  }

  override _flush(done: TransformCallback) {
    this.emitText(this.carry, true);
    done();
  }

  private emitText(bytes: Buffer, end: boolean) {
    let cut = bytes.length;
    if (this.utf8 && !end) {
      // Back up to the start of a last sequence that may be incomplete.
      let i = bytes.length - 1;
      while (i >= 0 && i > bytes.length - 4 && ((bytes[i] as number) & 0xc0) === 0x80) i--;
      if (i >= 0 && (bytes[i] as number) >= 0xc0) cut = i;
    }
    this.carry = bytes.subarray(cut);
    let text = '';
    if (this.utf8) {
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, cut));
      } catch {
        this.utf8 = false;
        this.carry = Buffer.alloc(0);
        text = new TextDecoder('windows-1252').decode(bytes);
      }
    } else text = new TextDecoder('windows-1252').decode(bytes);
    if (this.first && text.length > 0) {
      this.first = false;
      text = text.replace(/^\uFEFF/, '');
    }
    if (text) this.push(text);
  }
}

const tooManyRows = () => new UnprocessableError(reconciliationMessages.tooManyRows, 'STATEMENT_TOO_LONG');

const DELIMITERS = [';', ',', '\t', '|'];

/**
 * The delimiter that splits the first lines into the same number of columns most often (and into
 * more columns on a tie). Papa's own guess is thrown by the lines banks put above the table, and
 * by decimal commas in a `;` file.
 */
export function guessDelimiter(head: Buffer): string {
  const text = head.toString('latin1');
  const sample = text.slice(0, Math.max(text.lastIndexOf('\n'), Math.min(text.length, 4096)));
  let best = { delimiter: ',', rows: 0, columns: 0 };
  for (const delimiter of DELIMITERS) {
    const widths = Papa.parse<string[]>(sample, {
      delimiter,
      preview: 40,
      skipEmptyLines: 'greedy',
    }).data.map((row) => row.length);
    const counts = new Map<number, number>();
    for (const width of widths) if (width > 1) counts.set(width, (counts.get(width) ?? 0) + 1);
    for (const [columns, rows] of counts) {
      if (rows > best.rows || (rows === best.rows && columns > best.columns))
        best = { delimiter, rows, columns };
    }
  }
  return best.delimiter;
}

function readCsv(source: Readable, rows: Cell[][], delimiter: string): Promise<void> {
  const text = source.pipe(new StatementText());
  return new Promise((resolve, reject) => {
    let failure: Error | null = null;
    // Empty lines are kept (and skipped later) so a row's number is its line in the file.
    Papa.parse<string[]>(text, {
      delimiter,
      step(result, parser) {
        if (rows.length >= MAX_STATEMENT_ROWS) {
          failure = tooManyRows();
          parser.abort();
          return;
        }
        rows.push(result.data.slice(0, 100));
      },
      complete: () => (failure ? reject(failure) : resolve()),
      error: (error) => reject(error),
    });
  });
}

/** An Excel cell value as a plain value: formulas by their result, rich text by its text. */
function plainCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: unknown };
    if ('result' in v) return plainCell(v.result);
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join('');
    if ('text' in v) return plainCell(v.text);
  }
  return null;
}

async function readXlsx(source: Readable, rows: Cell[][]) {
  // The archive is read whole first (busboy stops it at MAX_STATEMENT_BYTES): a ZIP's index is
  // at its end, and reading by the index is what makes the read reliable (xlsx-worksheets.ts).
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk as Buffer);
  // Styles are read so date cells come back as dates.
  for await (const sheet of xlsxWorksheets(Buffer.concat(chunks), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
  })) {
    for await (const row of sheet) {
      if (rows.length >= MAX_STATEMENT_ROWS) throw tooManyRows();
      const values = (row as ExcelJS.Row).values as unknown[];
      // exceljs rows are 1-based and sparse; empty rows above keep their place.
      while (rows.length < (row as ExcelJS.Row).number - 1) rows.push([]);
      rows.push(
        Array.from({ length: Math.min(Math.max(values.length - 1, 0), 100) }, (_, i) =>
          plainCell(values[i + 1]),
        ),
      );
    }
    break; // the first sheet is the statement
  }
}

/**
 * Reads the statement as it arrives. A CSV or XLSX the parsers cannot read is a 422; what is
 * neither (a PDF, an image, an old .xls) a 415. The caller checks the size limit (the stream ends
 * early when it is hit).
 */
export async function readStatementFile(source: Readable): Promise<StatementFile> {
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  // Whatever happens below, the upload is read to its end (busboy waits for it), and a stream
  // left half-way never throws an unhandled 'error'.
  const drain = () => {
    source.unpipe(tap);
    source.resume();
  };
  tap.on('error', () => {});
  source.pipe(tap);
  const { head, whole } = await splitHead(tap);
  if (head.length === 0) {
    drain();
    throw new UnprocessableError(reconciliationMessages.noMovements, 'EMPTY_STATEMENT');
  }
  const rows: Cell[][] = [];
  let kind: StatementFileKind;
  try {
    kind = sniff(head);
    if (kind === 'csv') await readCsv(whole, rows, guessDelimiter(head));
    else await readXlsx(whole, rows);
  } catch (error) {
    drain();
    if (error instanceof AppError) throw error;
    throw new UnprocessableError(reconciliationMessages.unreadable, 'UNREADABLE_STATEMENT');
  }
  drain();
  return { kind, rows, sha256: hash.digest('hex'), bytes };
}

/** How much of the file its kind and CSV delimiter are judged on (less only when the file is). */
const HEAD_BYTES = 16 * 1024;

/**
 * The file's first HEAD_BYTES (all of it when shorter, empty for none), gathered across as many
 * chunks as it takes: a slow upload can hand over a first chunk of 1-3 bytes, too few to tell an
 * XLSX from a CSV. `whole` gives the file again from its first byte.
 */
async function splitHead(stream: Readable): Promise<{ head: Buffer; whole: Readable }> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const taken: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < HEAD_BYTES && !ended) {
    const next = await chunks.next();
    if (next.done) ended = true;
    else {
      taken.push(next.value);
      length += next.value.length;
    }
  }
  const head = Buffer.concat(taken);
  async function* headThenRest() {
    yield head;
    if (ended) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  return { head, whole: Readable.from(headThenRest(), { objectMode: false }) };
}
