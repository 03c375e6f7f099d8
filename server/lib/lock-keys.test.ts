import { describe, expect, it } from 'vitest';
import { LOCK_KEYS } from './lock-keys';

describe('advisory-lock keys', () => {
  it('are all different, so no two features ever exclude each other', () => {
    const keys = Object.values(LOCK_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
