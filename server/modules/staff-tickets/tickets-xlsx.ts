import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { ticketCsvColumns } from '../../../domain/staff-tickets';
import type { NumberRow } from './staff-tickets.repo';
import {
  type ExportScan,
  isBlankRange,
  MONEY_COLUMNS,
  type TicketCellValue,
  ticketCells,
} from './tickets-csv';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows handed to exceljs between two looks at the zip's backlog (and a turn of the event loop). */
const ROWS_PER_TURN = 250;

/** As PostgreSQL's lpad, which the staff list's ticket numbers come from: zeros, or cut to the width. */
const lpad = (n: number, width: number) => {
  const text = String(n);
  return text.length > width ? text.slice(0, width) : text.padStart(width, '0');
};

/** The CSV's cells as spreadsheet values: money as numbers of USD/Bs (cents / 100), the rest text (empty: no cell). */
const xlsxValues = (cells: TicketCellValue[]) =>
  cells.map((cell, i) => (MONEY_COLUMNS.has(i) ? (cell == null ? null : Number(cell) / 100) : cell || null));

type SheetStream = { pipes?: Writable[] };

/**
 * exceljs writes a sheet into its own buffer (`StreamBuf`), which hands 64 KB pieces to the zip
 * without waiting (backpressure ignored): rows written faster than the zip, the deflate and the
 * socket take them pile up there. So between chunks the export waits until the sheet is piped into
 * the zip and the zip's input has drained; the zip only drains when its output (the response)
 * does. Private fields of exceljs 4 (`StreamBuf.pipes`): without them it would still work, unthrottled.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet, gone: AbortSignal) {
  const stream = (sheet as unknown as { stream: SheetStream }).stream;
  for (let i = 0; i < 1000 && stream.pipes?.length === 0 && !gone.aborted; i++)
    await new Promise((resolve) => setTimeout(resolve, 1));
  for (const pipe of stream.pipes ?? [])
    if (pipe.writableNeedDrain && !gone.aborted) await once(pipe, 'drain', { signal: gone }).catch(() => {});
  await new Promise((resolve) => setImmediate(resolve));
}

/**
 * The staff list's export as an XLSX workbook, streamed into `out`: the same rows and columns as
 * the CSV (`ticketCells`), the Número column as text ("007" stays "007"), money as numbers. Rows
 * go out a chunk at a time with the zip's backpressure respected, so memory stays flat at any
 * raffle size, and the event loop turns between chunks (reservations keep flowing).
 */
export async function writeTicketXlsx(scan: ExportScan, ratePerUsd: Promise<number | null>, out: Writable) {
  // Loaded on the first export, not at start-up: exceljs takes about a second to import.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Tickets', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = ticketCsvColumns.map((header, i) => ({
    header,
    key: String(i),
    width: i === 0 ? 10 : MONEY_COLUMNS.has(i) ? 14 : 18,
    // '@' is Excel's text format: a number typed later in the column stays text too.
    style: i === 0 ? { numFmt: '@' } : MONEY_COLUMNS.has(i) ? { numFmt: '#,##0.00' } : {},
  }));
  sheet.getRow(1).commit();
  const rate = await ratePerUsd;
  const blank = xlsxValues(
    ticketCells(
      {
        status: 'disponible',
        ticketNumber: '',
        totalPaidCents: 0,
        remainingCents: 0,
        paidVesCents: null,
      } as NumberRow,
      rate,
    ),
  );
  // A client that leaves closes `out`: the writer stops, and no wait for the zip is left hanging.
  const leaving = new AbortController();
  out.once('close', () => leaving.abort());
  let written = 0;
  const wrote = async () => {
    if (++written % ROWS_PER_TURN === 0) await zipCaughtUp(sheet, leaving.signal);
  };
  for await (const segments of scan((row) => xlsxValues(ticketCells(row, rate)))) {
    if (leaving.signal.aborted) return;
    for (const segment of segments) {
      if (!isBlankRange(segment)) {
        sheet.addRow(segment).commit();
        await wrote();
        continue;
      }
      for (let n = segment.from; n < segment.to; n++) {
        blank[0] = lpad(n, segment.digitCount);
        sheet.addRow(blank).commit();
        await wrote();
        if (leaving.signal.aborted) return;
      }
    }
  }
  sheet.commit();
  await workbook.commit();
}
