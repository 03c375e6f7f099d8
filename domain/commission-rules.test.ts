import { describe, expect, it } from 'vitest';
import {
  earningFor,
  heldCommissionFor,
  percentBetween,
  percentOf,
  reversalFor,
  saleCommission,
} from './commission-rules';
import { commissionTermsInput, percentToBp } from './commissions';

const percent = (bp: number) => ({ percentBp: bp, perNumberCents: null });
const perNumber = (cents: number) => ({ percentBp: null, perNumberCents: cents });

describe('commission arithmetic (decision 037)', () => {
  it('a percent is rounded down to the cent, in integers', () => {
    expect(percentOf(333, 750)).toBe(24);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(9, 1000)).toBe(0);
    expect(percentOf(100_000_000, 10_000)).toBe(100_000_000);
  });

  it('earns per part for a percent, and once per fully paid number for a fixed amount', () => {
    expect(
      earningFor(percent(1000), {
        amountCents: 500,
        paidAfterCents: 500,
        fullyPaid: false,
        perNumberStanding: false,
      }),
    ).toBe(50);
    expect(
      earningFor(perNumber(150), {
        amountCents: 500,
        paidAfterCents: 500,
        fullyPaid: false,
        perNumberStanding: false,
      }),
    ).toBe(0);
    expect(
      earningFor(perNumber(150), {
        amountCents: 500,
        paidAfterCents: 500,
        fullyPaid: true,
        perNumberStanding: false,
      }),
    ).toBe(150);
    expect(
      earningFor(perNumber(150), {
        amountCents: 500,
        paidAfterCents: 500,
        fullyPaid: true,
        perNumberStanding: true,
      }),
    ).toBe(0);
  });

  it('never pays a fixed amount beyond what the number brought in (decision 060)', () => {
    const full = { amountCents: 500, paidAfterCents: 1000, fullyPaid: true, perNumberStanding: false };
    expect(earningFor(perNumber(5000), full)).toBe(1000);
    expect(earningFor(perNumber(150), full)).toBe(150);
  });

  it('rounds the running total, not each movement: a 1-cent refund is taken back when it crosses a cent', () => {
    expect(percentBetween(1999, 2000, 5000)).toBe(1);
    expect(percentBetween(1998, 1999, 5000)).toBe(0);
    const paid = [{ kind: 'earned', amountCents: 1000, percentBp: 5000, perNumberCents: null }];
    expect(
      reversalFor(saleCommission(paid), { amountCents: 1, paidAfterCents: 1999, fullyPaidAfter: false })
        .percentCents,
    ).toBe(1);
    // Paying back 200 cents after 200 refunds of 1 cent earns what those refunds took back, no more.
    expect(
      earningFor(percent(5000), {
        amountCents: 200,
        paidAfterCents: 2000,
        fullyPaid: true,
        perNumberStanding: false,
      }),
    ).toBe(100);
    // Three payments of 5 cents at 10 %: 1 cent in all, as 10 % of 15 is.
    const parts = [5, 10, 15].map((after) =>
      earningFor(percent(1000), {
        amountCents: 5,
        paidAfterCents: after,
        fullyPaid: false,
        perNumberStanding: false,
      }),
    );
    expect(parts).toEqual([0, 1, 0]);
  });

  it('reverses at the earned rate, never beyond what stands, and the fixed amount when no longer paid', () => {
    const earned = [{ kind: 'earned', amountCents: 100, percentBp: 1000, perNumberCents: null }];
    expect(
      reversalFor(saleCommission(earned), { amountCents: 300, paidAfterCents: 700, fullyPaidAfter: false }),
    ).toEqual({
      percentCents: 30,
      perNumberCents: 0,
    });
    const mostlyBack = [
      ...earned,
      { kind: 'reversed', amountCents: 95, percentBp: 1000, perNumberCents: null },
    ];
    expect(
      reversalFor(saleCommission(mostlyBack), { amountCents: 700, paidAfterCents: 0, fullyPaidAfter: false })
        .percentCents,
    ).toBe(5);
    const fixed = [{ kind: 'earned', amountCents: 200, percentBp: null, perNumberCents: 200 }];
    expect(
      reversalFor(saleCommission(fixed), { amountCents: 1, paidAfterCents: 999, fullyPaidAfter: false })
        .perNumberCents,
    ).toBe(200);
    expect(
      reversalFor(saleCommission(fixed), { amountCents: 1, paidAfterCents: 1000, fullyPaidAfter: true })
        .perNumberCents,
    ).toBe(0);
  });

  it('takes back, and holds, at the highest percent the sale earned at: lowered terms free nothing', () => {
    // $10,00 at 20 %, then the terms lowered to 5 % and $0,20 more: 200 + 1.
    const sale = saleCommission([
      { kind: 'earned', amountCents: 200, percentBp: 2000, perNumberCents: null },
      { kind: 'earned', amountCents: 1, percentBp: 500, perNumberCents: null },
    ]);
    expect(sale).toMatchObject({ percentNet: 201, highestBp: 2000 });
    // Held: all of it while the $10,20 is held (at the newest 5 % only 51 would be).
    expect(heldCommissionFor(sale, { heldCents: 1020, paidCents: 1020 })).toBe(201);
    // Refunded in full, nothing stands; half refunded, half the 20 % goes back.
    const all = reversalFor(sale, { amountCents: 1020, paidAfterCents: 0, fullyPaidAfter: false });
    expect(all.percentCents).toBe(201);
    const half = reversalFor(sale, { amountCents: 510, paidAfterCents: 510, fullyPaidAfter: false });
    expect(half.percentCents).toBe(102);
    // After a raise the newest percent is the highest: as before.
    const raised = saleCommission([
      { kind: 'earned', amountCents: 50, percentBp: 500, perNumberCents: null },
      { kind: 'earned', amountCents: 4, percentBp: 2000, perNumberCents: null },
    ]);
    expect(raised.highestBp).toBe(2000);
  });

  it('reads a reversal that undid both kinds by its snapshots', () => {
    const sale = saleCommission([
      { kind: 'earned', amountCents: 50, percentBp: 1000, perNumberCents: null },
      { kind: 'earned', amountCents: 200, percentBp: null, perNumberCents: 200 },
      { kind: 'reversed', amountCents: 210, percentBp: 1000, perNumberCents: 200 },
    ]);
    expect(sale).toMatchObject({ percentNet: 40, perNumberNet: 0, highestBp: 1000, lastPerNumber: 200 });
  });

  it('takes exactly one kind, with up to 2 decimals', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(commissionTermsInput.safeParse({ seller_id: id, percent: 12.5 }).success).toBe(true);
    expect(commissionTermsInput.safeParse({ seller_id: id, percent: 0.07 }).success).toBe(true);
    expect(commissionTermsInput.safeParse({ seller_id: id, percent: 1.005 }).success).toBe(false);
    expect(commissionTermsInput.safeParse({ seller_id: id }).success).toBe(false);
    expect(commissionTermsInput.safeParse({ seller_id: id, percent: 1, per_number_cents: 1 }).success).toBe(
      false,
    );
    expect(percentToBp(0.07)).toBe(7);
    expect(percentToBp(33.33)).toBe(3333);
  });
});
