import { describe, expect, it } from 'vitest';
import { PAYMENT_ACCOUNT_METHODS, paymentAccountFields, paymentAccountLines } from './payment-accounts';
import { normalizeIdDocument } from './phone';
import { PAYMENT_METHODS } from './reservations';

describe('normalizeIdDocument', () => {
  it.each([
    ['V-12.345.678', 'V-12345678'],
    ['e 81234567', 'E-81234567'],
    ['j-40123456-7', 'J-40123456-7'],
    ['G200012345', 'G-20001234-5'],
    ['V123456789', 'V-12345678-9'],
  ])('%s -> %s', (input, expected) => expect(normalizeIdDocument(input)).toBe(expected));

  it.each(['X-1', '12345678', 'J-1234', 'V-1234567890', ''])('refuses %j', (input) =>
    expect(normalizeIdDocument(input)).toBeNull(),
  );
});

describe('payment account fields', () => {
  it('covers every payment method', () => {
    expect([...PAYMENT_ACCOUNT_METHODS].sort()).toEqual([...PAYMENT_METHODS].sort());
  });

  it('says which fields each method takes, in order, and which may stay empty', () => {
    expect(paymentAccountFields('pago_movil')).toEqual([
      { field: 'bank_code', optional: false },
      { field: 'phone', optional: false },
      { field: 'id_document', optional: false },
      { field: 'holder', optional: false },
    ]);
    expect(paymentAccountFields('efectivo')).toEqual([
      { field: 'holder', optional: false },
      { field: 'phone', optional: true },
    ]);
  });

  it('lines: the bank by code and name, the account grouped, phone, id and account copied as digits', () => {
    expect(
      paymentAccountLines({
        method: 'pago_movil',
        bank_code: '0102',
        phone: '0414-5551234',
        id_document: 'V-12345678',
        holder: 'Rifas El Trébol',
      }),
    ).toEqual([
      { field: 'bank_code', label: 'Banco', value: '0102 · Banco de Venezuela', copy: '0102' },
      { field: 'phone', label: 'Teléfono', value: '0414-5551234', copy: '04145551234' },
      { field: 'id_document', label: 'Cédula o RIF', value: 'V-12345678', copy: '12345678' },
      { field: 'holder', label: 'Titular', value: 'Rifas El Trébol', copy: 'Rifas El Trébol' },
    ]);
    expect(
      paymentAccountLines({
        method: 'transfer',
        bank_code: '0134',
        account_number: '01340001234567890123',
        holder: 'Inversiones Trébol C.A.',
        id_document: 'J-40123456-7',
      })[1],
    ).toEqual({
      field: 'account_number',
      label: 'Número de cuenta',
      value: '0134-0001-23-4567890123',
      copy: '01340001234567890123',
    });
    // An empty optional field has no line.
    expect(paymentAccountLines({ method: 'efectivo', holder: 'Oficina' }).map((l) => l.field)).toEqual([
      'holder',
    ]);
  });
});
