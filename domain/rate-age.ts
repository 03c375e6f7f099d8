import { TIME_ZONE } from './dates';

// Days in Caracas and how old a rate may be, without zod: the public raffle page imports them.

/** Today's date in Caracas as "YYYY-MM-DD": a rate is for one Venezuelan business day. */
export function caracasDate(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** "YYYY-MM-DD" `days` calendar days before `date` (also "YYYY-MM-DD"). */
export function daysBefore(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}

/**
 * How old a rate may be and still turn bolívares into dollars (decision 086): a Friday's rate
 * serves the weekend and a Monday holiday; a rate weeks old, with the bolívar falling, would credit
 * a buyer's Bs at far more dollars than they are worth, and reconciliation would confirm it.
 */
export const MAX_RATE_AGE_DAYS = 4;

/** Whether a rate of `rateDate` may still convert amounts on `today` (both "YYYY-MM-DD", Caracas). */
export const rateUsableOn = (rateDate: string, today: string) =>
  rateDate >= daysBefore(today, MAX_RATE_AGE_DAYS);
