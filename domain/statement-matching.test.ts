import { describe, expect, it } from 'vitest';
import {
  expectedVesCents,
  vesAmountMatches,
  vesToleranceCents,
  withinPaymentWindow,
} from './statement-matching';

describe('a credit in Bs against a payment in USD at its rate', () => {
  it('converts USD cents at the snapshotted rate, rounded to the cent', () => {
    expect(expectedVesCents(1000, 245.5)).toBe(245_500);
    expect(expectedVesCents(333, 36.123456)).toBe(12_029);
    expect(expectedVesCents(1000, null)).toBeNull();
    expect(expectedVesCents(1000, 0)).toBeNull();
  });

  it('expects the céntimos the buyer was shown, half away from zero, so the tolerance edge is the same', () => {
    // $1 at 36,035 is Bs 36,035: every screen shows Bs 36,04, though 100 × 36.035 is 3603.4999….
    const expected = expectedVesCents(100, 36.035);
    expect(expected).toBe(3604);
    // 1 Bs either side of Bs 36,04, not of Bs 36,03.
    expect(vesAmountMatches(3704, expected)).toBe(true);
    expect(vesAmountMatches(3504, expected)).toBe(true);
    expect(vesAmountMatches(3705, expected)).toBe(false);
    expect(vesAmountMatches(3503, expected)).toBe(false);
  });

  it('accepts 1 Bs of difference on small amounts and 0.5 % on large ones', () => {
    expect(vesToleranceCents(10_000)).toBe(100); // 100 Bs: 0.5 % is 0.50 Bs, so 1 Bs
    expect(vesToleranceCents(245_500)).toBe(1228); // 2,455 Bs: 12.28 Bs
    expect(vesAmountMatches(10_099, 10_000)).toBe(true);
    expect(vesAmountMatches(10_101, 10_000)).toBe(false);
    expect(vesAmountMatches(245_500 + 1228, 245_500)).toBe(true);
    expect(vesAmountMatches(245_500 - 1229, 245_500)).toBe(false);
  });

  it('never matches a payment without a rate', () => {
    expect(vesAmountMatches(245_500, null)).toBe(false);
  });
});

describe('the date window', () => {
  it('takes a credit up to 3 days before or after the payment, across months', () => {
    expect(withinPaymentWindow('2026-11-03', '2026-11-03')).toBe(true);
    expect(withinPaymentWindow('2026-11-06', '2026-11-03')).toBe(true);
    expect(withinPaymentWindow('2026-10-31', '2026-11-03')).toBe(true);
    expect(withinPaymentWindow('2026-11-07', '2026-11-03')).toBe(false);
    expect(withinPaymentWindow('2026-10-30', '2026-11-03')).toBe(false);
    expect(withinPaymentWindow('2026-13-01', '2026-11-03')).toBe(false);
  });
});
