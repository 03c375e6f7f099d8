import type { RaffleStats } from '../../../domain/raffles';
import type { BuyerTicket } from '../../../domain/reservations';
import type { StaffTicket } from '../../../domain/staff-tickets';
import { TICKET_STATUSES } from '../../../domain/tickets';
import type { NumberRow } from './staff-tickets.repo';
import type { TicketRow } from './tickets.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The buyer's own view of their tickets, and the staff view: never sent to anyone else. */
export const toBuyerTicket = (row: TicketRow): BuyerTicket => ({ ...toStaffTicket(row), id: row.id });

/**
 * A number in the staff list: its live sale, or nobody's (id null). An ended sale reads as its
 * number back on sale: 'disponible', no buyer (the row keeps them for history and payments).
 */
export const toStaffTicket = (row: NumberRow): StaffTicket =>
  row.endedAt ? { ...availableView(row), id: row.id } : liveView(row);

const availableView = (row: NumberRow): StaffTicket => ({
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
  reserved_until: null,
});

const liveView = (row: NumberRow): StaffTicket => ({
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
  reserved_until: iso(row.reservedUntil),
});

export const emptyStats = (): RaffleStats => ({
  disponible: 0,
  apartado: 0,
  abonado: 0,
  pagado: 0,
  cancelado: 0,
  total_paid_cents: 0,
  pending_cents: 0,
});

export function addToStats(
  stats: RaffleStats,
  status: string,
  count: number,
  paid: number,
  remaining: number,
) {
  if ((TICKET_STATUSES as readonly string[]).includes(status)) stats[status as keyof typeof stats] += count;
  stats.total_paid_cents += paid;
  if (status !== 'cancelado' && status !== 'disponible') stats.pending_cents += remaining;
}
