import { describe, expect, it } from 'vitest';
import { displayName, firstName } from './names';

describe('displayName', () => {
  it('capitalizes each word, accents included, and keeps particles lowercase', () => {
    expect(displayName('maría alejandra fernández de los ángeles')).toBe(
      'María Alejandra Fernández de los Ángeles',
    );
    expect(displayName('  ÁNGEL   rodríguez ')).toBe('Ángel Rodríguez');
    expect(displayName('de la cruz')).toBe('De la Cruz');
    // Stored lowercase (SPEC 5): ñ and accented capitals come back (issue 23).
    expect(displayName('maría núñez')).toBe('María Núñez');
    expect(displayName('ÑOÑO ÚRSULA íñiguez')).toBe('Ñoño Úrsula Íñiguez');
    expect(displayName('josé y maría')).toBe('José y María');
  });

  it('is null without a name', () => {
    expect(displayName(null)).toBeNull();
    expect(displayName('   ')).toBeNull();
  });
});

describe('firstName', () => {
  it('takes the first word, capitalized', () => {
    expect(firstName('maría JOSÉ pérez')).toBe('María');
    expect(firstName('ángel')).toBe('Ángel');
    expect(firstName('')).toBeNull();
  });
});
