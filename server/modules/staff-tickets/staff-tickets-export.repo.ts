// The staff list's export (CSV, XLSX): every matching ticket in number order, read in keyset
// chunks, with the numbers nobody holds as blank ranges.
import { sql } from 'drizzle-orm';
import { lpadTicketNumber, TICKET_STATUSES } from '../../../domain/tickets';
import { type Database, type Db, type Executor, queryRows } from '../../db/client';
import {
  LIVE_COLUMNS,
  type NumberRow,
  numberColumns,
  numbersFrom,
  type RaffleShape,
  salesFrom,
  salesOnly,
  type TicketFilters,
  toNumberRow,
} from './staff-tickets.sql';

/**
 * Sales read per statement by the CSV export: each a short statement, and memory stays flat at any
 * raffle size. Each chunk is also one task of the HTTP thread (its rows parsed and written in one
 * go, so they die young), which a buyer's request may wait behind. PostgreSQL reads a chunk on its
 * own connection, the next one ahead while this one is written (`ExportReads.csvReadAhead`): 100 a
 * statement halved the HTTP thread's stalls during the CSV against 500 read one after the other,
 * and 30-80 % more reservations went through it, at 4.2-4.65 s for the 1,000,000 numbers
 * (bench/STAFF.md, 2026-12-03 16:49-17:42 UTC; decision 072). PGlite runs one statement
 * at a time, so there a buyer waits for the chunk ahead of them in the worker: 200
 * (`CSV_CHUNK_PGLITE`) cut the slowest reservation during the CSV, and the chunks read on the
 * worker's background lane (`Database.exportDb`, decision 070), waiting while a buyer's statement is
 * pending; 100 was no better there and made the CSV 60 % slower.
 */
export const CSV_CHUNK = 100;
export const CSV_CHUNK_PGLITE = 200;

/**
 * How the exports read on a database: with what, the CSV's sales per statement, and whether the
 * CSV reads its next chunk while this one is written. (The XLSX never does: its worker asks for a
 * batch ahead itself, decision 050.)
 */
export type ExportReads = { db: Db; csvChunk: number; csvReadAhead: boolean };

/**
 * PGlite: behind buyers' statements, one at a time (a chunk read ahead would hold the worker while
 * the buyers' statements of that turn wait). PostgreSQL: the pool, in smaller chunks, reading
 * ahead: the database reads a chunk while the HTTP thread writes the one before (decision 072).
 */
export const exportReads = (database: Database): ExportReads =>
  database.kind === 'pglite'
    ? { db: database.exportDb ?? database.db, csvChunk: CSV_CHUNK_PGLITE, csvReadAhead: false }
    : { db: database.db, csvChunk: CSV_CHUNK, csvReadAhead: true };

/** How a scan reads: sales per statement, and whether the next statement goes out before this chunk is used. */
export type ScanReads = { batch?: number; readAhead?: boolean };

type RawRow = Record<string, unknown>;

/**
 * Sales in number order, `batch` per statement, by keyset on the number (`read(after)`). With
 * `readAhead`, the next statement is sent as soon as a chunk arrives, before the caller writes it:
 * still one statement in flight at a time, and two chunks in memory at most.
 */
export async function* keysetChunks(
  read: (after: number) => Promise<RawRow[]>,
  batch: number,
  readAhead: boolean,
): AsyncGenerator<RawRow[]> {
  let ahead: Promise<RawRow[]> | undefined;
  let after = -1;
  try {
    for (;;) {
      const rows = await (ahead ?? read(after));
      ahead = undefined;
      const full = rows.length === batch;
      if (full) {
        after = Number(rows[rows.length - 1]?.number);
        if (readAhead) ahead = read(after);
      }
      yield rows;
      if (!full) return;
    }
  } finally {
    // A caller that stops early (the download was cut) leaves the statement read ahead unawaited:
    // its failure must not surface as an unhandled rejection.
    ahead?.catch(() => {});
  }
}

/** Numbers nobody holds, [from, to): the CSV writes them without a row each (`tickets-csv.ts`). */
export type BlankRange = { blank: true; from: number; to: number; digitCount: number };
/** What the export writes, in number order: a ticket's row, or a run of numbers nobody holds. */
export type ExportSegment<T = NumberRow> = T | BlankRange;
/** Numbers walked per statement by a CSV of a digit search (only candidates are read in each). */
const CSV_WINDOW = 100_000;

/** The status chips' filter (`statusSql`) for one row. */
const statusWanted = (statuses: string[] | undefined) => (status: string) =>
  !statuses?.length ||
  statuses.includes(status) ||
  (statuses.includes('otros') && !(TICKET_STATUSES as readonly string[]).includes(status));

/**
 * Every matching ticket in number order, a chunk at a time (CSV export of any size): each chunk
 * its own short statement, so memory stays flat and, on PGlite, a buyer waits for one chunk at
 * most, never for the export.
 */
export async function* scanTickets<T = NumberRow>(
  db: Executor,
  raffle: RaffleShape,
  filters: TicketFilters,
  /**
   * What the export makes of a row (a CSV line, a spreadsheet row), called as soon as the row is
   * read: the row object dies at once. Rows held until a chunk was written lived across
   * scavenges, so V8 moved their allocation to the old generation (pretenuring), where only a
   * full GC frees them: +75-140 MB at 100,000 sold.
   */
  render: (row: NumberRow) => T = (row) => row as T,
  { batch = CSV_CHUNK, readAhead = false }: ScanReads = {},
): AsyncGenerator<ExportSegment<T>[]> {
  if (salesOnly(filters)) {
    const chunks = keysetChunks(
      (after) =>
        queryRows<RawRow>(
          db,
          sql`select ${LIVE_COLUMNS} ${salesFrom(raffle, filters, sql`t.number > ${after}::int`)}
              order by t.number limit ${batch}`,
        ),
      batch,
      readAhead,
    );
    for await (const rows of chunks) if (rows.length > 0) yield rows.map((r) => render(toNumberRow(r)));
    return;
  }
  if (filters.term) {
    // A digit search: windows of numbers, each holding only its candidates (indexed or listed).
    for (let from = 0; from < raffle.totalNumbers; from += CSV_WINDOW) {
      const to = Math.min(from + CSV_WINDOW, raffle.totalNumbers);
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select ${numberColumns(raffle)} ${numbersFrom(raffle, filters, from, to)} order by n`,
      );
      if (rows.length > 0) yield rows.map((r) => render(toNumberRow(r)));
    }
    return;
  }
  // Every number (or every available one and some statuses): the live sales by keyset on the
  // (raffle, number) index; the numbers between them go out as blank ranges, never read. One
  // array per chunk, built without a pause: the chunk's rows die young (a scavenge frees them)
  // instead of living across turns of the event loop and filling the old generation.
  const wanted = statusWanted(filters.statuses);
  const available = wanted('disponible');
  const blank = (from: number, to: number): BlankRange => ({
    blank: true,
    from,
    to,
    digitCount: raffle.digitCount,
  });
  let next = 0;
  const chunks = keysetChunks(
    (after) =>
      queryRows<RawRow>(
        db,
        sql`select ${LIVE_COLUMNS} from tickets t where t.raffle_id = ${raffle.id} and t.ended_at is null
            and t.number > ${after}::int and t.number < ${raffle.totalNumbers}::int order by t.number limit ${batch}`,
      ),
    batch,
    readAhead,
  );
  for await (const sales of chunks) {
    const segments: ExportSegment<T>[] = [];
    for (const raw of sales) {
      const row = toNumberRow(raw);
      row.ticketNumber = lpadTicketNumber(row.number, raffle.digitCount);
      if (available && row.number > next) segments.push(blank(next, row.number));
      if (wanted(row.status)) segments.push(render(row));
      next = row.number + 1;
    }
    if (sales.length < batch && available && next < raffle.totalNumbers)
      segments.push(blank(next, raffle.totalNumbers));
    if (segments.length > 0) yield segments;
  }
}
