import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { createRaffleFormSchema, emptyRaffleForm, type RaffleFormInput } from './raffle-form-schema';
import { raffleServerErrors } from './server-errors';

const filled: RaffleFormInput = { ...emptyRaffleForm, name: 'Moto Bera', price: '5' };

describe('raffle form: organizer and payments', () => {
  it('sends null for the optional organizer fields left empty', () => {
    const body = createRaffleFormSchema.parse({ ...filled, organizer_name: '  ', contact_phone: '' });
    expect(body).toMatchObject({ organizer_name: null, contact_phone: null, payment_instructions: null });
  });

  it('normalizes the phone and keeps the line breaks of the instructions', () => {
    const body = createRaffleFormSchema.parse({
      ...filled,
      organizer_name: 'Rifas El Trébol',
      contact_phone: '+58 414 765 4321',
      payment_instructions: 'Pago móvil: 0414-7654321\nZelle: pagos@eltrebol.com',
    });
    expect(body).toMatchObject({
      organizer_name: 'Rifas El Trébol',
      contact_phone: '0414-7654321',
      payment_instructions: 'Pago móvil: 0414-7654321\nZelle: pagos@eltrebol.com',
    });
  });

  it('puts a server 422 on the contact phone field', () => {
    const error = new ApiError(422, 'VALIDATION_ERROR', 'Datos inválidos', {
      fields: [{ path: 'contact_phone', message: 'Teléfono inválido: usa el formato 0414-1234567' }],
    });
    expect(raffleServerErrors(error, 'x')).toEqual({
      fields: [{ field: 'contact_phone', message: 'Teléfono inválido: usa el formato 0414-1234567' }],
      general: null,
    });
  });
});

describe('raffle form: server refusals of issue 18', () => {
  it('puts a 409 TERMS_LOCKED on the first term it names', () => {
    const message = 'Ya se apartaron o vendieron números de esta rifa: no se puede cambiar la forma de pago.';
    const error = new ApiError(409, 'TERMS_LOCKED', message, { terms: ['payment_type'] });
    expect(raffleServerErrors(error, 'x')).toEqual({
      fields: [{ field: 'payment_type', message }],
      general: message,
    });
  });

  it('puts a 422 on one field of one payment account', () => {
    const error = new ApiError(422, 'VALIDATION_ERROR', 'Datos inválidos', {
      fields: [
        { path: 'payment_accounts.1.phone', message: 'Teléfono inválido: usa el formato 0414-1234567' },
      ],
    });
    expect(raffleServerErrors(error, 'x').fields).toEqual([
      { field: 'payment_accounts.1.phone', message: 'Teléfono inválido: usa el formato 0414-1234567' },
    ]);
  });
});
