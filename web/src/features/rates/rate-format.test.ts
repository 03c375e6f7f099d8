import { describe, expect, it } from 'vitest';
import { formatDay, formatRate, parseRateInput } from './rate-format';

describe('parseRateInput', () => {
  it('reads the decimal comma, the decimal point and thousands', () => {
    expect(parseRateInput('36,50')).toBe(36.5);
    expect(parseRateInput(' 36.5 ')).toBe(36.5);
    expect(parseRateInput('36')).toBe(36);
    expect(parseRateInput('1.234,56')).toBe(1234.56);
    expect(parseRateInput('1,234.56')).toBe(1234.56);
    expect(parseRateInput('0,000001')).toBe(0.000001);
    expect(parseRateInput('45,123456')).toBe(45.123456);
  });

  it('rejects what is not a positive rate', () => {
    for (const bad of [
      '',
      'abc',
      '-36',
      '0',
      '0,00',
      '36,',
      ',5',
      '1.234.567',
      '36,1234567',
      '3e5',
      '36 Bs',
    ]) {
      expect(parseRateInput(bad), bad).toBeNull();
    }
  });
});

describe('formats', () => {
  it('shows rates with the decimal comma and days as Caracas days', () => {
    expect(formatRate(36.5)).toBe('36,50');
    expect(formatRate(1234.123456)).toBe('1.234,123456');
    expect(formatDay('2026-11-23')).toBe('23 nov 2026');
  });
});
