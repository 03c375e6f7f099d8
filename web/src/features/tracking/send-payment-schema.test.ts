import { describe, expect, it } from 'vitest';
import { centsToInput, sendPaymentFormSchema } from './send-payment-schema';

const schema = sendPaymentFormSchema(1000);
const form = (amount: string) => ({ amount, payment_method: 'pago_movil', reference: ' 0123 ' });

describe('send payment form', () => {
  it('shows cents with a decimal comma', () => {
    expect(centsToInput(250)).toBe('2,50');
    expect(centsToInput(1000)).toBe('10,00');
  });

  it('accepts a decimal comma or point and gives cents', () => {
    expect(schema.parse(form('2,50'))).toEqual({
      amount: 250,
      payment_method: 'pago_movil',
      reference: '0123',
    });
    expect(schema.parse(form('7.5')).amount).toBe(750);
    expect(schema.parse(form('10')).amount).toBe(1000);
  });

  it('explains an amount that is not money, zero, or more than what remains', () => {
    const message = (amount: string) => schema.safeParse(form(amount)).error?.issues[0]?.message;
    expect(message('dos')).toBe('Escribe el monto en dólares, p. ej. 2,50');
    expect(message('0,00')).toBe('El monto debe ser mayor que cero.');
    expect(message('10,01')).toBe('El monto no puede superar lo que falta por pagar: $10,00.');
  });
});
