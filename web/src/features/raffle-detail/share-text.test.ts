import { describe, expect, it } from 'vitest';
import { reservationTexts } from './reservation-texts';
import { endSentence } from './texts';

describe('share text', () => {
  it('a deadline ending in "a. m." gets no second period', () => {
    const text = reservationTexts.success.shareText(
      'Moto',
      'el número 007',
      '$5,00',
      '23 nov 2026, 9:15 a. m.',
    );
    expect(text).toBe(
      'Aparté el número 007 en la rifa «Moto». Total: $5,00. Apartados hasta 23 nov 2026, 9:15 a. m.',
    );
    expect(text).not.toContain('..');
  });

  it('a sentence without a final period gets one', () => {
    expect(endSentence('Apartados hasta mañana')).toBe('Apartados hasta mañana.');
    expect(endSentence('9:15 p. m.')).toBe('9:15 p. m.');
  });
});
