// exceljs's streaming writer on its own (tickets-xlsx.ts): exceljs 4 has no `exports` map, and its
// own declarations describe this class as `stream.xlsx.WorkbookWriter`.
declare module 'exceljs/lib/stream/xlsx/workbook-writer.js' {
  import type { stream } from 'exceljs';

  const WorkbookWriter: typeof stream.xlsx.WorkbookWriter;
  export default WorkbookWriter;
}
