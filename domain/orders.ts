import { centsField, countField, instantField } from './api';
import { z } from './zod';

/**
 * An order (pedido) is one reservation: the numbers one buyer reserved together (issue 18). Its
 * public code is 8 characters of an alphabet without look-alikes, shown as `K7M-4Q2X`; the same
 * alphabet is in `new_order_code()` (migration 0010, rewritten in 0029).
 */
export const ORDER_CODE_ALPHABET = '346789ABCDEFGHJKMNPQRTUVWXY';
const ORDER_CODE = new RegExp(`^[${ORDER_CODE_ALPHABET}]{8}$`);

/** `K7M4Q2XA` -> `K7M-4Q2XA`: easier to read aloud and to copy. */
export const formatOrderCode = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;

/** What a buyer types (lower case, dashes, spaces) as the stored code, or null when it cannot be one. */
export function parseOrderCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  return ORDER_CODE.test(code) ? code : null;
}

export const orderCodeField = () =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      const code = parseOrderCode(v);
      if (!code) {
        ctx.addIssue({ code: 'custom', message: 'Código de pedido inválido' });
        return z.NEVER;
      }
      return code;
    })
    .meta({ description: 'Código del pedido, p. ej. K7M-4Q2X (con o sin guion)', example: 'K7M-4Q2X' });

/** A reservation's order, in the reservation's answer. */
export const orderSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  /** What the order's numbers cost in all (their price snapshots). */
  total_cents: centsField,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** One part of a payment: what it gives one number of the order. */
export type PartTarget = {
  ticketId: string;
  number: number;
  /** What the number still owes. */
  owedCents: number;
  /** What it must have paid to hold its reservation: its first cuota (or the whole price). */
  firstDueCents: number;
  /** What it has paid already. */
  paidCents: number;
};
export type PaymentPart = { ticketId: string; number: number; amountCents: number };

/**
 * An order payment spread over its numbers, in number order: first what each still needs of its
 * first cuota, then the rest of each price. Answers null when the amount is more than the order owes.
 */
export function spreadPayment(amountCents: number, targets: PartTarget[]): PaymentPart[] | null {
  const sorted = [...targets].sort((a, b) => a.number - b.number);
  const owed = sorted.reduce((sum, t) => sum + t.owedCents, 0);
  if (amountCents <= 0 || amountCents > owed) return null;
  const given = new Map<string, number>();
  let left = amountCents;
  const give = (t: PartTarget, want: number) => {
    const room = t.owedCents - (given.get(t.ticketId) ?? 0);
    const amount = Math.min(left, Math.max(0, want), room);
    if (amount <= 0) return;
    given.set(t.ticketId, (given.get(t.ticketId) ?? 0) + amount);
    left -= amount;
  };
  for (const t of sorted) give(t, t.firstDueCents - t.paidCents);
  for (const t of sorted) give(t, t.owedCents);
  return sorted
    .filter((t) => (given.get(t.ticketId) ?? 0) > 0)
    .map((t) => ({ ticketId: t.ticketId, number: t.number, amountCents: given.get(t.ticketId) ?? 0 }));
}

/** `GET /api/orders/:code?cedula=`: the buyer's order (the success screen's own URL). */
export const orderQuery = z.object({
  cedula: z.string().trim().min(1, 'Indica la cédula del comprador').max(20),
});

export const orderViewSchema = z.object({
  code: z.string(),
  raffle_id: z.string(),
  raffle_name: z.string(),
  created_at: instantField,
  total_cents: centsField,
  paid_cents: centsField,
  owed_cents: centsField,
  /** What this order must pay now to keep its numbers (the first cuota of each number still owed). */
  due_now_cents: centsField,
  tickets: z.array(
    z.object({
      id: z.string(),
      number: countField,
      ticket_number: z.string(),
      status: z.string(),
      price_cents: centsField,
      total_paid_cents: centsField,
      remaining_cents: centsField,
      reserved_until: instantField.nullable(),
      /**
       * Until when a payment under review keeps this number from expiring (it then outlasts
       * `reserved_until`); null when no pending payment covers its first amount due.
       */
      review_hold_until: instantField.nullable(),
      /** The sale's verification code: this answer is for its buyer (proven by the cedula) only. */
      verification_code: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      amount_cents: centsField,
      amount_ves_cents: centsField.nullable(),
      payment_method: z.string(),
      reference: z.string().nullable(),
      created_at: instantField,
      rejection_reason: z.string().nullable(),
    }),
  ),
});
export type OrderView = z.infer<typeof orderViewSchema>;
