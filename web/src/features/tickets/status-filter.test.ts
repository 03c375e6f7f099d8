import type { TicketCounts } from '@domain/staff-tickets';
import { describe, expect, it } from 'vitest';
import { countFor, parseStatusFilter, STATUS_FILTERS, statusesFor, statusFilterLabel } from './status-filter';

const counts: TicketCounts = { disponible: 90, apartado: 4, abonado: 2, pagado: 3, cancelado: 1, otros: 0 };

describe('status filter chips', () => {
  it('defaults to the sold numbers, and ignores values the API would reject', () => {
    expect(parseStatusFilter(null)).toBe('vendidos');
    expect(parseStatusFilter('vendido')).toBe('vendidos');
    expect(parseStatusFilter('pagado')).toBe('pagado');
    expect(parseStatusFilter('otros')).toBe('otros');
    expect(parseStatusFilter('todos')).toBe('todos');
  });

  it('asks the API for the statuses of each chip', () => {
    expect(statusesFor('vendidos')).toEqual(['apartado', 'abonado', 'pagado']);
    expect(statusesFor('todos')).toBeUndefined();
    expect(statusesFor('cancelado')).toEqual(['cancelado']);
    expect(statusesFor('otros')).toEqual(['otros']);
  });

  it('counts each chip from the counts per status', () => {
    expect(countFor('vendidos', counts)).toBe(9);
    expect(countFor('todos', counts)).toBe(100);
    expect(countFor('disponible', counts)).toBe(90);
    expect(countFor('otros', counts)).toBe(0);
  });

  it('names every chip in Spanish', () => {
    expect(STATUS_FILTERS.map(statusFilterLabel)).toEqual([
      'Vendidos',
      'Todos',
      'Disponibles',
      'Apartados',
      'Abonados',
      'Pagados',
      'Cancelados',
      'Otros',
    ]);
  });
});
