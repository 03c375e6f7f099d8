import { describe, expect, it } from 'vitest';
import { REFERRAL_DAYS, rememberSellerCode, sellerCodeFor } from './seller-referral';

const DAY = 24 * 60 * 60 * 1000;
const memory = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
};

describe('seller referral kept on the device', () => {
  it('keeps the code per raffle, upper case, for 7 days', () => {
    const store = memory();
    expect(rememberSellerCode('r1', 'abc234', 1_000, store)).toBe(true);
    expect(sellerCodeFor('r1', 1_000 + DAY, store)).toBe('ABC234');
    expect(sellerCodeFor('r2', 1_000 + DAY, store)).toBeUndefined();
    expect(sellerCodeFor('r1', 1_000 + REFERRAL_DAYS * DAY - 1, store)).toBe('ABC234');
    expect(sellerCodeFor('r1', 1_000 + REFERRAL_DAYS * DAY, store)).toBeUndefined();
  });

  it('last link wins for the same raffle, and restarts the 7 days', () => {
    const store = memory();
    rememberSellerCode('r1', 'AAAA22', 0, store);
    rememberSellerCode('r1', 'BBBB33', 5 * DAY, store);
    expect(sellerCodeFor('r1', 6 * DAY, store)).toBe('BBBB33');
    expect(sellerCodeFor('r1', 11 * DAY, store)).toBe('BBBB33');
  });

  it('ignores a malformed code and keeps the one before', () => {
    const store = memory();
    rememberSellerCode('r1', 'GOOD22', 0, store);
    expect(rememberSellerCode('r1', 'no; vale', 1, store)).toBe(false);
    expect(rememberSellerCode('r1', '', 1, store)).toBe(false);
    expect(sellerCodeFor('r1', 2, store)).toBe('GOOD22');
  });

  it('survives a broken stored value', () => {
    const store = memory();
    store.setItem('rifas.sellerReferrals', '{nope');
    expect(sellerCodeFor('r1', 0, store)).toBeUndefined();
    expect(rememberSellerCode('r1', 'CODE22', 0, store)).toBe(true);
    expect(sellerCodeFor('r1', 0, store)).toBe('CODE22');
  });
});
