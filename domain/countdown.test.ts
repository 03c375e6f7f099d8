import { describe, expect, it } from 'vitest';
import { countdownMessages, countdownText } from './countdown';

const CLOSE = Date.parse('2026-12-24T00:00:00.000Z'); // 23 dic 2026, 8:00 p. m. in Caracas
const ahead = (ms: number) => CLOSE - ms;
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

describe('countdownText', () => {
  it('shows days, hours and minutes while days are left', () => {
    expect(countdownText(CLOSE, ahead(3 * D + 4 * H + 10 * MIN))).toBe('3 d 04 h 10 min');
    expect(countdownText(CLOSE, ahead(D + 30 * S))).toBe('1 d 00 h 00 min');
  });

  it('shows seconds from the last day on', () => {
    expect(countdownText(CLOSE, ahead(4 * H + 10 * MIN + 5 * S))).toBe('4 h 10 min 05 s');
    expect(countdownText(CLOSE, ahead(10 * MIN + 5 * S))).toBe('10 min 05 s');
    expect(countdownText(CLOSE, ahead(45 * S))).toBe('45 s');
    expect(countdownText(CLOSE, ahead(1500))).toBe('2 s');
    expect(countdownText(CLOSE, ahead(1))).toBe('1 s');
  });

  it('ends exactly at the closing date, whatever the zone the date was written in', () => {
    expect(countdownText(CLOSE, CLOSE)).toBeNull();
    expect(countdownText(CLOSE, CLOSE + 5 * MIN)).toBeNull();
    expect(countdownText('2026-12-23T20:00:00-04:00', ahead(2 * H))).toBe('2 h 00 min 00 s');
    expect(countdownText('no es una fecha', CLOSE)).toBeNull();
  });

  it('names the countdown and its end in Spanish', () => {
    expect(countdownMessages.closesIn('45 s')).toBe('Cierra en 45 s');
    expect(countdownMessages.salesClosed).toBe('Ventas cerradas');
  });
});
