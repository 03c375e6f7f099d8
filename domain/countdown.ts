/**
 * The countdown to a raffle's closing date (issue 23), shown on the raffle page and the cards. It
 * counts real time left, which is the same in every zone; the date beside it is in Caracas time.
 */

export const countdownMessages = {
  closesIn: (left: string) => `Cierra en ${left}`,
  salesClosed: 'Ventas cerradas',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "3 d 04 h 10 min", "4 h 10 min 05 s", "10 min 05 s", "45 s"; null once `closingDate` is reached.
 * Whole seconds are counted down (1.5 s left reads "2 s"), so zero is reached exactly at the date.
 */
export function countdownText(closingDate: string | number | Date, now: number): string | null {
  const ms = new Date(closingDate).getTime() - now;
  if (!(ms > 0)) return null;
  const total = Math.ceil(ms / 1000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days} d ${pad(hours)} h ${pad(minutes)} min`;
  if (hours > 0) return `${hours} h ${pad(minutes)} min ${pad(seconds)} s`;
  if (minutes > 0) return `${minutes} min ${pad(seconds)} s`;
  return `${seconds} s`;
}
