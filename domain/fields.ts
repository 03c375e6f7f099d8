import { formatUsd } from './money';
import { CEDULA_INPUT_PATTERN, normalizeCedula, normalizeVePhone, VE_PHONE_INPUT_PATTERN } from './phone';
import { z } from './zod';

export const fieldMessages = {
  phone: 'Teléfono inválido: usa el formato 0414-1234567',
  cedula: 'Cédula inválida: usa V o E seguido de los números, p. ej. V-12345678',
  amountNotWhole: 'El monto debe ser un entero de céntimos',
  amountNotPositive: 'El monto debe ser mayor que cero',
  amountTooHigh: (max: string) => `El monto no puede pasar de ${max}`,
} as const;

/** The most one payment, refund or payout may move: USD 1.000.000 (in cents). */
const MAX_AMOUNT_CENTS = 100_000_000;

/**
 * A whole number in `[min, max]`, one message for each way it can be wrong. zod's integer check also
 * calls an integer past ±2^53 too big (or too small) and the range then said so again: an amount of
 * 1e20 got its message twice. That check stops here instead, with the range's message.
 */
export const wholeNumberField = (
  min: number,
  max: number,
  messages: { notWhole: string; tooSmall: string; tooBig: string },
) =>
  z
    .int({
      error: (issue) =>
        issue.code === 'too_big'
          ? messages.tooBig
          : issue.code === 'too_small'
            ? messages.tooSmall
            : messages.notWhole,
      abort: true,
    })
    .min(min, messages.tooSmall)
    .max(max, messages.tooBig);

/** Money a request moves, in integer cents: 1 to `max` (`maxText` says it to people, USD by default). */
export const amountCentsField = (max: number = MAX_AMOUNT_CENTS, maxText: string = formatUsd(max)) =>
  wholeNumberField(1, max, {
    notWhole: fieldMessages.amountNotWhole,
    tooSmall: fieldMessages.amountNotPositive,
    tooBig: fieldMessages.amountTooHigh(maxText),
  });

/**
 * A Venezuelan phone in any common writing, normalized to "0414-1234567". The transform is the
 * check; `pattern` says the same for the OpenAPI document (a client's own validation).
 */
export const vePhoneField = (message: string = fieldMessages.phone) =>
  z
    .string(message)
    .max(32, message)
    .meta({ pattern: VE_PHONE_INPUT_PATTERN, example: '0414-1234567' })
    .transform((v, ctx) => {
      const phone = normalizeVePhone(v);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return phone;
    });

/** A cedula "V-12345678" / "E-81234567" from any common writing (`pattern` as vePhoneField). */
export const cedulaField = (message: string = fieldMessages.cedula) =>
  z
    .string(message)
    .max(20, message)
    .meta({ pattern: CEDULA_INPUT_PATTERN, example: 'V-12345678' })
    .transform((v, ctx) => {
      const cedula = normalizeCedula(v);
      if (!cedula) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return cedula;
    });
