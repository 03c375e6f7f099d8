import { describe, expect, it } from 'vitest';
import { staffPaymentFixture } from '@/test/staff-payment';
import { paymentBsCents, paymentNumbers } from './payment-amount';

describe('paymentBsCents', () => {
  it('keeps the Bs the buyer typed, else converts at the payment rate, else has none', () => {
    expect(paymentBsCents(staffPaymentFixture({ amount_ves_cents: 18_250 }))).toBe(18_250);
    expect(paymentBsCents(staffPaymentFixture({ amount_cents: 500, rate_to_usd: 36.5 }))).toBe(18_250);
    expect(paymentBsCents(staffPaymentFixture({ rate_to_usd: null }))).toBeNull();
    // $1 at 36,035 is Bs 36,04, as the CSV and the cash panels say (100 × 36.035 is 3603.4999…).
    expect(paymentBsCents(staffPaymentFixture({ amount_cents: 100, rate_to_usd: 36.035 }))).toBe(3604);
  });
});

describe('paymentNumbers', () => {
  it('lists the numbers of its parts, or its own ticket without parts', () => {
    const parts = [
      {
        ticket_id: 't3',
        number: 3,
        ticket_number: '03',
        amount_cents: 500,
        status: 'apartado',
        remaining_cents: 500,
        instant_win_prize: null,
      },
      {
        ticket_id: 't4',
        number: 4,
        ticket_number: '04',
        amount_cents: 250,
        status: 'apartado',
        remaining_cents: 750,
        instant_win_prize: null,
      },
    ];
    expect(paymentNumbers(staffPaymentFixture({ parts }))).toEqual(['03', '04']);
    expect(paymentNumbers(staffPaymentFixture({ parts: [] }))).toEqual(['07']);
  });
});
