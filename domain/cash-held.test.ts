import { describe, expect, it } from 'vitest';
import { allocateCash } from './cash-held';
import { heldCommissionFor, saleCommission } from './commission-rules';

describe('allocateCash', () => {
  it('takes from each receipt in order, at most what it holds, summing to the amount', () => {
    const receipts = [{ heldCents: 1000 }, { heldCents: 0 }, { heldCents: 700 }, { heldCents: 300 }];
    expect(allocateCash(1500, receipts).map((p) => p.amountCents)).toEqual([1000, 500]);
    expect(allocateCash(1500, receipts)[1]?.receipt).toBe(receipts[2]);
    expect(allocateCash(5000, receipts).map((p) => p.amountCents)).toEqual([1000, 700, 300]);
    expect(allocateCash(0, receipts)).toEqual([]);
  });
});

describe('heldCommissionFor', () => {
  const earned = (amountCents: number, percentBp: number | null, perNumberCents: number | null = null) => ({
    kind: 'earned',
    amountCents,
    percentBp,
    perNumberCents,
  });

  it('percent: what refunding the held cash would take back, on the running total', () => {
    // $10 approved by an admin and $10 held at 12.5 %: 125 + 125 earned, 125 held.
    const sale = saleCommission([earned(125, 1250), earned(125, 1250)]);
    expect(heldCommissionFor(sale, { heldCents: 1000, paidCents: 2000 })).toBe(125);
    // $5 of the held $10 handed over: floor(12.5 % of 2000) − floor(12.5 % of 1500) = 250 − 187.
    expect(heldCommissionFor(sale, { heldCents: 500, paidCents: 2000 })).toBe(63);
    expect(heldCommissionFor(sale, { heldCents: 0, paidCents: 2000 })).toBe(0);
  });

  it('per number: held whole while the number needs the held cash to be fully paid', () => {
    const sale = saleCommission([earned(150, null, 150)]);
    expect(heldCommissionFor(sale, { heldCents: 1, paidCents: 1000 })).toBe(150);
    expect(heldCommissionFor(saleCommission([]), { heldCents: 500, paidCents: 1000 })).toBe(0);
  });
});
