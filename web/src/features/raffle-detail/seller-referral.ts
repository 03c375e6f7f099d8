import { isSellerCode, normalizeSellerCode } from '@domain/seller-codes';

/**
 * The seller whose link brought this buyer (decision 036): `/raffle/:id?v=CODE` or `/v/CODE/:id`
 * keeps the code on the device for 7 days, per raffle, and the reservation sends it as
 * `seller_code`. Per raffle: a link for one raffle never credits a seller on another the buyer
 * found by themself. Last link wins: opening another seller's link for the same raffle replaces it.
 */
export const REFERRAL_DAYS = 7;
const REFERRAL_MS = REFERRAL_DAYS * 24 * 60 * 60 * 1000;
const KEY = 'rifas.sellerReferrals';
/** Raffles remembered at most; the oldest links go first. */
const MAX_RAFFLES = 50;

type Referral = { code: string; at: number };
type Referrals = Record<string, Referral>;
type Store = Pick<Storage, 'getItem' | 'setItem'>;

function read(store: Store): Referrals {
  try {
    const parsed: unknown = JSON.parse(store.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Referrals) : {};
  } catch {
    return {};
  }
}

const browserStore = (): Store | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // Storage blocked (private mode on some phones): no referral, the sale goes on.
  }
};

/** Keeps `code` for this raffle (a malformed code is ignored); answers whether it was kept. */
export function rememberSellerCode(
  raffleId: string,
  code: string | null | undefined,
  now = Date.now(),
  store: Store | null = browserStore(),
): boolean {
  if (!store || !code || !isSellerCode(code.trim())) return false;
  const all = read(store);
  all[raffleId] = { code: normalizeSellerCode(code), at: now };
  const kept = Object.entries(all)
    .filter(([, r]) => now - r.at < REFERRAL_MS)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, MAX_RAFFLES);
  try {
    store.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
    return true;
  } catch {
    return false;
  }
}

/** The code kept for this raffle if its link was opened less than 7 days ago. */
export function sellerCodeFor(
  raffleId: string,
  now = Date.now(),
  store: Store | null = browserStore(),
): string | undefined {
  if (!store) return undefined;
  const referral = read(store)[raffleId];
  if (!referral || typeof referral.code !== 'string' || !isSellerCode(referral.code)) return undefined;
  return now - referral.at < REFERRAL_MS ? referral.code : undefined;
}
