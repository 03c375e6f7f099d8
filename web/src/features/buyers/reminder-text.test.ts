import { describe, expect, it } from 'vitest';
import { MAX_NUMBERS_IN_MESSAGE, reminderText } from './reminder-text';

const raffle = { name: 'Moto Bera 2026', payment_instructions: 'Pago móvil: 0414-1234567, Banesco' };
const owing = {
  buyer_name: 'maría JOSÉ Pérez',
  ticket_numbers: ['007', '012', '345'],
  remaining_cents: 1500,
  // 21 nov 2026 at 8:00 p. m. in Caracas (UTC-4).
  reserved_until: '2026-11-22T00:00:00.000Z',
  review_hold_until: null,
};
// 23 nov 2026 at 7:00 p. m. in Caracas: 48 h after a payment under review was sent.
const REVIEW_END = '2026-11-23T23:00:00.000Z';

describe('reminderText', () => {
  it('reminds what is owed in USD and Bs, by when and how to pay', () => {
    const lines = reminderText({ buyer: owing, raffle, vesRate: 36.5 }).split('\n');
    expect(lines[4]).toMatch(/^Fecha límite para pagar: 21 nov 2026, 8:00\s?p\. m\.$/);
    expect(lines.toSpliced(4, 1)).toEqual([
      'Hola, María.',
      'Te escribimos por tu reserva en la rifa «Moto Bera 2026».',
      'Tus números: 007, 012, 345.',
      'Monto pendiente: $15,00 (Bs 547,50).',
      '',
      'Cómo pagar:',
      'Pago móvil: 0414-1234567, Banesco',
      '',
      'Cuando pagues, envíanos el comprobante por aquí. ¡Gracias!',
    ]);
  });

  it('leaves out Bs without a rate, and the deadline and instructions when there are none', () => {
    const text = reminderText({
      buyer: { ...owing, reserved_until: null },
      raffle: { name: 'Moto Bera 2026', payment_instructions: '  ' },
      vesRate: null,
    });
    expect(text).toContain('Monto pendiente: $15,00.');
    expect(text).not.toContain('Bs');
    expect(text).not.toContain('Fecha límite');
    expect(text).not.toContain('Cómo pagar');
  });

  it('does not ask for money a payment under review covers: it says the numbers are kept meanwhile', () => {
    const text = reminderText({
      buyer: { ...owing, reserved_until: null, review_hold_until: REVIEW_END },
      raffle,
      vesRate: 36.5,
    });
    const lines = text.split('\n');
    expect(lines[3]).toMatch(
      /^Guardamos tus números hasta el 23 nov 2026, 7:00\s?p\. m\. mientras lo revisamos\.$/,
    );
    expect(lines.toSpliced(3, 1)).toEqual([
      'Hola, María.',
      'Recibimos tu pago de la rifa «Moto Bera 2026» y lo estamos revisando.',
      'Tus números: 007, 012, 345.',
      'Te avisaremos por aquí cuando lo confirmemos. ¡Gracias!',
    ]);
    expect(text).not.toMatch(/Fecha límite|Monto pendiente|Pago móvil/);
  });

  it('with a payment under review and other numbers still to pay: the deadline of those, and the review said', () => {
    const text = reminderText({ buyer: { ...owing, review_hold_until: REVIEW_END }, raffle, vesRate: null });
    expect(text).toContain(
      'Monto pendiente: $15,00.\nTenemos en revisión un pago tuyo: este monto aún no lo descuenta.',
    );
    expect(text).toMatch(/Fecha límite para pagar: 21 nov 2026/);
  });

  it('thanks the buyer when nothing is owed', () => {
    const text = reminderText({
      buyer: { ...owing, remaining_cents: 0, reserved_until: null },
      raffle,
      vesRate: 36.5,
    });
    expect(text).toBe(
      [
        'Hola, María.',
        '¡Gracias por participar en la rifa «Moto Bera 2026»!',
        'Tus números: 007, 012, 345.',
        'No tienes pagos pendientes.',
        '¡Mucha suerte en el sorteo!',
      ].join('\n'),
    );
    expect(text).not.toContain('Pago móvil');
  });

  it('greets without a name and shortens a very long list of numbers', () => {
    const numbers = Array.from({ length: MAX_NUMBERS_IN_MESSAGE + 5 }, (_, i) => String(i).padStart(3, '0'));
    const text = reminderText({
      buyer: { ...owing, buyer_name: null, ticket_numbers: numbers },
      raffle,
      vesRate: null,
    });
    expect(text.startsWith('Hola.\n')).toBe(true);
    expect(text).toContain(`${numbers[MAX_NUMBERS_IN_MESSAGE - 1]} y 5 más.`);
    expect(text).not.toContain(numbers[MAX_NUMBERS_IN_MESSAGE] as string);
  });
});
