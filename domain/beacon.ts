import { fromHex, type Sha256, toHex } from './verification';

/*
 * The public randomness beacon as a draw source (issue 19, decision 024, docs/verification.md):
 * drand quicknet of the League of Entropy. One implementation of the round arithmetic and of the
 * winner's derivation for the server, the buyer's browser and the tests. Hashing is passed in, as
 * in verification.ts. No zod and no node imports here: the public raffle page imports it.
 */

/**
 * The quicknet chain, pinned: these are the values its `/info` answers and drand-client ships
 * (QUICKNET_CHAIN_INFO). The server verifies every beacon against this key, never against the
 * chain info a mirror sends, so a lying mirror cannot pass off its own randomness.
 */
export const QUICKNET = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  periodSeconds: 3,
  /** Unix seconds of round 1. */
  genesisTime: 1692803367,
  groupHash: 'f477d5c89f21a17c863a7f937c6a6d15859414d2be09cd448d4279af331c5d3e',
  scheme: 'bls-unchained-g1-rfc9380',
  beaconId: 'quicknet',
} as const;

const GENESIS_MS = QUICKNET.genesisTime * 1000;
const PERIOD_MS = QUICKNET.periodSeconds * 1000;

/** The round out at `time` (the latest one emitted by then), as drand's `roundAt`. */
export function roundAt(time: Date): number {
  const ms = time.getTime();
  if (!Number.isFinite(ms) || ms < GENESIS_MS) throw new Error('time before the quicknet genesis');
  return Math.floor((ms - GENESIS_MS) / PERIOD_MS) + 1;
}

/** When `round` is emitted: genesis + (round − 1) × period. */
export function roundTime(round: number): Date {
  if (!Number.isSafeInteger(round) || round < 1) throw new Error('a round is a whole number from 1');
  return new Date(GENESIS_MS + (round - 1) * PERIOD_MS);
}

/**
 * The round a raffle closed at `closedAt` is drawn from: the first round emitted at or after
 * closedAt + margin. Nobody (the organizer, this server, drand's operators alone) can know its
 * randomness when the list is committed; the margin covers clocks that disagree by a few seconds.
 */
export function drawRoundFor(closedAt: Date, marginSeconds: number): number {
  const target = closedAt.getTime() + marginSeconds * 1000;
  if (!Number.isFinite(target)) throw new Error('invalid close time');
  return Math.max(1, Math.ceil((target - GENESIS_MS) / PERIOD_MS) + 1);
}

/** drand's randomness of a beacon: SHA-256 of the signature bytes, as hex. */
export const randomnessFromSignature = (sha256: Sha256, signatureHex: string) =>
  toHex(sha256(fromHex(signatureHex)));

const TWO_64 = 1n << 64n;

/**
 * Rejection sampling of an index in [0, n) from a seed, without modulo bias: for counter
 * i = 0, 1, 2, …, h = SHA-256(seed ‖ uint32 big-endian i), x = the first 8 bytes of h as an
 * unsigned big-endian integer; x is accepted when x < 2^64 − (2^64 mod n), and the index is x mod n.
 * The accepted range is a whole multiple of n, so every index is exactly as likely. `counter` is
 * the i that was accepted (0 nearly always: a rejection has probability below n / 2^64).
 */
export function sampleIndex(sha256: Sha256, seed: Uint8Array, n: bigint): { index: bigint; counter: number } {
  if (n < 1n || n > TWO_64) throw new Error('n must be between 1 and 2^64');
  const limit = TWO_64 - (TWO_64 % n);
  const input = new Uint8Array(seed.length + 4);
  input.set(seed);
  const view = new DataView(input.buffer);
  for (let counter = 0; counter <= 0xffffffff; counter++) {
    view.setUint32(seed.length, counter);
    const h = sha256(input);
    const x = new DataView(h.buffer, h.byteOffset, 8).getBigUint64(0);
    if (x < limit) return { index: x % n, counter };
  }
  throw new Error('no accepted sample in 2^32 tries');
}

/**
 * The winning line of a drand draw: sampleIndex over seed = randomness bytes (32) ‖ Merkle root
 * bytes (32) and n = the number of lines. Binding the root means the same round gives different
 * raffles different winners, and a list changed after close gives a different winner.
 */
export function winnerIndex(
  sha256: Sha256,
  randomnessHex: string,
  rootHex: string,
  lineCount: number,
): number {
  if (!Number.isSafeInteger(lineCount) || lineCount < 1) throw new Error('a draw needs at least one line');
  const randomness = fromHex(randomnessHex);
  const root = fromHex(rootHex);
  const seed = new Uint8Array(randomness.length + root.length);
  seed.set(randomness);
  seed.set(root, randomness.length);
  return Number(sampleIndex(sha256, seed, BigInt(lineCount)).index);
}

/** The ticket number a published line names: `<ticket number>:<hash>` → the number before ':'. */
export function numberOnLine(line: string): number {
  const digits = line.split(':', 1)[0];
  if (!line.includes(':') || !/^\d+$/.test(digits)) throw new Error('not a line of the published list');
  return Number.parseInt(digits, 10);
}

/** Where anyone fetches a round (any drand mirror answers the same, signed bytes). */
export const beaconRoundUrl = (round: number, base = 'https://api.drand.sh') =>
  `${base.replace(/\/+$/, '')}/${QUICKNET.chainHash}/public/${round}`;

export const beaconMessages = {
  sourceName: 'Baliza pública de aleatoriedad drand (quicknet, League of Entropy)',
  roundText: (round: number, at: Date) => `Ronda ${round} de drand quicknet, emitida el ${at.toISOString()}.`,
  pending: (round: number) =>
    `El ganador sale de la ronda ${round} de drand: se sortea solo cuando esa ronda se publique.`,
  notYet: (round: number) => `La ronda ${round} de drand todavía no se ha publicado.`,
  unreachable: (round: number, reasons: string) =>
    `No se pudo obtener una ronda ${round} de drand válida de ningún servidor (${reasons}).`,
  invalidSignature: (round: number) =>
    `La ronda ${round} recibida no tiene una firma válida de la red drand quicknet: se rechazó.`,
  wrongRandomness: (round: number) =>
    `La aleatoriedad de la ronda ${round} recibida no es el SHA-256 de su firma: se rechazó.`,
  wrongRound: (round: number, got: unknown) =>
    `Se pidió la ronda ${round} de drand y el servidor respondió otra (${String(got)}).`,
  malformed: (round: number) => `La respuesta para la ronda ${round} de drand no tiene el formato esperado.`,
  listMismatch: 'La lista publicada no tiene el número de líneas registrado al cierre: no se sortea.',
} as const;
