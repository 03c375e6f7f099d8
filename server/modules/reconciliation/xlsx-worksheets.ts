import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';

/**
 * The worksheets of an XLSX, read row by row with exceljs's streaming worksheet reader, the
 * archive opened through its central directory.
 *
 * Why not exceljs's own `WorkbookReader` pass: it reads the ZIP front to back with unzipper's
 * `Parse`, which says it has ended as soon as its input has, while entries are still queued; now
 * and then the last ones are lost (exceljs#3064). For a file written with `xl/workbook.xml` last,
 * as exceljs itself and many bank exports write it, that is a failed read about 1 time in 200;
 * had a worksheet been last, its rows would have gone missing without an error. Here the parts a
 * worksheet needs (relations, workbook, shared strings, styles) are read first, by name, and the
 * worksheets after them in sheet order. The archive is in memory (a statement is at most
 * MAX_STATEMENT_BYTES); each part is inflated as it is read, never whole.
 *
 * It drives the reader through its own part parsers, which exceljs 4.4 does not document: the
 * fixtures in statement-layout.test.ts read every layout through here, many times over.
 */
type PartParsers = {
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseStyles(part: Readable): Promise<void>;
  _parseWorksheet(part: Readable, sheetNo: string): Generator<{ eventType: string; value: unknown }>;
};

const WORKSHEET_PART = /^xl\/worksheets\/sheet(\d+)\.xml$/;

export async function* xlsxWorksheets(
  archive: Buffer,
  options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>,
): AsyncGenerator<ExcelJS.stream.xlsx.WorksheetReader> {
  // Loaded on the first workbook, not at start-up (exceljs takes about a second to import; both
  // would stay in an idle server's memory).
  const [{ default: excel }, { default: unzipper }] = await Promise.all([
    import('exceljs'),
    import('unzipper'),
  ]);
  const directory = await unzipper.Open.buffer(archive);
  const part = (path: string) => directory.files.find((file) => file.path === path)?.stream();
  // The reader's input is never read: the parts are handed to it below.
  const reader = new excel.stream.xlsx.WorkbookReader(Readable.from([]), {
    ...options,
    worksheets: 'emit',
  }) as unknown as PartParsers;

  const rels = part('xl/_rels/workbook.xml.rels');
  if (rels) await reader._parseRels(rels);
  const workbook = part('xl/workbook.xml');
  if (!workbook) throw new Error('xl/workbook.xml is missing');
  await reader._parseWorkbook(workbook);
  const sharedStrings = part('xl/sharedStrings.xml');
  if (sharedStrings) for await (const _ of reader._parseSharedStrings(sharedStrings));
  const styles = part('xl/styles.xml');
  if (styles) await reader._parseStyles(styles);

  const sheets = directory.files
    .map((file) => ({ file, sheetNo: WORKSHEET_PART.exec(file.path)?.[1] }))
    .filter(
      (sheet): sheet is { file: (typeof directory.files)[number]; sheetNo: string } =>
        sheet.sheetNo !== undefined,
    )
    .sort((a, b) => Number(a.sheetNo) - Number(b.sheetNo));
  for (const { file, sheetNo } of sheets) {
    for (const { eventType, value } of reader._parseWorksheet(file.stream(), sheetNo))
      if (eventType === 'worksheet') yield value as ExcelJS.stream.xlsx.WorksheetReader;
  }
}
