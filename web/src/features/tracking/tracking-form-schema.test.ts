import { describe, expect, it } from 'vitest';
import { cedulaFormValues, trackingFormSchema } from './tracking-form-schema';

describe('cedula from the ticket QR', () => {
  it('splits a cedula into its letter and digits', () => {
    expect(cedulaFormValues('V-12345678')).toEqual({ nationality: 'V', digits: '12345678' });
    expect(cedulaFormValues('e 8.123.456')).toEqual({ nationality: 'E', digits: '8123456' });
  });

  it('ignores anything that is not a cedula', () => {
    expect(cedulaFormValues(null)).toBeNull();
    expect(cedulaFormValues('X-12345678')).toBeNull();
    expect(cedulaFormValues('V-12')).toBeNull();
  });
});

describe('the tracking form', () => {
  const read = (nationality: 'V' | 'E', digits: string) =>
    trackingFormSchema.safeParse({ nationality, digits, phone_last4: '4567' });

  it('takes a cédula written whole in the digits box, its letter choosing V or E', () => {
    expect(read('V', 'V-12.345.678').data).toEqual({ cedula: 'V-12345678', phone_last4: '4567' });
    expect(read('V', 'e 8.123.456').data).toEqual({ cedula: 'E-8123456', phone_last4: '4567' });
    expect(read('E', '12.345.678').data).toEqual({ cedula: 'E-12345678', phone_last4: '4567' });
  });

  it('still refuses what is not a cédula', () => {
    for (const digits of ['X-12345678', 'V-12', '12a45678', ''])
      expect(read('V', digits).success, digits).toBe(false);
  });
});
