import { describe, expect, it } from 'vitest';
import { displayName, firstName } from './names';

describe('displayName', () => {
  it('capitalizes each word, accents included, and keeps particles lowercase', () => {
    expect(displayName('maría alejandra fernández de los ángeles')).toBe(
      'María Alejandra Fernández de los Ángeles',
    );
    expect(displayName('  ÁNGEL   rodríguez ')).toBe('Ángel Rodríguez');
    expect(displayName('de la cruz')).toBe('De la Cruz');
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
