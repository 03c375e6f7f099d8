import { describe, expect, it } from 'vitest';
import { csvFileName, fileSlug } from './csv-file-name';

describe('csvFileName', () => {
  it('names the file after the raffle, without accents or symbols', () => {
    expect(csvFileName('Gran Rifa Navideña: Moto Yamaha DT 175', 'todos')).toBe(
      'rifa-gran-rifa-navidena-moto-yamaha-dt-175-tickets.csv',
    );
  });

  it('says which numbers a filtered export holds', () => {
    expect(csvFileName('Moto Bera', 'vendidos')).toBe('rifa-moto-bera-tickets-vendidos.csv');
    expect(csvFileName('Moto Bera', 'pagado')).toBe('rifa-moto-bera-tickets-pagado.csv');
    expect(csvFileName('Moto Bera', 'pagado', 'xlsx')).toBe('rifa-moto-bera-tickets-pagado.xlsx');
  });

  it('keeps long names short and never leaves the name empty', () => {
    expect(fileSlug('a'.repeat(100))).toHaveLength(60);
    expect(fileSlug('Rifa ---- ', 6)).toBe('rifa');
    expect(fileSlug('¡¿?!')).toBe('rifa');
  });
});
