import { createHash } from 'node:crypto';
import type { ChainClient, ChainInfo, RandomnessBeacon } from 'drand-client';
import { beaconMessages, QUICKNET, randomnessFromSignature } from '../../../domain/beacon';

/** A quicknet round whose BLS signature checked out against the pinned public key. */
export type VerifiedBeacon = { round: number; signature: string; randomness: string };
/** Fetches and verifies one round; throws a BeaconError (Spanish message) when it cannot. */
export type FetchRound = (round: number) => Promise<VerifiedBeacon>;

export class BeaconError extends Error {
  constructor(
    message: string,
    readonly reason: 'not_yet' | 'invalid' | 'unreachable',
  ) {
    super(message);
    this.name = 'BeaconError';
  }
}

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

/** drand-client's shape of the pinned chain: what every beacon is checked against. */
const PINNED_CHAIN: ChainInfo = {
  public_key: QUICKNET.publicKey,
  period: QUICKNET.periodSeconds,
  genesis_time: QUICKNET.genesisTime,
  hash: QUICKNET.chainHash,
  groupHash: QUICKNET.groupHash,
  schemeID: QUICKNET.scheme,
  metadata: { beaconID: QUICKNET.beaconId },
};

// A G1 point compressed: 48 bytes.
const SIGNATURE_HEX = /^[0-9a-f]{96}$/;

/**
 * Checks a round as a drand mirror answered it: the round asked for, a well-formed signature, the
 * randomness (when sent) equal to SHA-256 of the signature, and the BLS signature itself, verified
 * by drand-client against PINNED_CHAIN (a client whose chain info is ours and whose `get` hands
 * back this very answer, so drand-client never asks the mirror for its chain info).
 */
export async function verifyQuicknetRound(answer: unknown, round: number): Promise<VerifiedBeacon> {
  const body = (answer ?? {}) as { round?: unknown; signature?: unknown; randomness?: unknown };
  if (body.round !== round) throw new BeaconError(beaconMessages.wrongRound(round, body.round), 'invalid');
  const signature = typeof body.signature === 'string' ? body.signature.toLowerCase() : '';
  if (!SIGNATURE_HEX.test(signature)) throw new BeaconError(beaconMessages.malformed(round), 'invalid');
  const randomness = randomnessFromSignature(sha256, signature);
  if (body.randomness !== undefined && String(body.randomness).toLowerCase() !== randomness) {
    throw new BeaconError(beaconMessages.wrongRandomness(round), 'invalid');
  }
  const beacon: RandomnessBeacon = { round, signature, randomness };
  const client: ChainClient = {
    options: { disableBeaconVerification: false, noCache: false },
    chain: () => ({ baseUrl: 'pinned:quicknet', info: async () => PINNED_CHAIN }),
    get: async () => beacon,
    latest: async () => beacon,
  };
  // Loaded on the first draw by beacon, not at start-up (its BLS code is memory an idle server keeps).
  const { fetchBeacon } = await import('drand-client');
  try {
    await fetchBeacon(client, round);
  } catch {
    // Not a curve point, or a point that does not pair with the key: the same verdict.
    throw new BeaconError(beaconMessages.invalidSignature(round), 'invalid');
  }
  return { round, signature, randomness };
}

const MAX_ANSWER_BYTES = 64 * 1024;

async function fetchFrom(base: string, round: number, timeoutMs: number, fetchFn: typeof fetch) {
  const url = `${base.replace(/\/+$/, '')}/${QUICKNET.chainHash}/public/${round}`;
  const response = await fetchFn(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) {
    await response.body?.cancel();
    // drand answers 425 (Too Early) or 404 for a round not yet emitted.
    const early = response.status === 425 || response.status === 404;
    throw new BeaconError(
      early ? beaconMessages.notYet(round) : `HTTP ${response.status}`,
      early ? 'not_yet' : 'unreachable',
    );
  }
  const text = await response.text();
  if (text.length > MAX_ANSWER_BYTES) throw new BeaconError(beaconMessages.malformed(round), 'invalid');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BeaconError(beaconMessages.malformed(round), 'invalid');
  }
  return verifyQuicknetRound(json, round);
}

/**
 * Asks each mirror in turn (DRAND_URLS) for the round and returns the first answer that verifies:
 * a mirror that is down, slow or lying only costs its timeout. Every mirror serves the same signed
 * bytes, so which one answered does not matter.
 */
export function drandRoundFetcher(options: {
  urls: string[];
  timeoutMs?: number;
  fetch?: typeof fetch;
}): FetchRound {
  const timeoutMs = options.timeoutMs ?? 5000;
  const fetchFn = options.fetch ?? fetch;
  return async (round) => {
    const reasons: string[] = [];
    let allEarly = options.urls.length > 0;
    for (const base of options.urls) {
      try {
        return await fetchFrom(base, round, timeoutMs, fetchFn);
      } catch (error) {
        const { name, message, reason } = error as BeaconError;
        allEarly &&= reason === 'not_yet';
        reasons.push(
          `${new URL(base).host}: ${name === 'TimeoutError' ? `sin respuesta en ${timeoutMs} ms` : message}`,
        );
      }
    }
    if (allEarly) throw new BeaconError(beaconMessages.notYet(round), 'not_yet');
    throw new BeaconError(beaconMessages.unreachable(round, reasons.join('; ')), 'unreachable');
  };
}
