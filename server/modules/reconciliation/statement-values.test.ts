import { describe, expect, it } from 'vitest';
import { cellText, parseAmountCents, parseStatementDate } from './statement-values';

describe('amounts as Venezuelan banks print them', () => {
  it.each([
    ['1.234,56', 123_456],
    ['1234,56', 123_456],
    ['1.234.567,89', 123_456_789],
    ['12,5', 1250],
    ['-4,50', -450],
    ['(1.234,56)', -123_456],
    ['1.234,56-', -123_456],
    ['Bs. 1.234,56', 123_456],
    ['Bs 85.000,00', 8_500_000],
    ['VES 10,00', 1000],
    ['+2.455,00', 245_500],
    ['1.234', 123_400],
    ['1.234.567', 123_456_700],
    ['1234.56', 123_456],
    ['0.500', 50],
    ['1,234,567', 123_456_700],
    ['1,234.56', 123_456],
    [' 2 455,00 ', 245_500],
    ['2\u00a0455,00', 245_500],
  ])('%s is %d cents', (text, cents) => {
    expect(parseAmountCents(text)).toBe(cents);
  });

  it('reads Excel numbers as they are', () => {
    expect(parseAmountCents(2455)).toBe(245_500);
    expect(parseAmountCents(1227.5)).toBe(122_750);
    expect(parseAmountCents(-4.5)).toBe(-450);
  });

  it.each(['', 'abc', '1,2,3,4x', '--5', '12/11/2026', 'Saldo', null, true])('%s is no amount', (cell) => {
    expect(parseAmountCents(cell)).toBeNull();
  });
});

describe('posting dates', () => {
  it.each([
    ['03/11/2026', '2026-11-03'],
    ['3/11/2026', '2026-11-03'],
    ['03-11-2026', '2026-11-03'],
    ['03.11.2026', '2026-11-03'],
    ['03-11-26', '2026-11-03'],
    ['03/11/2026 14:32', '2026-11-03'],
    ['2026-11-03', '2026-11-03'],
    ['2026-11-03T10:00:00', '2026-11-03'],
    ['05-nov-2026', '2026-11-05'],
    ['5 dic 26', '2026-12-05'],
    ['12/01/2026', '2026-01-12'], // day first, never month first
  ])('%s is %s', (text, day) => {
    expect(parseStatementDate(text)).toBe(day);
  });

  it('reads Excel dates and day numbers', () => {
    expect(parseStatementDate(new Date(Date.UTC(2026, 10, 3)))).toBe('2026-11-03');
    expect(parseStatementDate(46_329)).toBe('2026-11-03');
  });

  it.each(['31/02/2026', '00/11/2026', '03/13/2026', 'Fecha', '', '2026', 1.5, null])(
    '%s is no date',
    (cell) => {
      expect(parseStatementDate(cell)).toBeNull();
    },
  );

  it('shows cells as text', () => {
    expect(cellText(new Date(Date.UTC(2026, 10, 3)))).toBe('03/11/2026');
    expect(cellText(40218833)).toBe('40218833');
    expect(cellText('  PAGO  ')).toBe('PAGO');
    expect(cellText(null)).toBe('');
  });
});
