import { isNull, sql } from 'drizzle-orm';
import type { TicketRow } from '../../db/rows';
import { tickets } from '../../db/schema';

// What the public and staff ticket modules share about a sale row (each keeps its own repo).

/** Only live sales hold a number; an ended one is history. */
export const isLive = isNull(tickets.endedAt);

/** The columns that end a sale: the number is back on sale; the row stays for history and payments. */
export const endSale = {
  status: 'disponible',
  endedAt: sql`now()`,
  version: sql`nextval('ticket_version_seq')`,
  updatedAt: sql`now()`,
} as const;

/** A sale row as the raw SQL of `reserve` returns it, in drizzle's shape. */
export type RawTicket = Record<string, unknown>;
const toDate = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
export function fromRaw(r: RawTicket): TicketRow {
  return {
    id: String(r.id),
    raffleId: String(r.raffle_id),
    number: Number(r.number),
    ticketNumber: String(r.ticket_number),
    status: String(r.status),
    buyerName: (r.buyer_name as string | null) ?? null,
    buyerPhone: (r.buyer_phone as string | null) ?? null,
    buyerAddress: (r.buyer_address as string | null) ?? null,
    buyerCedula: (r.buyer_cedula as string | null) ?? null,
    buyerEmail: (r.buyer_email as string | null) ?? null,
    paymentMethod: (r.payment_method as string | null) ?? null,
    paymentProof: (r.payment_proof as string | null) ?? null,
    purchasedAt: toDate(r.purchased_at),
    totalPaidCents: Number(r.total_paid_cents),
    remainingCents: Number(r.remaining_cents),
    priceCents: Number(r.price_cents),
    reservedUntil: toDate(r.reserved_until),
    version: Number(r.version),
    endedAt: toDate(r.ended_at),
    orderId: (r.order_id as string | null) ?? null,
    statusByHand: r.status_by_hand === true, // false where a query does not select it
    // A query that does not select it (or a number nobody holds) has none: '' rather than "undefined".
    verificationCode: r.verification_code == null ? '' : String(r.verification_code),
    updatedAt: toDate(r.updated_at) ?? new Date(),
  };
}
