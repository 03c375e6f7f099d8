import { TIME_ZONE } from '../../../domain/dates';
import { vesCentsAt } from '../../../domain/money';
import { displayName } from '../../../domain/names';
import { formatOrderCode } from '../../../domain/orders';
import { type PaymentMethod, paymentMethodLabels } from '../../../domain/reservations';
import { ticketCsvColumns } from '../../../domain/staff-tickets';
import { lpadTicketNumber } from '../../../domain/tickets';
import type { NumberRow } from './staff-tickets.sql';
import type { BlankRange, ExportSegment } from './staff-tickets-export.repo';

export const isBlankRange = <T>(segment: ExportSegment<T>): segment is BlankRange =>
  typeof segment === 'object' && segment !== null && 'blank' in segment;

/** The export's scan (`staffTicketsRepo.scan`), with what to make of each row as it is read. */
export type ExportScan = <T>(render: (row: NumberRow) => T) => AsyncIterable<ExportSegment<T>[]>;

/**
 * The staff CSV export. Semicolons and decimal commas, as Excel expects them in a Spanish
 * (Venezuelan) locale; a UTF-8 BOM so it reads accents right (docs/decisions/006).
 */
export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';

/** A negative number and nothing else, as the CSVs write amounts (decimal comma). */
const PLAIN_NEGATIVE = /^-\d+(?:,\d+)?$/;

/**
 * One cell: quoted when it holds a separator, quote or line break; a leading = + - @ (a formula
 * to a spreadsheet, so a buyer's name could run one) is defused with an apostrophe.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  // A cell a spreadsheet would run as a formula is written as text; a plain negative amount
  // ("-1,00": a seller who owes) is no formula, and as text a column's sum would leave it out.
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NEGATIVE.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(SEPARATOR)}\r\n`;

const centsCell = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** Caracas wall time to the minute, as "2026-11-21, 20:00" (`dateCell` drops the comma). */
export const caracasStamp = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/**
 * Stamps already written, by UTC minute: a stamp has minute resolution and time zones are whole
 * minutes apart, so one minute always writes the same stamp. Intl's format was half of a CSV row's
 * rendering (~1.2 µs a call), and an export's sales share minutes.
 */
const stampsByMinute = new Map<number, string>();
const STAMPS_KEPT = 10_000;

/** "2026-11-21 20:00" in Caracas time: sortable, and every spreadsheet reads it as a date. */
export function dateCell(d: Date | null): string {
  if (!d) return '';
  const minute = Math.floor(d.getTime() / 60_000);
  let stamp = stampsByMinute.get(minute);
  if (stamp === undefined) {
    stamp = caracasStamp.format(d).replace(',', '');
    if (stampsByMinute.size >= STAMPS_KEPT) stampsByMinute.clear();
    stampsByMinute.set(minute, stamp);
  }
  return stamp;
}

/** Money cells, in cents (null: no rate to say it with); the other cells are text. */
export type TicketCellValue = string | number | null | undefined;
/** The columns holding cents (`ticketCells`): the CSV writes "2,50", the XLSX the number 2.5. */
export const MONEY_COLUMNS: ReadonlySet<number> = new Set([8, 9, 13, 14]);

/** A ticket's cells in `ticketCsvColumns` order: what the CSV and the XLSX both write. */
export function ticketCells(row: NumberRow, ratePerUsd: number | null = null): TicketCellValue[] {
  const owed = row.status === 'disponible' || row.status === 'cancelado' ? 0 : row.remainingCents;
  return [
    row.ticketNumber,
    row.status,
    // Stored lowercase for the search (SPEC 5), read by people: "María Núñez" (issue 23).
    displayName(row.buyerName),
    row.buyerPhone,
    row.buyerCedula,
    row.buyerEmail,
    row.buyerAddress,
    row.paymentMethod ? (paymentMethodLabels[row.paymentMethod as PaymentMethod] ?? row.paymentMethod) : '',
    row.totalPaidCents,
    owed,
    dateCell(row.purchasedAt),
    dateCell(row.reservedUntil),
    row.orderCode ? formatOrderCode(row.orderCode) : '',
    // Paid: what the buyer typed in Bs, else each payment at its own rate (LEDGER_COLUMNS); owed: at
    // today's rate (what the buyer would pay now), rounded as SQL and every screen round it (vesCentsAt).
    row.paidVesCents ?? (row.totalPaidCents === 0 ? 0 : null),
    vesCentsAt(owed, ratePerUsd),
    row.sellerName ?? '',
  ];
}

export function ticketCsvLine(row: NumberRow, ratePerUsd: number | null = null): string {
  return csvLine(
    ticketCells(row, ratePerUsd).map((cell, i) =>
      MONEY_COLUMNS.has(i) ? (cell == null ? '' : centsCell(Number(cell))) : cell,
    ),
  );
}

/**
 * Every number nobody holds writes its number and the same cells after it: those are written once,
 * not tested cell by cell for each of (up to) a million available numbers.
 */
export function blankLineTail(ratePerUsd: number | null): string {
  const sample = {
    status: 'disponible',
    ticketNumber: '0',
    totalPaidCents: 0,
    remainingCents: 0,
  } as NumberRow;
  for (const key of ['buyerName', 'buyerPhone', 'buyerCedula', 'buyerEmail', 'buyerAddress', 'paymentMethod'])
    (sample as Record<string, unknown>)[key] = null;
  Object.assign(sample, {
    purchasedAt: null,
    reservedUntil: null,
    orderCode: null,
    paidVesCents: null,
    sellerName: null,
  });
  return ticketCsvLine(sample, ratePerUsd).slice(1);
}

/** Lines of blank numbers per chunk. */
const BLANK_LINES = 5_000;

/**
 * Blank numbers [from, to) as bytes: the line repeated by `fill`, then each number's digits written
 * in place (zero-padded, as lpad). No string per line: a million of them leave no garbage behind.
 * Numbers wider than the raffle's digits (lpad would cut them) go through `ticketCsvLine`'s cells.
 */
function blankLines(range: BlankRange, from: number, to: number, tail: string): Buffer | string {
  const width = range.digitCount;
  if (to - 1 >= 10 ** width || /[^\x20-\x7e\r\n]/.test(tail)) {
    let text = '';
    for (let n = from; n < to; n++) text += lpadTicketNumber(n, width) + tail;
    return text;
  }
  const line = Buffer.from('0'.repeat(width) + tail, 'latin1');
  const out = Buffer.allocUnsafe(line.length * (to - from)).fill(line);
  for (let n = from, at = width - 1; n < to; n++, at += line.length)
    for (let v = n, i = at; v > 0; v = Math.floor(v / 10), i--) out[i] = 48 + (v % 10);
  return out;
}

/** Bytes gathered before they are handed to the socket (a large blank run is cut at this size). */
const OUT_CHUNK = 256 * 1024;

/**
 * The whole file, produced chunk by chunk so a 1,000,000-number export never sits in memory, with
 * a turn of the event loop between chunks: reservations keep flowing while a big export streams.
 * A chunk of the scan is written in one go (its rows are garbage before the next turn, so the
 * young generation frees them); only a long run of blank numbers is cut into several pieces.
 */
export async function* ticketCsv(scan: ExportScan, ratePerUsd: Promise<number | null>) {
  yield CSV_BOM + csvLine([...ticketCsvColumns]);
  const rate = await ratePerUsd;
  const blankTail = blankLineTail(rate);
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  for await (const segments of scan((row) => ticketCsvLine(row, rate))) {
    let pieces: (Buffer | string)[] = [];
    let size = 0;
    let lines = '';
    const take = () => {
      if (lines) pieces.push(lines);
      const out = pieces.length === 1 ? (pieces[0] as Buffer | string) : Buffer.concat(pieces.map(toBuffer));
      pieces = [];
      size = 0;
      lines = '';
      return out;
    };
    for (const segment of segments) {
      if (!isBlankRange(segment)) {
        lines += segment;
        continue;
      }
      if (lines) {
        pieces.push(lines);
        size += lines.length;
        lines = '';
      }
      for (let from = segment.from; from < segment.to; from += BLANK_LINES) {
        const blank = blankLines(segment, from, Math.min(from + BLANK_LINES, segment.to), blankTail);
        pieces.push(blank);
        size += blank.length;
        if (size >= OUT_CHUNK) {
          yield take();
          await turn();
        }
      }
    }
    if (lines || pieces.length > 0) yield take();
    await turn();
  }
}

const toBuffer = (piece: Buffer | string) => (typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece);

export { fileSlug } from '../../../domain/names';
