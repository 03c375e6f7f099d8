import type { BuyerTicket } from '../../../domain/reservations';
import type { StaffTicket } from '../../../domain/staff-tickets';
import type { TicketRow } from './tickets.repo';

/** A sale row, or (staff list) a number's row without a sale: id null. */
type SaleLike = Omit<TicketRow, 'id'> & { id: string | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The buyer's own view of their tickets (the staff view of a live sale): never sent to anyone else. */
export const toBuyerTicket = (row: TicketRow): BuyerTicket => ({ ...saleView(row), id: row.id });

/** A number back on sale: 'disponible', no buyer (an ended sale's row keeps them for history). */
export const availableView = (row: SaleLike): StaffTicket => ({
  id: null,
  raffle_id: row.raffleId,
  number: row.number,
  ticket_number: row.ticketNumber,
  status: 'disponible',
  buyer_name: null,
  buyer_phone: null,
  buyer_address: null,
  buyer_cedula: null,
  buyer_email: null,
  payment_method: null,
  payment_proof: null,
  purchased_at: null,
  total_paid_cents: 0,
  remaining_cents: 0,
  price_cents: null,
  reserved_until: null,
  verification_code: null,
});

/** A live sale with its buyer, as the buyer and staff see it. */
export const saleView = (row: SaleLike): StaffTicket => ({
  id: row.id,
  raffle_id: row.raffleId,
  number: row.number,
  ticket_number: row.ticketNumber,
  status: row.status,
  buyer_name: row.buyerName,
  buyer_phone: row.buyerPhone,
  buyer_address: row.buyerAddress,
  buyer_cedula: row.buyerCedula,
  buyer_email: row.buyerEmail,
  payment_method: row.paymentMethod,
  payment_proof: row.paymentProof,
  purchased_at: iso(row.purchasedAt),
  total_paid_cents: row.totalPaidCents,
  remaining_cents: row.remainingCents,
  price_cents: row.priceCents,
  reserved_until: iso(row.reservedUntil),
  verification_code: row.verificationCode || null,
});
