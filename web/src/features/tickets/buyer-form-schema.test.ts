import { describe, expect, it } from 'vitest';
import { buyerFormSchema } from './buyer-form-schema';

const valid = {
  buyer_name: '  María Pérez ',
  buyer_phone: '04141234567',
  buyer_cedula: 'v12345678',
  buyer_email: '',
  buyer_address: '',
};

const errors = (values: Record<string, string>) => {
  const result = buyerFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('buyerFormSchema', () => {
  it('normalizes phone and cedula and turns empty optional fields into null', () => {
    expect(buyerFormSchema.parse(valid)).toEqual({
      buyer_name: 'María Pérez',
      buyer_phone: '0414-1234567',
      buyer_cedula: 'V-12345678',
      buyer_email: null,
      buyer_address: null,
    });
  });

  it('keeps an e-mail (lowercased) and an address', () => {
    const parsed = buyerFormSchema.parse({
      ...valid,
      buyer_email: 'Maria.Perez@Example.com',
      buyer_address: ' Valencia ',
    });
    expect(parsed.buyer_email).toBe('maria.perez@example.com');
    expect(parsed.buyer_address).toBe('Valencia');
  });

  it('says in Spanish what is missing or wrong, field by field', () => {
    expect(errors({ ...valid, buyer_name: ' ', buyer_phone: '', buyer_cedula: '' })).toEqual({
      buyer_name: 'Escribe el nombre y apellido del comprador',
      buyer_phone: 'Escribe el teléfono del comprador',
      buyer_cedula: 'Escribe la cédula del comprador',
    });
    expect(errors({ ...valid, buyer_phone: '123', buyer_cedula: 'X-1', buyer_email: 'maria@' })).toEqual({
      buyer_phone: 'Teléfono inválido: usa el formato 0414-1234567',
      buyer_cedula: 'Cédula inválida: usa V o E seguido de los números, p. ej. V-12345678',
      buyer_email: 'Correo inválido',
    });
  });
});
