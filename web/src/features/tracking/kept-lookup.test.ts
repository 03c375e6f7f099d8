// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { keepLookup, readKeptLookup } from './kept-lookup';

const query = { cedula: 'V-12345678', phone_last4: '4567' };

beforeEach(() => sessionStorage.clear());

describe('the last tracking lookup, kept for this tab', () => {
  it('is read back as asked; a newer lookup replaces it', () => {
    expect(readKeptLookup()).toBeNull();
    keepLookup(query);
    expect(readKeptLookup()).toEqual(query);
    keepLookup({ cedula: 'E-87654321', phone_last4: '0001' });
    expect(readKeptLookup()).toEqual({ cedula: 'E-87654321', phone_last4: '0001' });
  });

  it('keeps only what was asked, never an answer', () => {
    keepLookup(query);
    const stored = JSON.parse(sessionStorage.getItem('rifas:seguimiento') ?? 'null');
    expect(Object.keys(stored).sort()).toEqual(['query', 'savedAt']);
  });

  it('a day old, or not a lookup, is not asked again', () => {
    keepLookup(query);
    expect(readKeptLookup(Date.now() + 25 * 3600_000)).toBeNull();
    sessionStorage.setItem(
      'rifas:seguimiento',
      JSON.stringify({ query: { cedula: 'V-1' }, savedAt: Date.now() }),
    );
    expect(readKeptLookup()).toBeNull();
  });
});
