import type { Sha256 } from './verification';
import { toHex } from './verification';

/*
 * The audit log's hash chain (issue 19, decision 025, docs/verification.md (audit section)): one
 * implementation for the server, `npm run audit:verify` and the tests. Hashing is passed in, as in
 * domain/verification.ts. No zod here.
 */

/** The prev_hash of the first entry. */
export const AUDIT_GENESIS = '0'.repeat(64);

/** What an entry's hash covers: every stored field except prev_hash (chained) and hash itself. */
export type AuditContent = {
  seq: number;
  /** ISO 8601 UTC with milliseconds, as Date.prototype.toISOString() writes it. */
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  actor_role: string | null;
  action: string;
  raffle_id: string | null;
  target: Record<string, string>;
  summary: Record<string, unknown>;
};

/**
 * Canonical JSON, RFC 8785 (JCS) for the values an entry holds: JSON.stringify's own writing of
 * strings, numbers, booleans and null, no whitespace, and object keys sorted by UTF-16 code units
 * (JavaScript's default sort), at every depth. Array order is kept. Hashed as UTF-8.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('not a JSON number');
    if (value === undefined || typeof value === 'function' || typeof value === 'bigint')
      throw new Error(`not a JSON value: ${typeof value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object)
    .filter((key) => object[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`).join(',')}}`;
}

const utf8 = new TextEncoder();

/** The exact text an entry's hash is taken of: prev_hash, a newline, the canonical content. */
export const auditHashInput = (prevHash: string, content: AuditContent) =>
  `${prevHash}\n${canonicalJson(content)}`;

/** hex(SHA-256(UTF-8(prev_hash ‖ "\n" ‖ canonicalJson(content)))). */
export const auditEntryHash = (sha256: Sha256, prevHash: string, content: AuditContent) =>
  toHex(sha256(utf8.encode(auditHashInput(prevHash, content))));

export type StoredAuditEntry = AuditContent & { prev_hash: string; hash: string };

export type AuditVerdict =
  | { ok: true; count: number }
  | { ok: false; first_broken_seq: number; reason: AuditBreak; count: number };
/** prev_hash: it does not name the hash before it (an entry removed, inserted or reordered). hash: its content changed. */
export type AuditBreak = 'prev_hash_mismatch' | 'hash_mismatch';

/**
 * Walks entries in seq order, carrying the previous hash across calls (the log is read in pages):
 * `check(page)` returns the first break or null; `count` is how many entries were checked.
 */
export function createChainWalker(sha256: Sha256) {
  let previous = AUDIT_GENESIS;
  let count = 0;
  return {
    check(entries: StoredAuditEntry[]): { seq: number; reason: AuditBreak } | null {
      for (const entry of entries) {
        count++;
        if (entry.prev_hash !== previous) return { seq: entry.seq, reason: 'prev_hash_mismatch' };
        const { prev_hash, hash, ...content } = entry;
        if (auditEntryHash(sha256, prev_hash, content) !== hash)
          return { seq: entry.seq, reason: 'hash_mismatch' };
        previous = hash;
      }
      return null;
    },
    get count() {
      return count;
    },
  };
}

// What a request body may leave in an entry's summary: its top-level key names, and the values of
// these few keys only, when they are plain scalars (or short lists of numbers). Whitelisting (not
// blacklisting) means a new field with a password, token or cedula is never stored by accident.
const VALUE_KEYS = new Set([
  'status',
  'role',
  'disabled',
  'scope',
  'winning_number',
  'result',
  'number',
  'numbers',
  'draw_kind',
  'payment_type',
  'kind',
  'buyers',
  'archived',
  'total_numbers',
  'price',
  'closing_date',
]);
/** Belt and braces: a key that looks secret never has its value kept, even if listed above. */
const SECRET_KEY = /pass|token|secret|cedula|c[ée]dula|key|otp|pin\b/i;
const MAX_KEYS = 40;
const MAX_KEY_LENGTH = 60;
const MAX_STRING = 120;
const MAX_LIST = 100;

/**
 * Text PostgreSQL stores exactly as given, so the hash of what is read back is the hash written:
 * jsonb and text refuse U+0000, and jsonb refuses a lone UTF-16 surrogate.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isStorableText = (value: string, max: number) =>
  value.length <= max && !value.includes('\u0000') && !LONE_SURROGATE.test(value);

function keptValue(value: unknown): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') return isStorableText(value, MAX_STRING) ? value : undefined;
  if (Array.isArray(value) && value.length <= MAX_LIST && value.every((v) => Number.isInteger(v)))
    return value;
  return undefined;
}

/**
 * The summary of a staff request: its status code, the body's top-level keys (sorted; never their
 * values, except the whitelisted ones above), and what the caller adds (`extra`, trusted).
 */
export function auditSummary(
  status: number,
  body: unknown,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const summary: Record<string, unknown> = { status, ...extra };
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return summary;
  const keys = Object.keys(body)
    .filter((key) => isStorableText(key, MAX_KEY_LENGTH))
    .sort()
    .slice(0, MAX_KEYS);
  if (keys.length === 0) return summary;
  summary.fields = keys;
  const values: Record<string, unknown> = {};
  for (const key of keys) {
    if (!VALUE_KEYS.has(key) || SECRET_KEY.test(key)) continue;
    const value = keptValue((body as Record<string, unknown>)[key]);
    if (value !== undefined) values[key] = value;
  }
  if (Object.keys(values).length > 0) summary.values = values;
  return summary;
}
