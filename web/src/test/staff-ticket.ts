import type { StaffTicket } from '@domain/staff-tickets';

/**
 * Number 07 of a raffle as the staff list shows it: held (apartado) by María Pérez until 21 nov
 * 2026, 8:00 p. m. in Caracas, $5 owed, nothing paid; tests override what they check.
 */
export function staffTicketFixture(overrides: Partial<StaffTicket> = {}): StaffTicket {
  return {
    id: 'sale-1',
    raffle_id: 'raffle-1',
    number: 7,
    ticket_number: '07',
    status: 'apartado',
    buyer_name: 'maría pérez',
    buyer_phone: '0414-1234567',
    buyer_address: null,
    buyer_cedula: 'V-12345678',
    buyer_email: null,
    payment_method: 'pago_movil',
    payment_proof: null,
    purchased_at: '2026-11-20T22:00:00.000Z',
    total_paid_cents: 0,
    remaining_cents: 500,
    price_cents: 500,
    reserved_until: '2026-11-22T00:00:00.000Z',
    verification_code: 'ABCD3467EF',
    review_hold_until: null,
    ...overrides,
  };
}
