import { describe, expect, it } from 'vitest';
import { numbersContaining } from './number-match';

/** What the SQL scan answers: every number of the range, padded, tested one by one. */
const scanned = (term: string, digitCount: number, from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => from + i).filter((n) =>
    String(n).padStart(digitCount, '0').includes(term),
  );

describe('numbersContaining', () => {
  it.each([
    ['5', 3, 0, 1000],
    ['05', 3, 0, 1000],
    ['123', 3, 0, 1000],
    ['00', 4, 0, 10_000],
    ['42', 5, 0, 70_000],
    ['007', 6, 3_000, 900_000],
    ['999', 3, 0, 500],
    ['0', 1, 0, 10],
  ])('lists what a scan finds: %s in %i digits, [%i, %i)', (term, digits, from, to) => {
    expect(numbersContaining(term, digits, from, to, 10_000_000)).toEqual(scanned(term, digits, from, to));
  });

  it('finds nothing for a longer or non-digit term', () => {
    expect(numbersContaining('1234', 3, 0, 1000)).toEqual([]);
    expect(numbersContaining('1a', 3, 0, 1000)).toEqual([]);
  });

  it('gives up, for a scan, when the list would be long or the raffle outgrows its digits', () => {
    expect(numbersContaining('5', 6, 0, 1_000_000)).toBeNull();
    expect(numbersContaining('12', 2, 0, 1000)).toBeNull();
    expect(numbersContaining('123', 6, 0, 1_000_000)).toEqual(scanned('123', 6, 0, 1_000_000));
  });
});
