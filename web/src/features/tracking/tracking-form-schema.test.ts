import { describe, expect, it } from 'vitest';
import { cedulaFormValues } from './tracking-form-schema';

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
