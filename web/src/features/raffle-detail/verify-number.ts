import { padTicketNumber } from '@domain/tickets';
import {
  fromBase64,
  fromHex,
  type Receipt,
  receiptMessage,
  saleLine,
  verifyInclusion,
} from '@domain/verification';
import { ed25519 } from '@noble/curves/ed25519.js';
import { browserSha256, type InclusionProof, isMerkle, type SealedDraw } from './sealed-draw';

/**
 * "Verifica tu número" in the buyer's browser: the line is recomputed here from the number, the
 * code and the cedula, and the server's audit path must lead from it to the root published at
 * close. The server is only a courier: a wrong path or a wrong root cannot pass.
 */

type ProofSource = {
  draw: SealedDraw;
  /** The proof for a number, or null when the server answers 404 NOT_IN_LIST. */
  getProof: (number: number) => Promise<InclusionProof | null>;
};

export type NumberQuery = { number: number; code: string; cedula: string };

export type NumberVerdict =
  | { kind: 'proven'; ticketNumber: string; closedAt: string | null; root: string; hashes: number }
  /** The list has no line for this number, or a different one (wrong code or cedula, or a changed sale). */
  | { kind: 'not-found'; ticketNumber: string; inList: boolean }
  /** The server's path does not lead to the published root: the server contradicts itself. */
  | { kind: 'bad-proof'; ticketNumber: string }
  /** Closed before Merkle roots: only the whole list proves anything. */
  | { kind: 'legacy' }
  | { kind: 'not-sealed' };

type Walk = { ok: true; hashes: number } | { ok: false };

/** Does the proof lead from `line` to the published root? Counts the hashes it took. */
function walkToRoot(draw: SealedDraw, proof: InclusionProof, line: string): Walk {
  const root = draw.draw_commitment ?? '';
  if (proof.root.toLowerCase() !== root.toLowerCase()) return { ok: false };
  try {
    const path = proof.path.map(fromHex);
    const ok = verifyInclusion(browserSha256, { ...proof, line, path, root: fromHex(root) });
    // One hash for the leaf, one per step of the path.
    return ok ? { ok: true, hashes: 1 + path.length } : { ok: false };
  } catch {
    return { ok: false };
  }
}

export async function verifyNumber(query: NumberQuery, digitCount: number, source: ProofSource) {
  const { draw } = source;
  if (!draw.draw_commitment) return { kind: 'not-sealed' } satisfies NumberVerdict;
  if (!isMerkle(draw)) return { kind: 'legacy' } satisfies NumberVerdict;
  const ticketNumber = padTicketNumber(query.number, digitCount);
  const line = saleLine(browserSha256, {
    ticketNumber,
    verificationCode: query.code,
    cedula: query.cedula,
  });
  const proof = await source.getProof(query.number);
  if (!proof || proof.line !== line) {
    return { kind: 'not-found', ticketNumber, inList: proof !== null } satisfies NumberVerdict;
  }
  const walk = walkToRoot(draw, proof, line);
  if (!walk.ok) return { kind: 'bad-proof', ticketNumber } satisfies NumberVerdict;
  return {
    kind: 'proven',
    ticketNumber,
    closedAt: draw.closed_at ?? null,
    root: draw.draw_commitment,
    // The hash of "code:cedula" inside the line, then the walk to the root.
    hashes: 1 + walk.hashes,
  } satisfies NumberVerdict;
}

const isString = (v: unknown): v is string => typeof v === 'string';

/** A receipt file as the buyer downloaded it from tracking, or null when it is not one. */
export function parseReceipt(text: string): Receipt | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const r = value as Record<string, unknown>;
  const ok =
    r.version === 1 &&
    isString(r.raffle_id) &&
    Number.isInteger(r.number) &&
    isString(r.line) &&
    isString(r.sold_at) &&
    (r.held_until === null || isString(r.held_until)) &&
    isString(r.signature);
  return ok ? (value as Receipt) : null;
}

export type ReceiptVerdict =
  | { kind: 'invalid-file' }
  | { kind: 'other-raffle' }
  | { kind: 'bad-signature' }
  | { kind: 'not-sealed' }
  | { kind: 'legacy' }
  | { kind: 'included'; ticketNumber: string }
  /**
   * A sale the server signed is not in the published list. `mayHaveExpired`: it was an unpaid
   * reservation whose hold ended before the close, so its release may be legitimate.
   */
  | { kind: 'missing'; ticketNumber: string; mayHaveExpired: boolean; heldUntil: string | null }
  | { kind: 'bad-proof'; ticketNumber: string };

/** The Ed25519 signature over `receiptMessage`, with the key from GET /api/receipts/key. */
export function receiptSignatureValid(receipt: Receipt, publicKey: Uint8Array): boolean {
  try {
    return ed25519.verify(fromBase64(receipt.signature), receiptMessage(receipt), publicKey);
  } catch {
    return false;
  }
}

const ticketOfLine = (line: string) => line.slice(0, Math.max(0, line.indexOf(':')));

export async function verifyReceipt(
  receipt: Receipt | null,
  raffleId: string,
  publicKey: () => Promise<Uint8Array>,
  source: ProofSource,
): Promise<ReceiptVerdict> {
  if (!receipt) return { kind: 'invalid-file' };
  if (receipt.raffle_id !== raffleId) return { kind: 'other-raffle' };
  if (!receiptSignatureValid(receipt, await publicKey())) return { kind: 'bad-signature' };
  const { draw } = source;
  if (!draw.draw_commitment) return { kind: 'not-sealed' };
  if (!isMerkle(draw)) return { kind: 'legacy' };
  const ticketNumber = ticketOfLine(receipt.line) || String(receipt.number);
  const proof = await source.getProof(receipt.number);
  if (!proof || proof.line !== receipt.line) {
    const closedAt = draw.closed_at ? Date.parse(draw.closed_at) : Number.NaN;
    const heldUntil = receipt.held_until ? Date.parse(receipt.held_until) : Number.NaN;
    return {
      kind: 'missing',
      ticketNumber,
      mayHaveExpired: heldUntil < closedAt,
      heldUntil: receipt.held_until,
    };
  }
  return walkToRoot(draw, proof, receipt.line).ok
    ? { kind: 'included', ticketNumber }
    : { kind: 'bad-proof', ticketNumber };
}
