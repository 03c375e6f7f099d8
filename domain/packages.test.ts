import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptSalePrices } from './package-pricing';
import { packagesProblem, priceFor, type RafflePackage, splitCents } from './packages';

const fiveFor20 = { numbers: 5, price_cents: 2_000 };
const tenFor35 = { numbers: 10, price_cents: 3_500 };

describe('priceFor', () => {
  it('charges "5 por $20" and "10 por $35" the cheapest way for the count picked', () => {
    expect(priceFor(5, 500, [fiveFor20, tenFor35])).toMatchObject({
      totalCents: 2_000,
      savingCents: 500,
      singles: 0,
    });
    expect(priceFor(7, 500, [fiveFor20, tenFor35])).toMatchObject({
      totalCents: 3_000,
      savingCents: 500,
      singles: 2,
    });
    expect(priceFor(10, 500, [fiveFor20, tenFor35])).toMatchObject({
      totalCents: 3_500,
      uses: [{ numbers: 10, priceCents: 3_500, times: 1 }],
    });
    expect(priceFor(15, 500, [fiveFor20, tenFor35]).totalCents).toBe(5_500);
    expect(priceFor(3, 500, [fiveFor20, tenFor35])).toMatchObject({
      totalCents: 1_500,
      savingCents: 0,
      uses: [],
    });
    expect(priceFor(0, 500, [fiveFor20]).totalCents).toBe(0);
  });

  it('is never dearer than singles nor than any one way of making up the count', () => {
    const pkg = fc.record({
      numbers: fc.integer({ min: 2, max: 20 }),
      price_cents: fc.integer({ min: 1, max: 20_000 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 2_000 }),
        fc.array(pkg, { maxLength: 5 }),
        (count, unit, packages) => {
          const price = priceFor(count, unit, packages);
          expect(price.totalCents).toBeLessThanOrEqual(count * unit);
          expect(price.savingCents).toBe(count * unit - price.totalCents);
          // The combination it reports adds up to the count and the total.
          const numbers = price.singles + price.uses.reduce((s, u) => s + u.numbers * u.times, 0);
          const cents = price.singles * unit + price.uses.reduce((s, u) => s + u.priceCents * u.times, 0);
          expect(numbers).toBe(count);
          expect(cents).toBe(price.totalCents);
          // Greedy (largest package first, then singles) is one way: never cheaper than the optimum.
          let left = count;
          let greedy = 0;
          for (const p of [...packages].sort((a, b) => b.numbers - a.numbers)) {
            const times = Math.floor(left / p.numbers);
            greedy += times * p.price_cents;
            left -= times * p.numbers;
          }
          expect(price.totalCents).toBeLessThanOrEqual(greedy + left * unit);
        },
      ),
    );
  });
});

describe('splitCents', () => {
  it('always sums to the total, in parts that differ by at most a cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        (total, count) => {
          const parts = splitCents(total, count);
          expect(parts).toHaveLength(count);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
          expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
        },
      ),
    );
    expect(splitCents(2_000, 3)).toEqual([667, 667, 666]);
  });
});

describe('packagesProblem', () => {
  it('refuses a package that saves nothing', () => {
    const bad: RafflePackage[] = [{ numbers: 5, price_cents: 2_500 }];
    expect(packagesProblem(bad, 500)).toMatch(/paquete de 5 números debe costar menos/);
    expect(packagesProblem([fiveFor20], 500)).toBeNull();
  });

  it('refuses a package under a cent a number, whose numbers would cost nothing', () => {
    const hundredFor50Cents: RafflePackage[] = [{ numbers: 100, price_cents: 50 }];
    expect(packagesProblem(hundredFor50Cents, 100)).toMatch(
      /paquete de 100 números debe costar al menos \$1,00/,
    );
    expect(packagesProblem([{ numbers: 100, price_cents: 100 }], 100_00)).toBeNull();
    // At exactly a cent a number, every number of any mix is priced at least $0,01.
    const mix = priceFor(101, 2, [{ numbers: 100, price_cents: 100 }]);
    expect(splitCents(mix.totalCents, 101).every((cents) => cents >= 1)).toBe(true);
  });
});

describe('keptSalePrices: the numbers an order keeps pay for what they are', () => {
  const fivePack = [{ numbers: 5, price_cents: 2000 }];
  const sale = (number: number, priceCents: number, paidCents = 0) => ({
    id: `s${number}`,
    number,
    priceCents,
    paidCents,
  });

  it('one number kept of "5 por $20" costs the single price, even the one already paid at the share', () => {
    expect(keptSalePrices([sale(10, 400, 400)], 1000, fivePack)).toEqual([{ id: 's10', priceCents: 1000 }]);
  });

  it('six kept of seven still hold a package: only the single beyond it is added, split over all', () => {
    // 7 numbers cost 2000 + 2 × 1000 = 4000 (571-572 each); 6 cost 2000 + 1000 = 3000 (500 each).
    const kept = [0, 1, 2, 3, 4, 5].map((n) => sale(n, n < 3 ? 572 : 571));
    expect(keptSalePrices(kept, 1000, fivePack)).toEqual([]);
    const four = kept.slice(0, 4);
    expect(keptSalePrices(four, 1000, fivePack)).toEqual(four.map((s) => ({ id: s.id, priceCents: 1000 })));
  });

  it('leaves an order that is still a whole package, or a raffle without packages, as it is', () => {
    const whole = [1, 2, 3, 4, 5].map((n) => sale(n, 400));
    expect(keptSalePrices(whole, 1000, fivePack)).toEqual([]);
    expect(keptSalePrices([sale(1, 1000)], 1000, [])).toEqual([]);
  });

  it('never prices a number under what it already paid', () => {
    const twoFor15 = [{ numbers: 2, price_cents: 1500 }];
    // Kept 2 of an order of 4 at 750 each: still the package price, nothing to raise.
    expect(keptSalePrices([sale(1, 750, 750), sale(2, 750)], 1000, twoFor15)).toEqual([]);
    expect(keptSalePrices([sale(1, 750, 750)], 1000, twoFor15)).toEqual([{ id: 's1', priceCents: 1000 }]);
  });
});
