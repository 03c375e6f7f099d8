import { randomInt } from 'node:crypto';
import { SELLER_CODE_ALPHABET, SELLER_CODE_LENGTH } from '../../../domain/seller-network';

/** A fresh code: 6 of 31 unambiguous characters (~887 million codes), read aloud without a doubt. */
export function newSellerCode(length = SELLER_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += SELLER_CODE_ALPHABET[randomInt(SELLER_CODE_ALPHABET.length)];
  return code;
}

/** A found seller is trusted this long (codes never change), an unknown code for less. */
const FOUND_TTL_MS = 10 * 60_000;
const MISSING_TTL_MS = 30_000;
const MAX_ENTRIES = 5_000;

/**
 * Code -> seller id, in memory: a reservation through a referral link must not pay a query for
 * it (the reservation path is one round trip, decision 016). Whether that seller may be credited
 * on the raffle is `reserve_sales`' check, so a stale entry can never credit a seller who was
 * unassigned meanwhile. A seller disabled is forgotten at once here (`forgetSeller`), and on other
 * instances when their entry ages out.
 */
export function createSellerCodeCache(lookup: (code: string) => Promise<string | null>) {
  const entries = new Map<string, { id: string | null; at: number }>();
  const reading = new Map<string, Promise<string | null>>();

  return {
    async resolve(code: string): Promise<string | null> {
      const key = code.toUpperCase();
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < (hit.id ? FOUND_TTL_MS : MISSING_TTL_MS)) return hit.id;
      const pending = reading.get(key);
      if (pending) return pending;
      const promise = lookup(key)
        .then((id) => {
          entries.delete(key);
          entries.set(key, { id, at: Date.now() });
          while (entries.size > MAX_ENTRIES) {
            const oldest = entries.keys().next().value;
            if (oldest === undefined) break;
            entries.delete(oldest);
          }
          return id;
        })
        .finally(() => reading.delete(key));
      reading.set(key, promise);
      return promise;
    },
    /** A code was just given to someone: an earlier "unknown" answer for it is wrong now. */
    forget(code: string) {
      entries.delete(code.toUpperCase());
    },
    /** A seller was disabled or lost the role: their code stops crediting them on this instance now. */
    forgetSeller(id: string) {
      for (const [code, entry] of entries) if (entry.id === id) entries.delete(code);
    },
  };
}
