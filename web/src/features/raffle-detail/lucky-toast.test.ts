import { describe, expect, it } from 'vitest';
import { raffleDetailTexts } from './texts';

const numbers = (n: number) => Array.from({ length: n }, (_, i) => String(i).padStart(3, '0'));

describe('the lucky pick toast', () => {
  it('names a few numbers, and only the first ten of many (95 grew over the sheet on a phone)', () => {
    expect(raffleDetailTexts.lucky.picked(['007', '042'])).toBe('La maquinita eligió: 007, 042');
    expect(raffleDetailTexts.lucky.picked(numbers(10))).toBe(
      `La maquinita eligió: ${numbers(10).join(', ')}`,
    );
    expect(raffleDetailTexts.lucky.picked(numbers(95))).toBe(
      `La maquinita eligió: ${numbers(10).join(', ')} y 85 más`,
    );
  });
});
