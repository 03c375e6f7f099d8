import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { NumberRow } from './staff-tickets.sql';
import type { ExportScan } from './tickets-csv';
import { writeTicketXlsx, XLSX_EXPORTS_AT_ONCE } from './tickets-xlsx';

const ROWS = 60_000;
const BLANKS = 1_000;

/** A scan of `rows` sold numbers that counts how many rows the export has asked for. */
function countingScan(rows = ROWS, blanks = BLANKS) {
  const progress = { rows: 0 };
  const row = (n: number) =>
    ({
      status: 'pagado',
      ticketNumber: String(n).padStart(5, '0'),
      buyerName: `Comprador Número ${n}`,
      buyerCedula: `V-${10_000_000 + n}`,
      buyerPhone: '0414-1234567',
      totalPaidCents: 500,
      remainingCents: 0,
      paidVesCents: 20_000,
    }) as unknown as NumberRow;
  const scan = async function* <T>(render: (row: NumberRow) => T) {
    for (let from = 0; from < rows; from += 500) {
      const segment = Array.from({ length: Math.min(500, rows - from) }, (_, i) => render(row(from + i)));
      progress.rows += segment.length;
      yield segment;
    }
    // Then numbers nobody holds, written from one reused row.
    if (blanks > 0) yield [{ blank: true as const, from: rows, to: rows + blanks, digitCount: 5 }];
  } as ExportScan;
  return { scan, progress };
}

describe('the XLSX export (issue 20, target 4)', () => {
  it('stops reading rows while the client takes nothing, instead of piling the sheet up in memory', async () => {
    const { scan, progress } = countingScan();
    // A client that never reads: the socket's writes never complete.
    const stuck = new Writable({ highWaterMark: 16 * 1024, write() {} });
    const exporting = writeTicketXlsx(scan, Promise.resolve(40), stuck);
    // Wait for the first rows (exceljs is imported first, slowly on a busy machine), then until the
    // export has stopped asking for more (or has read them all). A pause of a busy machine ends the
    // wait early, with fewer rows read: it cannot make the check below pass wrongly.
    for (let i = 0; i < 200 && progress.rows === 0; i++) await sleep(50);
    let seen = -1;
    for (let i = 0; i < 100 && progress.rows !== seen; i++) {
      seen = progress.rows;
      await sleep(150);
    }
    // 60,000 rows are ~16 MB of sheet XML; with the zip's backpressure respected the export waits
    // after a few hundred KB. Reading the zip's drain wrongly, it read every row into memory.
    expect(progress.rows).toBeGreaterThan(0);
    expect(progress.rows).toBeLessThan(ROWS / 4);
    stuck.destroy(); // the client leaves: the export ends without waiting any longer
    await exporting;
  }, 30_000);

  // 8,000 rows are ~2 MB of sheet XML: dozens of 64 KB pieces, each reused. 2 rows end the sheet
  // before the zip reaches it (the deflate is piped in after the sheet's buffer has ended).
  it.each([
    [8_000, BLANKS],
    [2, 0],
  ])(
    'writes every row once the client reads (%i sold, %i blank)',
    async (rows, blanks) => {
      const { scan, progress } = countingScan(rows, blanks);
      const chunks: Buffer[] = [];
      const client = new Writable({
        highWaterMark: 16 * 1024,
        write(chunk, _encoding, done) {
          chunks.push(chunk);
          setImmediate(done);
        },
      });
      await writeTicketXlsx(scan, Promise.resolve(40), client);
      expect(progress.rows).toBe(rows);
      const { default: excel } = await import('exceljs');
      const workbook = new excel.Workbook();
      await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Tickets');
      expect(sheet?.rowCount).toBe(1 + rows + blanks); // the header, the sales, the blank numbers
      // Every row intact: the sheet's 64 KB pieces are reused, so a piece overwritten before the
      // deflate read it would show here as another row's text. Accents make bytes differ from characters.
      const wrong: number[] = [];
      for (let n = 0; n < rows + blanks; n++) {
        const cells = sheet?.getRow(n + 2);
        const sold = n < rows;
        if (
          cells?.getCell(1).value !== String(n).padStart(5, '0') ||
          cells?.getCell(2).value !== (sold ? 'pagado' : 'disponible') ||
          cells?.getCell(3).value !== (sold ? `Comprador Número ${n}` : null) ||
          cells?.getCell(5).value !== (sold ? `V-${10_000_000 + n}` : null)
        )
          wrong.push(n);
      }
      expect(wrong).toEqual([]);
    },
    30_000,
  );

  it('fails when reading the rows fails midway, and ends its worker instead of waiting for rows', async () => {
    const { scan: rows } = countingScan(2_000, 0);
    const failing = async function* <T>(render: (row: NumberRow) => T) {
      let batches = 0;
      for await (const batch of rows(render)) {
        if (++batches === 3) throw new Error('connection lost');
        yield batch;
      }
    } as ExportScan;
    const client = new Writable({ write: (_chunk, _encoding, done) => setImmediate(done) });
    await expect(writeTicketXlsx(failing, Promise.resolve(null), client)).rejects.toThrow('connection lost');
  }, 30_000);

  it(`runs ${XLSX_EXPORTS_AT_ONCE} exports at once; the next waits for a turn, and gets one when an export ends`, async () => {
    const stuck = Array.from(
      { length: XLSX_EXPORTS_AT_ONCE },
      () => new Writable({ highWaterMark: 16 * 1024, write() {} }),
    );
    const scans = stuck.map(() => countingScan());
    const holding = stuck.map((client, i) => writeTicketXlsx(scans[i].scan, Promise.resolve(40), client));
    for (let i = 0; i < 200 && scans.some((s) => s.progress.rows === 0); i++) await sleep(50);
    expect(scans.every((s) => s.progress.rows > 0)).toBe(true); // both workers are writing

    const next = countingScan(2, 0);
    const client = new Writable({ write: (_chunk, _encoding, done) => setImmediate(done) });
    const waiting = writeTicketXlsx(next.scan, Promise.resolve(40), client);
    await sleep(1_000); // a worker of its own would have read its 2 rows by now
    expect(next.progress.rows).toBe(0);

    stuck[0].destroy(); // that client leaves: its turn goes to the waiting export
    await waiting;
    expect(next.progress.rows).toBe(2);
    stuck[1].destroy();
    await Promise.all(holding);
  }, 30_000);
});
