import { describe, expect, it } from 'vitest';
import { codeFrom, raffleIdFrom, readVerifyForm } from './verify-form-input';

describe('raffleIdFrom', () => {
  it('reads the id from a raffle link, a verification link or the id alone', () => {
    expect(raffleIdFrom('https://rifas.example/raffle/abc-123')).toBe('abc-123');
    expect(raffleIdFrom('https://rifas.example/raffle/abc-123/pedido/K7M4Q2XA')).toBe('abc-123');
    expect(raffleIdFrom('https://rifas.example/verificar?rifa=abc-123&numero=4')).toBe('abc-123');
    expect(raffleIdFrom('  abc-123 ')).toBe('abc-123');
  });
});

describe('readVerifyForm', () => {
  const values = { raffle: 'r1', number: '0042', code: 'k7m4q-2xab9', cedula: 'V11111111' };

  it('turns the form into a request, the code as stored', () => {
    expect(readVerifyForm(values, null)).toEqual({
      request: {
        raffleId: 'r1',
        query: { number: 42, code: 'K7M4Q2XAB9', cedula: 'V11111111' },
        receipt: null,
      },
    });
    expect(codeFrom(' ab-cd ')).toBe('ABCD');
  });

  it('asks for what is missing', () => {
    const result = readVerifyForm({ raffle: '', number: 'x', code: '', cedula: '' }, null);
    expect(result).toEqual({
      errors: {
        raffle: expect.any(String),
        number: expect.any(String),
        code: expect.any(String),
        cedula: expect.any(String),
      },
    });
  });

  it('checks a receipt alone', () => {
    const receipt = { name: 'recibo.json', receipt: null };
    expect(readVerifyForm({ raffle: 'r1', number: '', code: '', cedula: 'V-' }, receipt)).toEqual({
      request: { raffleId: 'r1', query: null, receipt },
    });
  });
});
