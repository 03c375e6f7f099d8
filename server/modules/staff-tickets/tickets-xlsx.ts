import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { ticketCsvColumns } from '../../../domain/staff-tickets';
import { createTurns } from '../../lib/turns';
import type { NumberRow } from './staff-tickets.sql';
import { type ExportScan, MONEY_COLUMNS, type TicketCellValue, ticketCells } from './tickets-csv';
import type { FromXlsxWorker, ToXlsxWorker, XlsxWorkerData } from './xlsx-worker';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Sales read per statement for the XLSX (the CSV reads 500, 200 on PGlite). Small batches keep
 * each message to the worker small, and rows never live long enough to reach V8's old generation
 * (decision 046).
 */
export const XLSX_CHUNK = 250;

/**
 * The worker's heap (decision 050): a young generation of 2 MB (V8's default grows to tens of MB
 * under exceljs's garbage) and a ceiling on the old one, which also has V8 size it for a small heap.
 * The bench's export of 1,000,000 numbers added 86-87 MB of the server's RSS with V8's defaults,
 * 37-42 MB with these (bench/STAFF.md), in the same time. The old generation holds flat at any size.
 */
const XLSX_WORKER_HEAP = { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 64 };

/**
 * XLSX exports whose worker runs at once, per server: each holds up to ~40 MB while it runs, so a
 * staff member opening twenty tabs must not hold 800 MB. The next one waits for a turn (FIFO).
 */
export const XLSX_EXPORTS_AT_ONCE = 2;

const workerTurns = createTurns(XLSX_EXPORTS_AT_ONCE);

/** XLSX exports holding a turn now (a worker running or about to). */
export const xlsxExportsRunning = () => workerTurns.held();

/** The CSV's cells as spreadsheet values: money as numbers of USD/Bs (cents / 100), the rest text (empty: no cell). */
const xlsxValues = (cells: TicketCellValue[]) =>
  cells.map((cell, i) => (MONEY_COLUMNS.has(i) ? (cell == null ? null : Number(cell) / 100) : cell || null));

/**
 * The staff list's export as an XLSX workbook, streamed into `out` (ended on success): the same rows
 * and columns as the CSV (`ticketCells`). exceljs runs in a worker thread of its own (decision 050):
 * loading it stalled the event loop ~130 ms, and its zipping held it up to ~60 ms at a time while
 * buyers reserved. Here the rows are read and turned into cells, a batch whenever the worker asks
 * (so a client that reads slowly slows the reading), and the file's bytes are written into `out`
 * with its backpressure passed back to the worker. A client that leaves ends the worker.
 */
export async function writeTicketXlsx(scan: ExportScan, ratePerUsd: Promise<number | null>, out: Writable) {
  // A client that leaves while waiting for its turn gives the turn up.
  const waiting = new AbortController();
  const leftWaiting = () => waiting.abort();
  out.once('close', leftWaiting);
  const release = await workerTurns.take(waiting.signal);
  out.off('close', leftWaiting);
  if (!release) return;
  try {
    await exportInWorker(scan, ratePerUsd, out);
  } finally {
    release();
  }
}

async function exportInWorker(scan: ExportScan, ratePerUsd: Promise<number | null>, out: Writable) {
  const rate = await ratePerUsd;
  // Gone already (while waiting for the rate): its 'close' came before anyone listened for it.
  if (out.destroyed) return;
  const blank = { status: 'disponible', ticketNumber: '', totalPaidCents: 0, remainingCents: 0 } as NumberRow;
  const workerData: XlsxWorkerData = {
    columns: ticketCsvColumns,
    moneyColumns: [...MONEY_COLUMNS],
    blank: xlsxValues(ticketCells({ ...blank, paidVesCents: null }, rate)),
  };
  const batches = scan((row) => xlsxValues(ticketCells(row, rate)))[Symbol.asyncIterator]();
  // execArgv: [] because the entry registers tsx itself; the parent's flags (vitest's, --watch) are not for it.
  const worker = new Worker(new URL('./xlsx-worker.mjs', import.meta.url), {
    workerData,
    execArgv: [],
    resourceLimits: XLSX_WORKER_HEAP,
  });
  const post = (message: ToXlsxWorker) => worker.postMessage(message);
  const stopped = new AbortController();

  await new Promise<void>((resolve, reject) => {
    const finish = (error?: Error) => {
      if (stopped.signal.aborted) return;
      stopped.abort();
      out.off('close', left);
      void worker.terminate();
      void batches.return?.(undefined);
      if (error) reject(error);
      else resolve();
    };
    // The client left (or `out` failed): nothing more to write, and nobody to tell.
    const left = () => finish();
    out.once('close', left);
    worker.on('error', finish);
    worker.on('exit', (code) => finish(new Error(`XLSX worker stopped before the end (exit code ${code})`)));
    worker.on('message', async (message: FromXlsxWorker) => {
      try {
        if (message.kind === 'more') {
          const next = await batches.next();
          if (!stopped.signal.aborted)
            post(next.done ? { kind: 'end' } : { kind: 'batch', segments: next.value });
        } else if (message.kind === 'bytes') {
          const { bytes } = message;
          if (!out.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)))
            await once(out, 'drain', { signal: stopped.signal });
          post({ kind: 'written' });
        } else {
          // Done once `out` has taken every byte (a client's buffered writes included).
          out.end(() => finish());
        }
      } catch (error) {
        finish(stopped.signal.aborted ? undefined : (error as Error));
      }
    });
  });
}
