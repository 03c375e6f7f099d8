/** Dates are shown in Caracas time, e.g. "21 nov 2026, 8:00 p. m.". */
export const TIME_ZONE = 'America/Caracas';

const dateTime = new Intl.DateTimeFormat('es-VE', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

export function formatDateTime(value: string | number | Date): string {
  return dateTime
    .format(new Date(value))
    .replace(/\./g, '')
    .replace(/\s?([ap])\s?m$/i, ' $1. m.');
}
