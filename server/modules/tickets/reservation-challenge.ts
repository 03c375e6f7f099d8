import { createHmac } from 'node:crypto';
import { CappedMap, type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';

/**
 * Proof of work when reservations come in a rush (issue 21, decision 039). Each instance counts reservation attempts per raffle
 * and per client address in the current minute; past `perMinute` of either, a reservation needs a
 * solved ALTCHA challenge (self-hosted: nothing leaves this server). An honest phone solves one in a
 * fraction of a second without doing anything; a script pays that for every reservation, and the
 * solution is good once.
 */

/** PBKDF2-SHA-256 of 5,000 iterations per try, 30-90 tries: ~0.1 s on this server's core. */
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 5_000;
const COUNTER = [30, 90] as const;
const EXPIRES_MS = 5 * 60_000;
/** Solved challenges remembered so each is used once (more than a rush makes in EXPIRES_MS). */
const USED_CAPACITY = 200_000;
const WINDOW_MS = 60_000;

export type ReservationChallenge = ReturnType<typeof createReservationChallenge>;

/** The payload the widget hands over: base64 of {challenge, solution}. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({ nonce: z.string() }).loose(),
    signature: z.string().optional(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }).loose(),
});

export function createReservationChallenge(options: {
  /** Reservations per minute of one raffle or one address before a challenge is asked; 0: never. */
  perMinute: number;
  /** Shared by every instance (derived from the JWT secret), so any instance verifies any challenge. */
  secret: string;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const signatureSecret = createHmac('sha256', options.secret).update('altcha-signature').digest('hex');
  const keySecret = createHmac('sha256', options.secret).update('altcha-key').digest('hex');
  const used = new CappedMap<string, true>({ maxSize: USED_CAPACITY });
  // Attempts in the current fixed minute (and the one before, weighted: a sliding estimate).
  let windowStart = now();
  let current = new Map<string, number>();
  let previous = new Map<string, number>();

  function roll() {
    const elapsed = now() - windowStart;
    if (elapsed < WINDOW_MS) return;
    previous = elapsed < 2 * WINDOW_MS ? current : new Map();
    current = new Map();
    windowStart += Math.floor(elapsed / WINDOW_MS) * WINDOW_MS;
  }

  /** Counts one attempt under `key`; the estimate of attempts in the last minute, this one included. */
  function count(key: string): number {
    const n = (current.get(key) ?? 0) + 1;
    current.set(key, n);
    const weight = 1 - (now() - windowStart) / WINDOW_MS;
    return n + Math.floor((previous.get(key) ?? 0) * weight);
  }

  return {
    enabled: options.perMinute > 0,

    /** Counts this reservation attempt; whether it must carry a solved challenge. */
    isRequired(raffleId: string, ip: string): boolean {
      if (options.perMinute <= 0) return false;
      roll();
      const perRaffle = count(`r:${raffleId}`);
      const perAddress = count(`a:${ip}`);
      return perRaffle > options.perMinute || perAddress > options.perMinute;
    },

    create(): Promise<Challenge> {
      return createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        counter: randomInt(COUNTER[0], COUNTER[1]),
        deriveKey,
        expiresAt: new Date(now() + EXPIRES_MS),
        hmacSignatureSecret: signatureSecret,
        // Deterministic mode: verifying is an HMAC, not another key derivation.
        hmacKeySignatureSecret: keySecret,
      });
    },

    /** Whether `payload` (the widget's base64) solves a challenge of ours, unexpired and unused. */
    async verify(payload: string): Promise<boolean> {
      let parsed: z.infer<typeof payloadSchema>;
      try {
        parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
      } catch {
        return false;
      }
      const { challenge, solution } = parsed as unknown as { challenge: Challenge; solution: never };
      const result = await verifySolution({
        challenge,
        solution,
        deriveKey,
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySecret,
      }).catch(() => null);
      if (!result?.verified) return false;
      // Good once (per instance: see the decision for several instances).
      return used.setIfAbsent(challenge.parameters.nonce, true);
    },
  };
}
