import { formatDateTime } from '@domain/dates';
import { formatBs, formatUsd } from '@domain/money';
import { firstName } from '@domain/names';
import type { RaffleBuyer } from '@domain/staff-tickets';
import { buyersTexts } from './texts';

/** A WhatsApp link stays usable (well under URL limits) even for a buyer with hundreds of numbers. */
export const MAX_NUMBERS_IN_MESSAGE = 60;

export type ReminderInput = {
  buyer: Pick<
    RaffleBuyer,
    'buyer_name' | 'ticket_numbers' | 'remaining_cents' | 'reserved_until' | 'review_hold_until'
  >;
  raffle: { name: string; payment_instructions?: string | null };
  /** Bolívares per dollar, or null when there is no rate (the amount goes in USD only). */
  vesRate: number | null;
};

function numberList(numbers: string[]): string {
  const shown = numbers.slice(0, MAX_NUMBERS_IN_MESSAGE).join(', ');
  const rest = numbers.length - MAX_NUMBERS_IN_MESSAGE;
  return rest > 0 ? `${shown} ${buyersTexts.reminder.moreNumbers(rest)}` : shown;
}

/** Whether the buyer still owes money: the link then reminds instead of thanking. */
export const owesMoney = (buyer: Pick<RaffleBuyer, 'remaining_cents'>) => buyer.remaining_cents > 0;

/**
 * Whether everything they still have to pay by a deadline is kept by a payment under review (the
 * server leaves `reserved_until` to the reservations no review keeps): nothing to remind them of.
 */
export const onlyInReview = (
  buyer: Pick<RaffleBuyer, 'remaining_cents' | 'reserved_until' | 'review_hold_until'>,
) => owesMoney(buyer) && buyer.review_hold_until !== null && buyer.reserved_until === null;

/**
 * The message staff send a buyer by WhatsApp: what they owe, by when and how to pay; when what
 * they owe has a payment under review, that it is kept meanwhile; or, when nothing is owed, a
 * thank-you with their numbers.
 */
export function reminderText({ buyer, raffle, vesRate }: ReminderInput): string {
  const t = buyersTexts.reminder;
  const lines = [t.greeting(firstName(buyer.buyer_name))];
  if (!owesMoney(buyer)) {
    lines.push(t.thanksIntro(raffle.name));
    if (buyer.ticket_numbers.length > 0) lines.push(t.numbers(numberList(buyer.ticket_numbers)));
    lines.push(t.nothingOwed, t.thanksClosing);
    return lines.join('\n');
  }
  if (buyer.review_hold_until && onlyInReview(buyer)) {
    lines.push(t.inReviewIntro(raffle.name));
    if (buyer.ticket_numbers.length > 0) lines.push(t.numbers(numberList(buyer.ticket_numbers)));
    lines.push(t.keptUntil(formatDateTime(buyer.review_hold_until)), t.inReviewClosing);
    return lines.join('\n');
  }
  const amount =
    vesRate !== null
      ? `${formatUsd(buyer.remaining_cents)} (${formatBs(buyer.remaining_cents, vesRate)})`
      : formatUsd(buyer.remaining_cents);
  lines.push(t.owedIntro(raffle.name));
  if (buyer.ticket_numbers.length > 0) lines.push(t.numbers(numberList(buyer.ticket_numbers)));
  lines.push(t.owed(amount));
  if (buyer.review_hold_until) lines.push(t.partlyInReview);
  if (buyer.reserved_until) lines.push(t.deadline(formatDateTime(buyer.reserved_until)));
  const instructions = raffle.payment_instructions?.trim();
  if (instructions) lines.push('', t.howToPay, instructions);
  lines.push('', t.owedClosing);
  return lines.join('\n');
}
