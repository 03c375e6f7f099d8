import { execFile, execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  merkleLevels,
  merkleRoot,
  type Receipt,
  receiptMessage,
  saleLine,
  toBase64,
  toHex,
} from '@domain/verification';
import { afterAll } from 'vitest';

// What the tests of scripts/verify-draw.mjs share: a small list built with the project's own
// implementation of the formats, a receipt key, the script run as a buyer would run it, and a
// throwaway RFC 3161 authority.

const SCRIPT = path.resolve(import.meta.dirname, 'verify-draw.mjs');
export const sha = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

export const RAFFLE = 'rifa-1';
export const CLOSED_AT = '2026-11-21T23:00:00.000Z';
export const sales = Array.from({ length: 7 }, (_, i) => ({
  ticketNumber: String(i * 13 + 2).padStart(2, '0'),
  verificationCode: `CODE${i}ABCDE`,
  cedula: `V-${1_000_000 + i}`,
}));
export const lines = sales.map((s) => saleLine(sha, s));
export const rootOf = (list: string[]) => toHex(merkleRoot(sha, merkleLevels(sha, list)));
export const ROOT = rootOf(lines);

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
export const KEY = toBase64(new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)));

type Run = { code: number; out: string };
export const run = (...args: string[]) =>
  new Promise<Run>((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` });
    });
  });

/**
 * A folder of the calling test file's own (removed after it), with what writes into it: files,
 * signed receipts and local seals. Called per file: test files share a worker's module cache.
 */
export function workspace() {
  const dir = mkdtempSync(path.join(tmpdir(), 'verify-draw-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function write(name: string, content: string) {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  }

  function receiptFile(name: string, line: string, heldUntil: string | null = null, edit = {}) {
    const body = {
      raffle_id: RAFFLE,
      number: Number(line.split(':')[0]),
      line,
      sold_at: '2026-11-20T12:00:00.000Z',
      held_until: heldUntil,
    };
    const signature = toBase64(new Uint8Array(sign(null, receiptMessage(body), privateKey)));
    const receipt: Receipt = { version: 1, ...body, signature, ...edit };
    return write(name, JSON.stringify(receipt));
  }

  // A throwaway RFC 3161 authority: OpenSSL's own `ts -reply` with a CA made here.
  function localSeal(root: string) {
    const at = mkdtempSync(path.join(dir, 'tsa-'));
    const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: at, stdio: 'pipe' });
    writeFileSync(
      path.join(at, 'tsa.cnf'),
      `[ tsa ]\ndefault_tsa = t\n[ t ]\nserial = ./serial\nsigner_digest = sha256\ndefault_policy = 1.2.3.4.1\n` +
        `digests = sha256\ness_cert_id_alg = sha256\n[ ext ]\nextendedKeyUsage = critical,timeStamping\n`,
    );
    writeFileSync(path.join(at, 'serial'), '01\n');
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    ssl(
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-subj',
      '/CN=CA de prueba',
      '-days',
      '1',
    );
    ssl('req', ...ec, '-keyout', 'tsa.key', '-out', 'tsa.csr', '-subj', '/CN=TSA de prueba');
    ssl(
      'x509',
      '-req',
      '-in',
      'tsa.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'tsa.pem',
      '-days',
      '1',
      '-extfile',
      'tsa.cnf',
      '-extensions',
      'ext',
    );
    ssl('ts', '-query', '-digest', root, '-sha256', '-cert', '-out', 'q.tsq');
    ssl(
      'ts',
      '-reply',
      '-queryfile',
      'q.tsq',
      '-inkey',
      'tsa.key',
      '-signer',
      'tsa.pem',
      '-config',
      'tsa.cnf',
      '-out',
      'r.tsr',
    );
    return { tsr: path.join(at, 'r.tsr'), ca: path.join(at, 'ca.pem') };
  }

  return { write, receiptFile, localSeal };
}
