const rateFormat = new Intl.NumberFormat('es-VE', { minimumFractionDigits: 2, maximumFractionDigits: 6 });
const shortRate = new Intl.NumberFormat('es-VE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
// rate_date is already a Caracas day ("YYYY-MM-DD"): it is shown as is, read at noon UTC.
const dayFormat = new Intl.DateTimeFormat('es-VE', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const shortDayFormat = new Intl.DateTimeFormat('es-VE', { timeZone: 'UTC', day: 'numeric', month: 'short' });
const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);

/** 36.5 -> "36,50"; 36.123456 -> "36,123456". */
export const formatRate = (rate: number) => rateFormat.format(rate);
/** Two decimals, for chart ticks. */
export const formatRateShort = (rate: number) => shortRate.format(rate);
/** "2026-11-23" -> "23 nov 2026". */
export const formatDay = (day: string) => dayFormat.format(dayDate(day)).replace(/\./g, '');
/** "2026-11-23" -> "23 nov". */
export const formatShortDay = (day: string) => shortDayFormat.format(dayDate(day)).replace(/\./g, '');

/**
 * A rate as an admin types it: "36,50" or "36.5", and with thousands "1.234,56" or "1,234.56".
 * With both separators the last one is the decimal one; with one kind only, it may appear once.
 * At most 6 decimals (the stored precision). Null when it is not a positive number.
 */
export function parseRateInput(raw: string): number | null {
  const text = raw.replace(/\s/g, '');
  if (!/^\d[\d.,]*$/.test(text) || /[.,]$/.test(text)) return null;
  const decimalAt = Math.max(text.lastIndexOf(','), text.lastIndexOf('.'));
  let normalized = text;
  if (decimalAt >= 0) {
    const integer = text.slice(0, decimalAt);
    const decimals = text.slice(decimalAt + 1);
    const both = text.includes(',') && text.includes('.');
    if (!both && /[.,]/.test(integer)) return null; // "1.234.567": ambiguous, ask again
    if (decimals.length > 6) return null;
    normalized = `${integer.replace(/[.,]/g, '')}.${decimals}`;
  }
  const value = Number(normalized);
  return Number.isFinite(value) && value > 0 ? value : null;
}
