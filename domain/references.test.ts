import { describe, expect, it } from 'vitest';
import { normalizeReference, referenceKey, statementReferenceMatches } from './references';

describe('bank references', () => {
  it('folds the variants a buyer types into one key', () => {
    const variants = [
      'REF-777123',
      'ref 777123',
      '777.123',
      '７７７１２３',
      '777\u200b123',
      ' 777-123 ',
      'Ref: 777123',
      // As banks print the label, and stray punctuation (decision 066).
      'Nro. Referencia 777123',
      'Número de referencia: 777123',
      'Ref. Nro. 777123',
      'N° 777123',
      'Nº 777123',
      '(777123)',
      '777123;',
      '*777123*',
    ];
    for (const v of variants) expect(normalizeReference(v), v).toBe('777123');
  });
  it('keeps letters and digits otherwise', () => {
    expect(normalizeReference('ab-12cd')).toBe('AB12CD');
    // A label is dropped only when digits follow it: a code that starts with those letters stays.
    expect(normalizeReference('NOVA-12')).toBe('NOVA12');
    expect(normalizeReference('DEAB12')).toBe('DEAB12');
  });
  it('has no key for a reference too short to compare', () => {
    expect(referenceKey('12')).toBeNull();
    expect(referenceKey(null)).toBeNull();
    expect(referenceKey('00012345')).toBe('00012345');
  });
  it('matches a statement reference that ends with the reported digits', () => {
    expect(statementReferenceMatches('004512345678', '12345678')).toBe(true);
    expect(statementReferenceMatches('004512345678', '5678')).toBe(false);
    expect(statementReferenceMatches('12345678', '12345678')).toBe(true);
    expect(statementReferenceMatches('12345679', '12345678')).toBe(false);
  });
});
