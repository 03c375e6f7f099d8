import type { DrawResult, ProofResult } from '@domain/draw';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * What the buyer's browser checks against (issue 19, docs/verification.md): the draw answer with
 * its sealed-list fields, an inclusion proof, and the receipts key.
 */
export type SealedDraw = DrawResult;

/** `GET /api/raffles/:id/proof?number=N`: the number's line and its audit path, deepest sibling first. */
export type InclusionProof = ProofResult;

/** `GET /api/receipts/key`: the key that signs every receipt. */
export type ReceiptKey = { algorithm: 'Ed25519'; public_key: string; spki_pem: string };

/** SHA-256 in JavaScript: a million-line tree cannot wait on one WebCrypto promise per hash. */
export const browserSha256 = (data: Uint8Array) => sha256(data);

/** A Merkle root (version 2); a list closed before issue 19 (version 1) has a flat SHA-256. */
export const isMerkle = (draw: Pick<SealedDraw, 'commitment_version'>) => (draw.commitment_version ?? 1) >= 2;
