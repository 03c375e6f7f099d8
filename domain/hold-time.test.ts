import { describe, expect, it } from 'vitest';
import { holdTimeText } from './hold-time';

describe('holdTimeText', () => {
  it('says a raffle’s hold time the way people say it', () => {
    expect(holdTimeText(1)).toBe('1 minuto');
    expect(holdTimeText(45)).toBe('45 minutos');
    expect(holdTimeText(60)).toBe('1 hora');
    expect(holdTimeText(90)).toBe('1 hora y 30 minutos');
    expect(holdTimeText(120)).toBe('2 horas');
    expect(holdTimeText(1440)).toBe('1 día');
    expect(holdTimeText(2880)).toBe('2 días');
    expect(holdTimeText(1500)).toBe('25 horas');
  });
});
