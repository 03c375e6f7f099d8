import { describe, expect, it } from 'vitest';
import { dayLabel } from './day-label';

describe('dayLabel', () => {
  it('names a Caracas day in short Spanish, with no dot and no zone shift', () => {
    expect(dayLabel('2026-11-23')).toBe('23 nov');
    expect(dayLabel('2026-01-01')).toBe('1 ene');
    expect(dayLabel('2026-09-30')).toBe('30 sept');
  });

  it('leaves anything that is not a day as it came', () => {
    expect(dayLabel('hoy')).toBe('hoy');
  });
});
