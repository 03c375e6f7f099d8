import { CEDULA_INPUT_PATTERN, normalizeCedula, normalizeVePhone, VE_PHONE_INPUT_PATTERN } from './phone';
import { z } from './zod';

export const fieldMessages = {
  phone: 'Teléfono inválido: usa el formato 0414-1234567',
  cedula: 'Cédula inválida: usa V o E seguido de los números, p. ej. V-12345678',
} as const;

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
