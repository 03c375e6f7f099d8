import { trackingMessages, trackingQuerySchema } from '@domain/tracking';
import { z } from '@domain/zod';
import { trackingTexts } from './texts';

export const NATIONALITIES = ['V', 'E'] as const;

/**
 * What the buyer types (V/E, digits, last four) -> the API's `{cedula, phone_last4}`. A cédula
 * written whole in the digits box ("V-12.345.678", as tickets and staff write it) is taken too: its
 * letter wins over the V/E choice.
 */
export const trackingFormSchema = z
  .object({
    nationality: z.enum(NATIONALITIES, trackingMessages.invalidCedula),
    digits: z
      .string()
      .transform((s) => s.replace(/[\s.-]/g, '').toUpperCase())
      .pipe(z.string().regex(/^[VE]?\d{6,9}$/, trackingTexts.validation.cedulaDigits)),
    phone_last4: z
      .string()
      .trim()
      .regex(/^\d{4}$/, trackingMessages.invalidLast4),
  })
  .transform(({ nationality, digits, phone_last4 }) => ({
    cedula: /^[VE]/.test(digits) ? `${digits[0]}-${digits.slice(1)}` : `${nationality}-${digits}`,
    phone_last4,
  }))
  .pipe(trackingQuerySchema);

export type TrackingFormInput = z.input<typeof trackingFormSchema>;
export type TrackingFormOutput = z.output<typeof trackingFormSchema>;

/**
 * "V-12345678" (as the printable ticket's QR puts it in `?cedula=`) -> the form's first two fields;
 * anything else leaves the form empty.
 */
export function cedulaFormValues(
  cedula: string | null,
): Pick<TrackingFormInput, 'nationality' | 'digits'> | null {
  const match = /^([VE])-?(\d{6,9})$/.exec((cedula ?? '').trim().toUpperCase().replace(/[\s.]/g, ''));
  if (!match) return null;
  return { nationality: match[1] as (typeof NATIONALITIES)[number], digits: match[2] ?? '' };
}
