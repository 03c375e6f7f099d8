import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { lpadTicketNumber } from '../../../domain/tickets';
import type { BlankRange } from './staff-tickets-export.repo';
import { openSheetOnDeflate, reuseSheetPieces, type SheetStream } from './xlsx-sheet-buffer';

/** One sheet row's cells: text, numbers (money), or nothing. */
export type XlsxRow = (string | number | null)[];
/** What the sheet is given a chunk at a time: rows, and ranges of numbers nobody holds. */
export type XlsxSegment = XlsxRow | BlankRange;
/**
 * The sheet's columns (the first is the number, as text), which of them are money, and the row of a
 * number nobody holds. Given by the caller so the worker loads exceljs and nothing of the app.
 */
export type XlsxLayout = { columns: readonly string[]; moneyColumns: readonly number[]; blank: XlsxRow };

/** Rows handed to exceljs between two looks at the zip's backlog (and a turn of the event loop). */
const ROWS_PER_TURN = 250;
/** What a sheet is piped into: the deflate (`openSheetOnDeflate`), or archiver's PassThrough without it. */
type ZipInput = Writable & { _writableState?: { needDrain?: boolean } };

/** Whether a stream holds more than its high-water mark (Node's streams and readable-stream 2 alike). */
const needsDrain = (stream: ZipInput) =>
  stream.writableNeedDrain ?? stream._writableState?.needDrain ?? false;

/**
 * Waits until the rows written so far have gone on: into the zip, and out of it into `out`
 * (decision 046). exceljs's sheet buffer hands 64 KB pieces to the zip without waiting, and
 * archiver's output keeps filling while `out` is full (with a client that reads nothing it took
 * ~45,000 rows before stopping), so both ends are waited for. Rows that go unthrottled pile up long
 * enough to reach V8's old generation, which gives them back only at a full collection. The zip's
 * input is read through `_writableState` too: should exceljs stop being piped straight into the
 * deflate, it would be a `readable-stream` 2 PassThrough, which has no `writableNeedDrain`.
 */
async function caughtUp(sheet: ExcelJS.Worksheet, out: Writable, gone: AbortSignal) {
  const stream = (sheet as unknown as { stream: SheetStream }).stream;
  for (let i = 0; i < 1000 && stream.pipes?.length === 0 && !gone.aborted; i++)
    await new Promise((resolve) => setTimeout(resolve, 1));
  for (const next of [...((stream.pipes ?? []) as ZipInput[]), out])
    if (needsDrain(next) && !gone.aborted) await once(next, 'drain', { signal: gone }).catch(() => {});
  await new Promise((resolve) => setImmediate(resolve));
}

/**
 * The staff list's export as an XLSX workbook, streamed into `out` (tickets-xlsx.ts runs it in a
 * worker thread): a header of `columns`, the Número column as text ("007" stays "007"),
 * money as numbers. Rows are taken a batch at a time with the zip's backpressure respected, so memory
 * stays flat at any raffle size; a range nobody holds is written from `blank` with its numbers.
 */
export async function writeXlsxSheet(
  batches: AsyncIterable<XlsxSegment[]>,
  { columns, moneyColumns, blank }: XlsxLayout,
  out: Writable,
) {
  const money = new Set(moneyColumns);
  // Only the streaming writer: the package's entry also loads the reader and the in-memory
  // workbook, 32 MB of RSS and 0.4 s where the writer alone takes 19 MB and 0.2 s (measured in a
  // bare process).
  const { default: WorkbookWriter } = await import('exceljs/lib/stream/xlsx/workbook-writer.js');
  const workbook = new WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = openSheetOnDeflate(workbook, () =>
    workbook.addWorksheet('Tickets', { views: [{ state: 'frozen', ySplit: 1 }] }),
  );
  reuseSheetPieces((sheet as unknown as { stream: SheetStream }).stream);
  sheet.columns = columns.map((header, i) => ({
    header,
    key: String(i),
    width: i === 0 ? 10 : money.has(i) ? 14 : 18,
    // '@' is Excel's text format: a number typed later in the column stays text too.
    style: i === 0 ? { numFmt: '@' } : money.has(i) ? { numFmt: '#,##0.00' } : {},
  }));
  sheet.getRow(1).commit();
  // A client that leaves closes `out`: the writer stops, and no wait for the zip is left hanging.
  const leaving = new AbortController();
  out.once('close', () => leaving.abort());
  let written = 0;
  const wrote = async () => {
    if (++written % ROWS_PER_TURN === 0) await caughtUp(sheet, out, leaving.signal);
  };
  for await (const segments of batches) {
    if (leaving.signal.aborted) return;
    for (const segment of segments) {
      if (Array.isArray(segment)) {
        sheet.addRow(segment).commit();
        await wrote();
        continue;
      }
      for (let n = segment.from; n < segment.to; n++) {
        blank[0] = lpadTicketNumber(n, segment.digitCount);
        sheet.addRow(blank).commit();
        await wrote();
        if (leaving.signal.aborted) return;
      }
    }
  }
  sheet.commit();
  await workbook.commit();
}
