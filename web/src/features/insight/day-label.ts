const shortDay = new Intl.DateTimeFormat('es-VE', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "2026-11-23" (a Caracas day from the API) -> "23 nov": the day itself, whatever the browser's zone. */
export function dayLabel(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return shortDay.format(new Date(Date.UTC(year, month - 1, date))).replace(/\./g, '');
}
