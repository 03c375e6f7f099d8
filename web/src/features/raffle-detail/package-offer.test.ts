import { describe, expect, it } from 'vitest';
import { firstCuotasCents, packageAdds, selectionPrice } from './package-offer';

const raffle = {
  price_cents: 500,
  packages: [
    { numbers: 5, price_cents: 2_000 },
    { numbers: 10, price_cents: 3_500 },
  ],
};

describe('package buttons', () => {
  it('complete the selection up to the next multiple of the package', () => {
    expect(packageAdds(5, 0)).toBe(5);
    expect(packageAdds(5, 3)).toBe(2);
    expect(packageAdds(5, 5)).toBe(5);
    expect(packageAdds(10, 7)).toBe(3);
    // Never past what one reservation takes (100).
    expect(packageAdds(10, 97)).toBe(3);
    expect(packageAdds(5, 100)).toBe(0);
  });

  it('price the selection as the server does, with the saving', () => {
    expect(selectionPrice(raffle, 7)).toMatchObject({ totalCents: 3_000, savingCents: 500, singles: 2 });
    expect(selectionPrice(raffle, 4)).toMatchObject({ totalCents: 2_000, savingCents: 0 });
    expect(selectionPrice({ price_cents: 500, packages: [] }, 3).totalCents).toBe(1_500);
  });

  it("in cuotas, today is one cuota of each number's share, rounded up per number", () => {
    expect(firstCuotasCents(1_000, 3, 2)).toBe(167 + 167 + 167);
    expect(firstCuotasCents(2_000, 5, 4)).toBe(5 * 100);
  });
});
