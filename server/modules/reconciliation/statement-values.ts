/**
 * The values of a Venezuelan bank statement as its cells hold them: text from a CSV ("1.234,56",
 * "05/11/2026") or typed values from an Excel sheet (numbers, dates).
 */
export type Cell = string | number | boolean | Date | null;

const MONTHS: Record<string, number> = {
  ene: 1,
  feb: 2,
  mar: 3,
  abr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  ago: 8,
  sep: 9,
  set: 9,
  oct: 10,
  nov: 11,
  dic: 12,
};

const CURRENCY = /bs\.?s?|ves|vef|usd|\$/gi;

/**
 * Signed cents of an amount written the Venezuelan way: "1.234,56", "-1.234,56", "(1.234,56)",
 * "1.234,56-", "Bs. 1.234,56", "1234,5". A lone dot is a thousands separator when three digits
 * follow it ("1.234" is 1234, as the bank prints it) and a decimal point otherwise ("1234.56",
 * as some exports write it); with both separators the last one is the decimal. Null when not an
 * amount.
 */
export function parseAmountCents(cell: Cell): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? Math.round(cell * 100) : null;
  if (typeof cell !== 'string') return null;
  let text = cell.replace(CURRENCY, '').replace(/[\s\u00a0]/g, '');
  if (text === '') return null;
  let sign = 1;
  if (/^\(.*\)$/.test(text)) {
    sign = -1;
    text = text.slice(1, -1);
  }
  if (text.endsWith('-')) {
    sign = -sign;
    text = text.slice(0, -1);
  }
  if (text.startsWith('-')) {
    sign = -sign;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return null;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  let normalized: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    normalized = text.split(thousands).join('').replace(decimal, '.');
  } else if (lastComma >= 0) {
    normalized = text.split(',').length > 2 ? text.split(',').join('') : text.replace(',', '.');
  } else if (lastDot >= 0) {
    const groups = text.split('.');
    const thousands = groups.length > 2 || (groups[1]?.length === 3 && groups[0] !== '0');
    normalized = thousands ? groups.join('') : text;
  } else normalized = text;
  if (!/^\d+(\.\d+)?$/.test(normalized)) return null;
  return sign * Math.round(Number(normalized) * 100);
}

const pad = (n: number) => String(n).padStart(2, '0');

function isoDay(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2999) return null;
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCMonth() !== month - 1) return null; // 31/02 does not exist
  return `${year}-${pad(month)}-${pad(day)}`;
}

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** Excel's day zero (its 1900 leap-year bug included): serial 45000 is 2023-03-15. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * "YYYY-MM-DD" of a posting date: dd/mm/aaaa (also with - or . and a two-digit year, a time after
 * it ignored), aaaa-mm-dd, "05-nov-2026", an Excel date or an Excel day number. Never mm/dd:
 * Venezuelan banks write the day first. Null when not a date.
 */
export function parseStatementDate(cell: Cell): string | null {
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return null;
    // Excel dates carry no zone: exceljs reads them as UTC midnight.
    return isoDay(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate());
  }
  if (typeof cell === 'number') {
    if (!Number.isInteger(cell) || cell < 20_000 || cell > 80_000) return null;
    const at = new Date(EXCEL_EPOCH_MS + cell * 86_400_000);
    return isoDay(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
  }
  if (typeof cell !== 'string') return null;
  const text = cell.trim().toLowerCase();
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:[\st].*)?$/.exec(text);
  if (m) return isoDay(fullYear(m[3] as string), Number(m[2]), Number(m[1]));
  m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[\st].*)?$/.exec(text);
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[\s/-]([a-z]{3})[a-z]*\.?[\s/-](\d{4}|\d{2})$/.exec(text);
  const month = m ? MONTHS[m[2] as string] : undefined;
  if (m && month) return isoDay(fullYear(m[3] as string), month, Number(m[1]));
  return null;
}

/** A cell as the text a person would read (a reference, a description, a header). */
export function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) {
    const day = parseStatementDate(cell);
    return day ? day.split('-').reverse().join('/') : '';
  }
  if (typeof cell === 'number') return Number.isInteger(cell) ? String(cell) : String(cell);
  return String(cell).trim();
}
