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

/** What normalizeVePhone drops before matching (spaces, dashes, dots, parentheses), anywhere. */
const PHONE_GAP = '[\\s\\-().]*';
/**
 * Exactly the writings normalizeVePhone accepts, as one regular expression over the raw text:
 * VE_PHONE with a gap allowed after every character. It is the `pattern` of a phone in the OpenAPI
 * document; domain/phone.test.ts proves it accepts what the function accepts, and nothing else.
 */
export const VE_PHONE_INPUT_PATTERN = [
  `^${PHONE_GAP}`,
  `(?:(?:\\+${PHONE_GAP})?5${PHONE_GAP}8${PHONE_GAP}|0${PHONE_GAP})?`, // +58, 58 or 0
  `(?:4${PHONE_GAP}[12]${PHONE_GAP}[246]|2${PHONE_GAP}\\d${PHONE_GAP}\\d)${PHONE_GAP}`, // 412…426 or 2xx
  `(?:\\d${PHONE_GAP}){7}$`,
].join('');

export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

/** What normalizeCedula drops before matching (spaces, dots, dashes), anywhere. */
const CEDULA_GAP = '[\\s.\\-]*';
/** Exactly the writings normalizeCedula accepts, over the raw text (as VE_PHONE_INPUT_PATTERN). */
export const CEDULA_INPUT_PATTERN = `^${CEDULA_GAP}[VvEe]${CEDULA_GAP}(?:\\d${CEDULA_GAP}){6,9}$`;

/** "V-12345678" from "v12345678", "V 12.345.678"…; null when it is not a cedula. */
export function normalizeCedula(input: string): string | null {
  const compact = input.replace(/[\s.-]/g, '').toUpperCase();
  const match = /^([VE])(\d{6,9})$/.exec(compact);
  if (!match) return null;
  return `${match[1]}-${Number(match[2])}`;
}

/**
 * A payee's id document: a cedula ("V-12345678", as normalizeCedula) or a RIF with its check digit
 * ("J-12345678-9"; persons' RIFs start with V or E, companies' with J, G, P or C). Nine digits are
 * read as a RIF (its last digit the check digit): cedulas in use have at most eight.
 */
export function normalizeIdDocument(input: string): string | null {
  const compact = input.replace(/[\s.-]/g, '').toUpperCase();
  const rif = /^([VEJGPC])(\d{8})(\d)$/.exec(compact);
  if (rif) return `${rif[1]}-${rif[2]}-${rif[3]}`;
  return normalizeCedula(input);
}
