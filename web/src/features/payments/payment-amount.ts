import { formatUsd, vesCentsAt } from '@domain/money';
import type { StaffPayment } from '@domain/payments';

/**
 * The payment's amount in Bs céntimos: what the buyer typed when they paid in Bs (converted on the
 * server at the day's rate), else the USD amount at the payment's rate snapshot, rounded as everywhere
 * (`vesCentsAt`); null without one.
 */
export function paymentBsCents(
  payment: Pick<StaffPayment, 'amount_cents' | 'amount_ves_cents' | 'rate_to_usd'>,
) {
  if (payment.amount_ves_cents !== null) return payment.amount_ves_cents;
  return vesCentsAt(payment.amount_cents, payment.rate_to_usd);
}

/** The numbers a payment pays: its parts, or its own ticket for a payment recorded before orders. */
export function paymentNumbers(payment: StaffPayment): string[] {
  return payment.parts.length > 0
    ? payment.parts.map((p) => p.ticket_number)
    : [payment.ticket.ticket_number];
}

/**
 * What a surplus payment's numbers still owe now, formatted; null when they owe nothing (paid in
 * full another way). A part whose number went back on sale owes nothing to this buyer.
 */
export function surplusOwes(payment: Pick<StaffPayment, 'parts'>): string | null {
  const owed = payment.parts
    .filter((p) => p.status !== 'disponible' && p.status !== 'cancelado')
    .reduce((sum, p) => sum + p.remaining_cents, 0);
  return owed > 0 ? formatUsd(owed) : null;
}
