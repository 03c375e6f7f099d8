/**
 * Bank references as a duplicate check sees them (issue 18): the same transfer typed as
 * "REF-777", "ref 777", "７７７" (full-width) or with a zero-width space is one reference.
 * NFKC folds full-width and compatibility forms; then spaces, dashes, dots, slashes, underscores,
 * invisible characters and a leading "REF"/"NRO" label go, and letters are upper-cased.
 */
const INVISIBLE = /[\p{Cf}\p{Zs}\s]/gu;
const SEPARATORS = /[-‐‑‒–—―.·/_#:,]/g;
const LABEL = /^(?:REF(?:ERENCIA)?|NRO|NUM(?:ERO)?|N°|NO)(?=\d)/;

export function normalizeReference(raw: string): string {
  const folded = raw.normalize('NFKC').replace(INVISIBLE, '').replace(SEPARATORS, '').toUpperCase();
  return folded.replace(LABEL, '');
}

/** A normalised reference worth comparing: at least 4 characters, or null. */
export function referenceKey(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const key = normalizeReference(raw);
  return key.length >= 4 ? key : null;
}

/**
 * Venezuelan banks print longer references than buyers type: a statement reference matches a
 * reported one when they are equal or the statement's ends with the reported digits (6 or more).
 */
export function statementReferenceMatches(statementKey: string, reportedKey: string): boolean {
  if (statementKey === reportedKey) return true;
  return reportedKey.length >= 6 && statementKey.endsWith(reportedKey);
}
