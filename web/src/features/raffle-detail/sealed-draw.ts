import type { DrawResult } from '@domain/draw';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * What the buyer's browser checks against (issue 19, docs/verification.md): the draw answer with
 * the sealed-list fields, an inclusion proof and the receipts key. Optional fields: an older
 * server (or a raffle closed before commitment version 2) leaves them out.
 */
export type SealedDraw = DrawResult & {
  closed_at?: string | null;
  /** 1: flat SHA-256 of the text; 2: RFC 6962 Merkle root over the lines in number order. */
  commitment_version?: number | null;
  line_count?: number | null;
  sold_list_url?: string | null;
};

/** `GET /api/raffles/:id/proof?number=N`: the number's line and its audit path, deepest sibling first. */
export type InclusionProof = { line: string; index: number; size: number; path: string[]; root: string };

/** `GET /api/receipts/key`: the key that signs every receipt. */
export type ReceiptKey = { algorithm: 'Ed25519'; public_key: string; spki_pem?: string };

/** SHA-256 in JavaScript: a million-line tree cannot wait on one WebCrypto promise per hash. */
export const browserSha256 = (data: Uint8Array) => sha256(data);

/** A Merkle root (version 2); an answer without the field comes from before it: a flat SHA-256. */
export const isMerkle = (draw: SealedDraw) => (draw.commitment_version ?? 1) >= 2;
