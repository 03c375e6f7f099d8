import type { StaffPayment } from '@domain/payments';

let serial = 0;

/** A pending pago móvil of $5 for number 07 of "Moto Bera", one part; tests override what they check. */
export function staffPaymentFixture(overrides: Partial<StaffPayment> = {}, number = 7): StaffPayment {
  serial++;
  const ticketNumber = String(number).padStart(2, '0');
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    ticket_id: `ticket-${number}`,
    status: 'pending',
    amount_cents: 500,
    payment_method: 'pago_movil',
    reference: '123456',
    payment_proof: null,
    payment_date: '2026-05-02T14:00:00.000Z',
    notes: null,
    rate_to_usd: 36.5,
    duplicate_of: null,
    order_code: 'K7M4Q2XA',
    amount_ves_cents: null,
    bank_code: '0134',
    payer_phone: '04141234567',
    paid_on: '2026-05-02',
    recorded_by_staff: false,
    created_at: '2026-05-02T14:00:00.000Z',
    reviewed_at: null,
    rejection_reason: null,
    review_until: null,
    group_key: null,
    parts: [
      {
        ticket_id: `ticket-${number}`,
        number,
        ticket_number: ticketNumber,
        amount_cents: 500,
        status: 'apartado',
        remaining_cents: 500,
        instant_win_prize: null,
      },
    ],
    surplus: false,
    bank_confirmed: false,
    ticket: {
      id: `ticket-${number}`,
      number,
      ticket_number: ticketNumber,
      raffle_id: 'raffle-1',
      raffle_name: 'Moto Bera',
      status: 'apartado',
      buyer_name: 'María Pérez',
      buyer_email: null,
      buyer_phone: '04141234567',
      buyer_cedula: 'V-12345678',
      remaining_cents: 500,
    },
    ...overrides,
  };
}
