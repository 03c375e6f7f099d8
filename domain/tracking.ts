import { centsField, countField, instantField } from './api';
import { cedulaField } from './fields';
import { z } from './zod';

export const trackingMessages = {
  invalidCedula: 'Cédula inválida: usa V o E seguido de los números, p. ej. V-12345678',
  invalidLast4: 'Escribe los últimos 4 dígitos de tu teléfono',
  noTickets: 'No encontramos tickets con esos datos. Revisa la cédula y los 4 dígitos.',
} as const;

/** A signed receipt (domain/verification.ts `Receipt`; the signed bytes are `receiptMessage`). */
export const receiptSchema = z.object({
  version: z.literal(1),
  raffle_id: z.string(),
  number: countField,
  line: z.string(),
  sold_at: instantField,
  held_until: instantField.nullable(),
  signature: z.string(),
});

/** `POST /api/tracking`: a buyer looks up their tickets by cedula and the last four phone digits. */
export const trackingQuerySchema = z
  .object({
    cedula: cedulaField(trackingMessages.invalidCedula),
    phone_last4: z.string(trackingMessages.invalidLast4).regex(/^\d{4}$/, trackingMessages.invalidLast4),
  })
  .strict();
export type TrackingQuery = z.input<typeof trackingQuerySchema>;

/** "maría pérez" -> "m*** p***": enough for a buyer to recognize, too little to identify them. */
export function maskBuyerName(name: string | null | undefined): string {
  return (name ?? '')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${Array.from(word)[0]}***`)
    .join(' ');
}

export const trackedPaymentSchema = z.object({
  status: z.string(),
  /** What this payment gave this number (a payment for an order is spread over its numbers). */
  amount_cents: centsField,
  payment_date: instantField,
  /** Why staff rejected it, in their words; null unless rejected. */
  rejection_reason: z.string().nullable(),
});
export type TrackedPayment = z.infer<typeof trackedPaymentSchema>;

/** A buyer's ticket as tracking shows it: no ticket id, no contact data. */
export const trackedTicketSchema = z.object({
  raffle_id: z.string(),
  raffle_name: z.string(),
  /** The order (reservation) it belongs to: pay the whole order with one proof. */
  order_code: z.string().nullable(),
  number: countField,
  ticket_number: z.string(),
  status: z.string(),
  total_paid_cents: centsField,
  remaining_cents: centsField,
  reserved_until: instantField.nullable(),
  /**
   * Until when a payment under review keeps this reservation from expiring (it then outlasts
   * `reserved_until`); null when no pending payment covers its first amount due.
   */
  review_hold_until: instantField.nullable(),
  /**
   * The raffle's sales closed (closed, drawn, or past its closing date): a number held now is in the
   * published list for good, so `reserved_until` is no longer a deadline.
   */
  sales_closed: z.boolean(),
  purchased_at: instantField.nullable(),
  payments: z.array(trackedPaymentSchema),
  buyer_name_masked: z.string(),
  price_cents: centsField,
  payment_type: z.enum(['pago_unico', 'cuotas']),
  installments: z.int().nullable(),
  /** What to pay next: the rest of the price, or the next cuota (never more than what remains). */
  amount_due_cents: centsField,
  /** True while a payment of this ticket waits for review (the buyer need not send another). */
  has_pending_payment: z.boolean(),
  /** With the cedula, proves this sale's line in the sealed list (docs/verification.md). */
  verification_code: z.string(),
  /** The sale's signed receipt, to keep: if its line is missing from the published list, that is proof. */
  receipt: receiptSchema,
  /** "¡Ganaste!": the instant-win prize this sale won when it became fully paid (decision 041), or null. */
  instant_win_prize: z.string().nullable(),
});
export type TrackedTicket = z.infer<typeof trackedTicketSchema>;

/** `POST /api/tracking`: every ticket of the buyer (an empty list when nothing matches). */
export const trackingResultSchema = z.object({ tickets: z.array(trackedTicketSchema) });
export type TrackingResult = z.infer<typeof trackingResultSchema>;
