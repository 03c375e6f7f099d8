import type { RaffleStats } from '../../../domain/raffles';
import type { BuyerTicket } from '../../../domain/reservations';
import { TICKET_STATUSES } from '../../../domain/tickets';
import type { TicketRow } from './tickets.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The buyer's own view of their tickets, and the staff view: never sent to anyone else. */
export const toBuyerTicket = (row: TicketRow): BuyerTicket => ({
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
