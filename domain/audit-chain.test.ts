import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_GENESIS,
  type AuditContent,
  auditEntryHash,
  auditSummary,
  canonicalJson,
  createChainWalker,
  type StoredAuditEntry,
} from './audit-chain';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

const content = (seq: number): AuditContent => ({
  seq,
  at: '2026-11-21T23:59:12.345Z',
  actor_id: null,
  actor_email: 'ana@rifas.local',
  actor_role: 'admin',
  action: 'auth.sign_in',
  raffle_id: null,
  target: {},
  summary: { status: 200, by: 'email' },
});

function chain(n: number): StoredAuditEntry[] {
  const out: StoredAuditEntry[] = [];
  let prev = AUDIT_GENESIS;
  for (let seq = 1; seq <= n; seq++) {
    const hash = auditEntryHash(sha256, prev, content(seq));
    out.push({ ...content(seq), prev_hash: prev, hash });
    prev = hash;
  }
  return out;
}

describe('canonical JSON (RFC 8785 for these values)', () => {
  it('sorts keys at every depth, keeps array order, writes no whitespace', () => {
    expect(canonicalJson({ b: [3, 1, { z: 1, a: 'ñ' }], a: null, c: { y: true, x: 1.5 } })).toBe(
      '{"a":null,"b":[3,1,{"a":"ñ","z":1}],"c":{"x":1.5,"y":true}}',
    );
  });
  it('refuses what JSON cannot say', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow();
    expect(() => canonicalJson(undefined)).toThrow();
  });
});

describe('entry hash', () => {
  it('is SHA-256 of prev_hash, a newline and the canonical content, in lower-case hex', () => {
    const text = `${AUDIT_GENESIS}\n{"action":"auth.sign_in","actor_email":"ana@rifas.local","actor_id":null,"actor_role":"admin","at":"2026-11-21T23:59:12.345Z","raffle_id":null,"seq":1,"summary":{"by":"email","status":200},"target":{}}`;
    expect(auditEntryHash(sha256, AUDIT_GENESIS, content(1))).toBe(
      createHash('sha256').update(text, 'utf8').digest('hex'),
    );
  });
});

describe('chain walker', () => {
  it('passes an intact chain and names the first altered, removed or reordered entry', () => {
    const intact = createChainWalker(sha256);
    expect(intact.check(chain(5))).toBeNull();
    expect(intact.count).toBe(5);

    const altered = chain(5);
    (altered[2] as StoredAuditEntry).actor_email = 'otro@rifas.local';
    expect(createChainWalker(sha256).check(altered)).toEqual({ seq: 3, reason: 'hash_mismatch' });

    const removed = chain(5).filter((e) => e.seq !== 2);
    expect(createChainWalker(sha256).check(removed)).toEqual({ seq: 3, reason: 'prev_hash_mismatch' });

    const [a, b, ...rest] = chain(4);
    expect(createChainWalker(sha256).check([b, a, ...rest] as StoredAuditEntry[])).toEqual({
      seq: 2,
      reason: 'prev_hash_mismatch',
    });
  });
});

describe('auditSummary', () => {
  it('keeps key names, and values only for whitelisted, non-secret scalar keys', () => {
    expect(
      auditSummary(200, {
        status: 'pagado',
        password: 'Clave-Segura-2026',
        buyer_cedula: 'V-12345678',
        refresh_token: 'abc',
        role: 'vendedor',
        numbers: [1, 2],
        notes: 'texto libre',
        result: { nested: 'no' },
      }),
    ).toEqual({
      status: 200,
      fields: ['buyer_cedula', 'notes', 'numbers', 'password', 'refresh_token', 'result', 'role', 'status'],
      values: { status: 'pagado', role: 'vendedor', numbers: [1, 2] },
    });
  });
  it('keeps only the status of a body that is not an object', () => {
    expect(auditSummary(204, undefined)).toEqual({ status: 204 });
    expect(auditSummary(201, ['x'])).toEqual({ status: 201 });
  });
});
