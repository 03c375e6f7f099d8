import type { StaffPayment } from '@domain/payments';
import { describe, expect, it } from 'vitest';
import { duplicateTargets, groupAmount, groupPayments } from './payment-groups';

let sequence = 0;
function payment(overrides: {
  group_key?: string | null;
  number?: number;
  raffle_id?: string;
  amount_cents?: number;
  rate_to_usd?: number | null;
  duplicate_of?: string | null;
}): StaffPayment {
  const id = `p${++sequence}`;
  const number = overrides.number ?? sequence;
  return {
    id,
    ticket_id: `t-${overrides.raffle_id ?? 'r1'}-${number}`,
    status: 'pending',
    amount_cents: overrides.amount_cents ?? 500,
    payment_method: 'pago_movil',
    reference: null,
    payment_proof: '/api/files/a.png',
    payment_date: '2026-05-01T12:00:00.000Z',
    notes: null,
    rate_to_usd: overrides.rate_to_usd === undefined ? 36.5 : overrides.rate_to_usd,
    duplicate_of: overrides.duplicate_of ?? null,
    created_at: '2026-05-01T12:00:00.000Z',
    reviewed_at: null,
    rejection_reason: null,
    review_until: null,
    group_key: overrides.group_key === undefined ? null : overrides.group_key,
    ticket: {
      id: `t-${overrides.raffle_id ?? 'r1'}-${number}`,
      number,
      ticket_number: String(number).padStart(3, '0'),
      raffle_id: overrides.raffle_id ?? 'r1',
      raffle_name: 'Moto',
      status: 'apartado',
      buyer_name: 'maría pérez',
      buyer_email: null,
      buyer_phone: '0414-1234567',
      buyer_cedula: 'V-12345678',
      remaining_cents: 500,
    },
  };
}

const numbersOf = (groups: ReturnType<typeof groupPayments>) =>
  groups.map((g) => g.payments.map((p) => p.ticket.number));

describe('groupPayments', () => {
  it('puts the payments of one proof on one card, numbers in order, keeping the list order', () => {
    const list = [
      payment({ group_key: 'sha:V-1', number: 12 }),
      payment({ group_key: null, number: 3 }),
      payment({ group_key: 'sha:V-1', number: 7 }),
      payment({ group_key: 'other:V-2', number: 40 }),
    ];
    const groups = groupPayments(list);
    expect(numbersOf(groups)).toEqual([[7, 12], [3], [40]]);
    expect(groups[0]?.id).toBe(list[0]?.id);
  });

  it('never groups payments without a proof', () => {
    expect(numbersOf(groupPayments([payment({ number: 1 }), payment({ number: 2 })]))).toEqual([[1], [2]]);
  });

  it('keeps one proof in two raffles, or sent twice for one number, on separate cards', () => {
    const groups = groupPayments([
      payment({ group_key: 'sha:V-1', number: 5 }),
      payment({ group_key: 'sha:V-1', number: 5 }),
      payment({ group_key: 'sha:V-1', number: 5, raffle_id: 'r2' }),
      payment({ group_key: 'sha:V-1', number: 6 }),
    ]);
    expect(numbersOf(groups)).toEqual([[5, 6], [5], [5]]);
  });
});

describe('groupAmount', () => {
  it('adds USD and converts each payment at its own rate', () => {
    expect(groupAmount([payment({ amount_cents: 500 }), payment({ amount_cents: 250 })])).toEqual({
      usdCents: 750,
      bsCents: 27_375,
      rate: 36.5,
    });
    const mixed = groupAmount([
      payment({ amount_cents: 100, rate_to_usd: 36 }),
      payment({ amount_cents: 100, rate_to_usd: 40 }),
    ]);
    expect(mixed).toEqual({ usdCents: 200, bsCents: 7600, rate: null });
  });

  it('has no Bs amount when a payment has no rate snapshot', () => {
    expect(groupAmount([payment({ rate_to_usd: null }), payment({})])).toMatchObject({
      bsCents: null,
      rate: null,
    });
  });
});

describe('duplicateTargets', () => {
  it('lists each earlier payment once', () => {
    expect(
      duplicateTargets([
        payment({ duplicate_of: 'a' }),
        payment({ duplicate_of: 'a' }),
        payment({ duplicate_of: 'b' }),
        payment({}),
      ]),
    ).toEqual(['a', 'b']);
  });
});
