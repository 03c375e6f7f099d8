import type { RaffleBuyer } from '@domain/staff-tickets';

/**
 * María, who reserved numbers 007, 012 and 345 and owes $15 by 21 nov 2026, 8:00 p. m. in Caracas
 * (nothing under review); tests override what they check.
 */
export function raffleBuyerFixture(overrides: Partial<RaffleBuyer> = {}): RaffleBuyer {
  return {
    cedula: 'V-12345678',
    buyer_name: 'maría JOSÉ Pérez',
    buyer_phone: '0414-1234567',
    buyer_email: null,
    numbers: [7, 12, 345],
    ticket_numbers: ['007', '012', '345'],
    tickets: 3,
    total_paid_cents: 0,
    remaining_cents: 1500,
    statuses: ['apartado'],
    reserved_until: '2026-11-22T00:00:00.000Z',
    review_hold_until: null,
    sellers: [],
    ...overrides,
  };
}
