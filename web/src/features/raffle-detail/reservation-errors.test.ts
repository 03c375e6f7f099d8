import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { reservationProblem } from './reservation-errors';

describe('reservationProblem', () => {
  it('names the taken numbers, padded to the raffle digits', () => {
    const error = new ApiError(409, 'TICKETS_UNAVAILABLE', 'x', { numbers: [7, 12] });
    expect(reservationProblem(error, 3)).toEqual({
      taken: [7, 12],
      fields: [],
      message: 'Los números 007, 012 ya no están disponibles. Elige otros.',
    });
  });

  it('puts field problems next to their inputs and keeps the rate-limit sentence', () => {
    const invalid = new ApiError(422, 'VALIDATION_ERROR', 'buyer.phone: Teléfono inválido', {
      fields: [{ path: 'buyer.phone', message: 'Teléfono inválido' }],
    });
    expect(reservationProblem(invalid, 3)).toMatchObject({
      fields: [{ path: 'buyer.phone' }],
      message: null,
    });
    const limited = new ApiError(
      429,
      'RATE_LIMITED',
      'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
    );
    expect(reservationProblem(limited, 3).message).toBe(
      'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
    );
  });
});

describe('reservationProblem when no answer came', () => {
  it('asks for the same tap again and says it will not reserve twice', () => {
    for (const status of [0, 502, 504]) {
      const problem = reservationProblem(new ApiError(status, 'NETWORK_ERROR', 'x'), 3);
      expect(problem.taken).toEqual([]);
      expect(problem.message).toMatch(/toca «Apartar» otra vez.*sin apartarlo dos veces/);
    }
  });
});
