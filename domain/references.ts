/**
 * Bank references as a duplicate check sees them (issue 18, decision 066): the same transfer typed
 * as "REF-777", "Nro. Referencia 777", "Número de referencia: 777", "(777)", "７７７" (full-width) or
 * with a zero-width space is one reference. Accents and compatibility forms are folded, letters
 * upper-cased, everything but letters and digits dropped, and a leading run of label words
 * ("REF", "REFERENCIA", "NRO", "N°", "NÚMERO", "DE", …) goes when digits follow.
 */
const MARKS = /\p{M}/gu;
const NOT_LETTER_OR_DIGIT = /[^0-9A-Z]/g;
const LABELS =
  /^(?:REF(?:ERENCIA)?|NRO|NUM(?:ERO)?|NO|N|DE|DEL|OP(?:ERACION)?|CONFIRMACION|COMPROBANTE|TRANSACCION|TRANSFERENCIA|PAGO|MOVIL)+(?=\d)/;

export function normalizeReference(raw: string): string {
  const folded = raw.normalize('NFKD').replace(MARKS, '').normalize('NFKC').toUpperCase();
  return folded.replace(NOT_LETTER_OR_DIGIT, '').replace(LABELS, '');
}

/** A normalised reference worth comparing: at least 4 characters, or null. */
export function referenceKey(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const key = normalizeReference(raw);
  return key.length >= 4 ? key : null;
}

/**
 * A statement row's reference as its checksum has always read it (the folding before decision
 * 066), so a statement uploaded again is still recognised row by row. Not for duplicate checks.
 */
export function statementRowReference(raw: string): string {
  const folded = raw
    .normalize('NFKC')
    .replace(/[\p{Cf}\p{Zs}\s]/gu, '')
    .replace(/[-‐‑‒–—―.·/_#:,]/g, '')
    .toUpperCase();
  return folded.replace(/^(?:REF(?:ERENCIA)?|NRO|NUM(?:ERO)?|N°|NO)(?=\d)/, '');
}

/**
 * A key without its leading zeros (as SQL's `ltrim(key, '0')`): a spreadsheet's number cell drops
 * them, so the same credit downloaded as XLSX reads "1234567" where the CSV read "0001234567".
 */
export const withoutLeadingZeros = (key: string) => key.replace(/^0+/, '');

/**
 * Venezuelan banks print longer references than buyers type: a statement reference matches a
 * reported one when they are equal or the statement's ends with the reported digits (6 or more).
 */
export function statementReferenceMatches(statementKey: string, reportedKey: string): boolean {
  if (statementKey === reportedKey) return true;
  return reportedKey.length >= 6 && statementKey.endsWith(reportedKey);
}
