// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetTab, isRecord, keepTab, readTab, TAB_DAY_MS } from './tab-storage';

type Visit = { cedula: string };
const asVisit = (stored: unknown): Visit | null =>
  isRecord(stored) && typeof stored.cedula === 'string' ? { cedula: stored.cedula } : null;

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('what a tab keeps for itself', () => {
  it('is read back as kept, per key, until forgotten', () => {
    keepTab('rifas:prueba:a', { cedula: 'V-12345678' });
    expect(readTab('rifas:prueba:a', asVisit)).toEqual({ cedula: 'V-12345678' });
    expect(readTab('rifas:prueba:b', asVisit)).toBeNull();
    forgetTab('rifas:prueba:a');
    expect(readTab('rifas:prueba:a', asVisit)).toBeNull();
  });

  it('is not read when it is not what the reader expects, or not JSON', () => {
    sessionStorage.setItem('rifas:prueba:a', '{"nombre":"María"}');
    expect(readTab('rifas:prueba:a', asVisit)).toBeNull();
    sessionStorage.setItem('rifas:prueba:a', '{not json');
    expect(readTab('rifas:prueba:a', asVisit)).toBeNull();
  });

  it('a reader that throws (a schema parse) reads nothing', () => {
    keepTab('rifas:prueba:a', { cedula: 1 });
    const strict = (stored: unknown): Visit => {
      if (!asVisit(stored)) throw new Error('not a visit');
      return stored as Visit;
    };
    expect(readTab('rifas:prueba:a', strict)).toBeNull();
  });

  it('stamped, it is read within its age limit only; unstamped, an age limit reads nothing', () => {
    const now = Date.now();
    keepTab('rifas:prueba:a', { cedula: 'V-1' }, { stamped: true });
    const kept = JSON.parse(sessionStorage.getItem('rifas:prueba:a') ?? 'null');
    expect(kept).toEqual({ cedula: 'V-1', savedAt: expect.any(Number) });
    expect(readTab('rifas:prueba:a', asVisit, { maxAgeMs: TAB_DAY_MS, now })).toEqual({ cedula: 'V-1' });
    expect(
      readTab('rifas:prueba:a', asVisit, { maxAgeMs: TAB_DAY_MS, now: now + TAB_DAY_MS + 1 }),
    ).toBeNull();

    keepTab('rifas:prueba:b', { cedula: 'V-2' });
    expect(readTab('rifas:prueba:b', asVisit, { maxAgeMs: TAB_DAY_MS })).toBeNull();
    expect(readTab('rifas:prueba:b', asVisit)).toEqual({ cedula: 'V-2' });
  });

  it('full storage keeps nothing and throws nothing', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => keepTab('rifas:prueba:a', { cedula: 'V-1' })).not.toThrow();
    expect(readTab('rifas:prueba:a', asVisit)).toBeNull();
  });

  it('storage that is unavailable (private mode, blocked) never throws', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => keepTab('rifas:prueba:a', { cedula: 'V-1' }, { stamped: true })).not.toThrow();
    expect(readTab('rifas:prueba:a', asVisit)).toBeNull();
    expect(() => forgetTab('rifas:prueba:a')).not.toThrow();
  });
});
