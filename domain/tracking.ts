import { cedulaField } from './fields';
import { z } from './zod';

export const trackingMessages = {
  invalidCedula: 'Cédula inválida: usa V o E seguido de los números, p. ej. V-12345678',
  invalidLast4: 'Escribe los últimos 4 dígitos de tu teléfono',
  noTickets: 'No encontramos tickets con esos datos. Revisa la cédula y los 4 dígitos.',
} as const;

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

export type TrackedPayment = {
  status: string;
  amount_cents: number;
  payment_date: string;
  /** Why staff rejected it, in their words; null unless rejected. */
  rejection_reason: string | null;
};

/** A buyer's ticket as tracking shows it: no ticket id, no contact data. */
export type TrackedTicket = {
  raffle_id: string;
  raffle_name: string;
  number: number;
  ticket_number: string;
  status: string;
  total_paid_cents: number;
  remaining_cents: number;
  reserved_until: string | null;
  purchased_at: string | null;
  payments: TrackedPayment[];
  buyer_name_masked: string;
  price_cents: number;
  payment_type: 'pago_unico' | 'cuotas';
  installments: number | null;
  /** What to pay next: the rest of the price, or the next cuota (never more than what remains). */
  amount_due_cents: number;
  /** True while a payment of this ticket waits for review (the buyer need not send another). */
  has_pending_payment: boolean;
};
