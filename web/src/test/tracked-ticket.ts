import type { TrackedTicket } from '@domain/tracking';

/**
 * Number 07 of "Moto Bera" as tracking shows it to its buyer: reserved (apartado) until 21 nov 2026,
 * 8:00 p. m. in Caracas, $10 owed, nothing sent; tests override what they check.
 */
export function trackedTicketFixture(overrides: Partial<TrackedTicket> = {}): TrackedTicket {
  return {
    raffle_id: 'raffle-1',
    raffle_name: 'Moto Bera',
    order_code: 'K7M4Q2XA',
    number: 7,
    ticket_number: '07',
    status: 'apartado',
    total_paid_cents: 0,
    remaining_cents: 1000,
    reserved_until: '2026-11-22T00:00:00.000Z',
    review_hold_until: null,
    sales_closed: false,
    purchased_at: '2026-11-21T22:00:00.000Z',
    payments: [],
    buyer_name_masked: 'm*** p***',
    price_cents: 1000,
    payment_type: 'pago_unico',
    installments: null,
    amount_due_cents: 1000,
    has_pending_payment: false,
    verification_code: 'ABCD3467EF',
    receipt: {
      version: 1,
      raffle_id: 'raffle-1',
      number: 7,
      line: `07:${'a'.repeat(64)}`,
      sold_at: '2026-11-21T22:00:00.000Z',
      held_until: '2026-11-22T00:00:00.000Z',
      signature: 'c2lnbmF0dXJl',
    },
    instant_win_prize: null,
    ...overrides,
  };
}
