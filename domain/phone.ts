/**
 * Venezuelan phone numbers: mobile (0412, 0414, 0416, 0422, 0424, 0426) or landline (02xx),
 * written with or without +58, spaces, dashes or parentheses. Normalized to "0414-1234567".
 */
const VE_PHONE = /^(?:\+?58|0)?((?:4(?:12|14|16|22|24|26))|(?:2\d\d))(\d{7})$/;

export function normalizeVePhone(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '');
  const match = VE_PHONE.exec(compact);
  if (!match) return null;
  return `0${match[1]}-${match[2]}`;
}

export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

/** "V-12345678" from "v12345678", "V 12.345.678"…; null when it is not a cedula. */
export function normalizeCedula(input: string): string | null {
  const compact = input.replace(/[\s.-]/g, '').toUpperCase();
  const match = /^([VE])(\d{6,9})$/.exec(compact);
  if (!match) return null;
  return `${match[1]}-${Number(match[2])}`;
}
