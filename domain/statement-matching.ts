import { vesCentsAt } from './money';

/**
 * When a credit on a bank statement is the payment a buyer reported (issue 18), in one place: the
 * server matches with these, the web explains them, the tests pin them.
 *
 * Amount: payments are USD cents with the day's rate snapshotted (`rate_to_usd`, Bs per dollar);
 * the statement is bolívares. What the buyer should have sent is the USD amount at that rate, and
 * a bank credit matches when it is within the rounding a person makes converting by hand: the
 * larger of 1 Bs and 0.5 % of the amount.
 */
export const VES_TOLERANCE_MIN_CENTS = 100;
export const VES_TOLERANCE_RATIO = 0.005;

/**
 * Bs cents a payment of `usdCents` is worth at `rateToUsd` Bs per dollar; null without a rate. The
 * céntimos every screen shows for it (`vesCentsAt`): a céntimo less moves the tolerance's edge.
 */
export function expectedVesCents(usdCents: number, rateToUsd: number | null): number | null {
  if (rateToUsd === null || !Number.isFinite(rateToUsd) || rateToUsd <= 0) return null;
  return vesCentsAt(usdCents, rateToUsd);
}

/** The largest difference, in Bs cents, accepted between a credit and the `expected` amount. */
export const vesToleranceCents = (expected: number) =>
  Math.max(VES_TOLERANCE_MIN_CENTS, Math.round(Math.abs(expected) * VES_TOLERANCE_RATIO));

/** A credit of `creditCents` Bs pays `expected` Bs cents (null: no rate, so never). */
export function vesAmountMatches(creditCents: number, expected: number | null): boolean {
  if (expected === null) return false;
  return Math.abs(creditCents - expected) <= vesToleranceCents(expected);
}

/**
 * Date: a transfer shows on the statement the day it is made or a little later (weekends, bank
 * holidays, an inter-bank transfer credited the next business day), and a buyer may report it a day
 * or two after. A credit matches a payment whose Caracas day is within 3 days either side.
 */
export const PAYMENT_WINDOW_DAYS = 3;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** Both "YYYY-MM-DD": the credit's posting day and the payment's day in Caracas. */
export function withinPaymentWindow(postedOn: string, paymentDay: string): boolean {
  const gap = Math.abs(dayNumber(postedOn) - dayNumber(paymentDay));
  return Number.isFinite(gap) && gap <= PAYMENT_WINDOW_DAYS;
}
