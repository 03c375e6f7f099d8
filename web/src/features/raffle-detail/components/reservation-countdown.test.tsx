import { describe, expect, it } from 'vitest';
import { timeLeft } from './reservation-countdown';

describe('timeLeft', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  it('counts down in h:mm:ss, or mm:ss under an hour, and stops at the deadline', () => {
    expect(timeLeft('2026-11-27T14:00:00Z', now)).toBe('2:00:00');
    expect(timeLeft('2026-11-27T13:59:30Z', now)).toBe('1:59:30');
    expect(timeLeft('2026-11-27T12:09:05Z', now)).toBe('09:05');
    expect(timeLeft('2026-11-27T12:00:00Z', now)).toBeNull();
    expect(timeLeft('2026-11-27T11:00:00Z', now)).toBeNull();
  });
});
