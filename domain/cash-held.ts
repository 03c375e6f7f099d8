import { centsField, countField, instantField } from './api';
import { amountCentsField } from './fields';
import { formatUsd } from './money';
import { z } from './zod';

/**
 * Cash held by vendedores (decision 062): money a vendedor records by hand is in their hands until
 * an admin records that they handed it over; the commission it earned waits for that.
 */

export const cashMessages = {
  exceedsHeld: (heldCents: number) =>
    heldCents > 0
      ? `La entrega supera el efectivo que tiene el vendedor por entregar (${formatUsd(heldCents)})`
      : 'Este vendedor no tiene efectivo por entregar',
  requestReused: 'Esta entrega ya se registró con otros datos; recarga la página e inténtalo de nuevo',
} as const;

/** `POST /api/sellers/:id/cash-handovers`: applied to the seller's oldest payments first. */
export const cashHandoverInput = z.object({
  amount_cents: amountCentsField(),
  note: z.string().trim().max(500, 'Nota demasiado larga').nullish(),
  /** Chosen by the client once per hand-over: the same request sent again answers the same hand-over. */
  request_id: z.uuid('Solicitud inválida'),
});
export type CashHandoverInput = z.input<typeof cashHandoverInput>;

/** A payment a vendedor recorded by hand whose cash they have not handed over in full. */
export const cashReceiptSchema = z.object({
  payment_id: z.uuid(),
  raffle_id: z.uuid(),
  raffle_name: z.string(),
  ticket_number: z.string(),
  method: z.string().nullable(),
  amount_cents: centsField,
  /** What of it the vendedor still holds (a refund or an earlier hand-over may have taken part). */
  held_cents: centsField,
  /** The same in Bs at the payment's rate; null when it had none. */
  held_ves_cents: centsField.nullable(),
  created_at: instantField,
});
export type CashReceipt = z.infer<typeof cashReceiptSchema>;

export const cashHandoverSchema = z.object({
  id: z.uuid(),
  amount_cents: centsField,
  amount_ves_cents: centsField.nullable(),
  note: z.string().nullable(),
  /** How many payments it covered (in full or in part). */
  payments: countField,
  created_by_name: z.string().nullable(),
  created_at: instantField,
});
export type CashHandover = z.infer<typeof cashHandoverSchema>;

/**
 * A refund given back out of the seller's cash (their own refund, or an admin's `from_seller_cash`):
 * it lowered what they hold, so the panel shows it beside the hand-overs. A refund the business paid
 * back is not one.
 */
export const cashRefundSchema = z.object({
  refund_id: z.uuid(),
  raffle_id: z.uuid(),
  raffle_name: z.string(),
  ticket_number: z.string(),
  /** What came out of the seller's cash (of one or more of their payments on the sale). */
  amount_cents: centsField,
  /** The same in Bs at those payments' rates, as the rest of the panel; null when one had none. */
  amount_ves_cents: centsField.nullable(),
  /** The whole refund; more when the rest came from money the business already had. */
  refund_amount_cents: centsField,
  reason: z.string(),
  /** Who recorded the refund (an admin, or the seller themself), as hand-overs say it. */
  created_by_name: z.string().nullable(),
  created_at: instantField,
});
export type CashRefund = z.infer<typeof cashRefundSchema>;

/** `GET /api/sellers/:id/cash`: what the seller holds, the commission waiting for it, the hand-overs. */
export const sellerCashSchema = z.object({
  seller_id: z.uuid(),
  held_cents: centsField,
  /** In Bs at each payment's rate; null when one of them had no rate. */
  held_ves_cents: centsField.nullable(),
  payments: countField,
  /** Commission earned on that cash, not payable until it is handed over. */
  held_commission_cents: centsField,
  /** Oldest first (the order a hand-over covers them). */
  receipts: z.array(cashReceiptSchema),
  /** Newest first, the last 50. */
  handovers: z.array(cashHandoverSchema),
  /** Refunds taken out of the seller's cash, newest first, the last 50. */
  refunds: z.array(cashRefundSchema),
});
export type SellerCash = z.infer<typeof sellerCashSchema>;

export const cashHandoverResultSchema = z.object({
  handover: cashHandoverSchema,
  cash: sellerCashSchema,
});
export type CashHandoverResult = z.infer<typeof cashHandoverResultSchema>;

/**
 * Takes `amountCents` from receipts in the order given (a hand-over: oldest first; a refund: the
 * sale's newest first), each at most what it still holds. Integer cents: the parts sum to the
 * amount, or to all that is held when that is less.
 */
export function allocateCash<T extends { heldCents: number }>(
  amountCents: number,
  receipts: readonly T[],
): { receipt: T; amountCents: number }[] {
  const parts: { receipt: T; amountCents: number }[] = [];
  let left = amountCents;
  for (const receipt of receipts) {
    if (left <= 0) break;
    const take = Math.min(left, receipt.heldCents);
    if (take <= 0) continue;
    parts.push({ receipt, amountCents: take });
    left -= take;
  }
  return parts;
}
