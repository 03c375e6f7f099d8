import { normalizeCedula } from './phone';

/*
 * The published formats of a sealed draw (issue 19, docs/verification.md): one implementation for
 * the server, the buyer's browser and the tests. Hashing is passed in (node:crypto on the server,
 * @noble/hashes in the browser) so a 1,000,000-line tree is built at native speed.
 * No zod here: the public raffle page imports it.
 */

export type Sha256 = (data: Uint8Array) => Uint8Array;

const utf8 = new TextEncoder();
export const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new Error('not hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/**
 * The cedula as the server stores it and as the line binds it: "V11111111", "v-11.111.111" and
 * "V-11111111" are all "V-11111111"; text that is not a cedula is kept trimmed (older sales).
 */
export function cedulaForLine(input: string | null | undefined): string {
  if (!input) return '';
  return normalizeCedula(input) ?? input.trim();
}

/**
 * A sale's line in the published list (commitment version 2), without its newline:
 * `<ticket number>:<hex SHA-256 of "<verification code>:<cedula>">`. The code is secret to the
 * buyer and staff, so the public line reveals nothing about the cedula.
 */
export function saleLine(
  sha256: Sha256,
  sale: { ticketNumber: string; verificationCode: string; cedula: string | null },
): string {
  const secret = `${sale.verificationCode.trim().toUpperCase()}:${cedulaForLine(sale.cedula)}`;
  return `${sale.ticketNumber}:${toHex(sha256(utf8.encode(secret)))}`;
}

/** The published `.txt`: every line followed by a newline (an empty list is an empty file). */
export const soldListText = (lines: string[]) => (lines.length === 0 ? '' : `${lines.join('\n')}\n`);
/** The lines of a published `.txt` (tolerates a missing final newline, as version 1 lists have). */
export const soldListLines = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
const LEAF = Uint8Array.of(0);
const NODE = Uint8Array.of(1);

/** RFC 6962: leaf hash SHA-256(0x00 ‖ line as UTF-8). */
export const leafHash = (sha256: Sha256, line: string) => sha256(concat(LEAF, utf8.encode(line)));
/** RFC 6962: interior node SHA-256(0x01 ‖ left ‖ right). */
export const nodeHash = (sha256: Sha256, left: Uint8Array, right: Uint8Array) =>
  sha256(concat(NODE, left, right));

/**
 * The levels of the RFC 6962 tree, leaves first: pairing neighbours level by level and carrying
 * an unpaired last node up unchanged gives exactly MTH's left-balanced tree.
 */
export function merkleLevels(sha256: Sha256, lines: string[]): Uint8Array[][] {
  const levels: Uint8Array[][] = [lines.map((l) => leafHash(sha256, l))];
  while ((levels.at(-1) as Uint8Array[]).length > 1) {
    const below = levels.at(-1) as Uint8Array[];
    const above: Uint8Array[] = [];
    for (let i = 0; i < below.length; i += 2) {
      above.push(i + 1 < below.length ? nodeHash(sha256, below[i], below[i + 1]) : below[i]);
    }
    levels.push(above);
  }
  return levels;
}

/** The Merkle tree hash: SHA-256 of nothing for an empty list (RFC 6962 section 2.1). */
export function merkleRoot(sha256: Sha256, levels: Uint8Array[][]): Uint8Array {
  const top = levels.at(-1) as Uint8Array[];
  return top.length === 0 ? sha256(new Uint8Array()) : top[0];
}

/** The audit path of leaf `index`, deepest sibling first (RFC 6962 PATH). */
export function merklePath(levels: Uint8Array[][], index: number): Uint8Array[] {
  const path: Uint8Array[] = [];
  let i = index;
  for (let level = 0; level < levels.length - 1; level++) {
    const sibling = i ^ 1;
    if (sibling < levels[level].length) path.push(levels[level][sibling]);
    i >>= 1;
  }
  return path;
}

/** RFC 9162 section 2.1.3.2: does `path` lead from leaf `index` of `size` leaves to `root`? */
export function verifyInclusion(
  sha256: Sha256,
  input: { line: string; index: number; size: number; path: Uint8Array[]; root: Uint8Array },
): boolean {
  const { index, size, path, root } = input;
  if (!Number.isInteger(index) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leafHash(sha256, input.line);
  for (const p of path) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(sha256, p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn >>= 1;
        sn >>= 1;
      }
    } else {
      r = nodeHash(sha256, r, p);
    }
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 && toHex(r) === toHex(root);
}

/** A signed receipt of one sale (Ed25519 over `receiptMessage`), as the buyer downloads it. */
export type Receipt = {
  version: 1;
  raffle_id: string;
  number: number;
  line: string;
  /** When the sale was made (ISO 8601, UTC). */
  sold_at: string;
  /** Until when an unpaid reservation was held at signing; null once paid or with no limit. */
  held_until: string | null;
  /** Base64 Ed25519 signature; the public key is at GET /api/receipts/key. */
  signature: string;
};

/** The exact bytes a receipt signs: fields on their own lines, UTF-8, no final newline. */
export const receiptMessage = (r: Omit<Receipt, 'signature' | 'version'>) =>
  utf8.encode(
    ['rifas-recibo-v1', r.raffle_id, String(r.number), r.line, r.sold_at, r.held_until ?? ''].join('\n'),
  );

/** Base64 of bytes and back, for signatures and keys, in the browser and in Node alike. */
export const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
export const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
