import { describe, expect, it } from 'vitest';
import { reviewWindow } from './review-window';

const NOW = Date.parse('2026-05-01T12:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

describe('reviewWindow', () => {
  it('counts whole hours left, rounding down', () => {
    expect(reviewWindow(at(31.9 * 3_600_000), NOW)).toEqual({ kind: 'hours', hours: 31 });
    expect(reviewWindow(at(3_600_000), NOW)).toEqual({ kind: 'hours', hours: 1 });
  });

  it('counts minutes in the last hour, never zero while time is left', () => {
    expect(reviewWindow(at(59.5 * 60_000), NOW)).toEqual({ kind: 'minutes', minutes: 60 });
    expect(reviewWindow(at(5_000), NOW)).toEqual({ kind: 'minutes', minutes: 1 });
  });

  it('says the window is over once it ends', () => {
    expect(reviewWindow(at(0), NOW)).toEqual({ kind: 'expired' });
    expect(reviewWindow(at(-60_000), NOW)).toEqual({ kind: 'expired' });
  });

  it('has nothing to say for a payment that holds no numbers', () => {
    expect(reviewWindow(null, NOW)).toEqual({ kind: 'none' });
    expect(reviewWindow('not a date', NOW)).toEqual({ kind: 'none' });
  });
});
