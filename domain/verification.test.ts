import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cedulaForLine,
  fromHex,
  leafHash,
  merkleLevels,
  merklePath,
  merkleRoot,
  nodeHash,
  saleLine,
  soldListLines,
  soldListText,
  toHex,
  verifyInclusion,
} from './verification';

const sha256 = (d: Uint8Array) => new Uint8Array(createHash('sha256').update(d).digest());

/** RFC 6962 section 2.1, written the way the RFC states it (the reference the fast tree must match). */
function mth(lines: string[]): Uint8Array {
  if (lines.length === 0) return sha256(new Uint8Array());
  if (lines.length === 1) return leafHash(sha256, lines[0]);
  let k = 1;
  while (k * 2 < lines.length) k *= 2;
  return nodeHash(sha256, mth(lines.slice(0, k)), mth(lines.slice(k)));
}
function rfcPath(m: number, lines: string[]): Uint8Array[] {
  if (lines.length <= 1) return [];
  let k = 1;
  while (k * 2 < lines.length) k *= 2;
  return m < k
    ? [...rfcPath(m, lines.slice(0, k)), mth(lines.slice(k))]
    : [...rfcPath(m - k, lines.slice(k)), mth(lines.slice(0, k))];
}
const linesOf = (n: number) =>
  Array.from({ length: n }, (_, i) => `${String(i).padStart(6, '0')}:${'ab'.repeat(32)}`);

describe('Merkle commitment (RFC 6962)', () => {
  it('the root of an empty list is SHA-256 of nothing', () => {
    expect(toHex(merkleRoot(sha256, merkleLevels(sha256, [])))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  for (const n of [1, 2, 3, 5, 7, 8, 9, 13, 100]) {
    it(`matches MTH and PATH of RFC 6962 for ${n} lines, and every proof verifies`, () => {
      const lines = linesOf(n);
      const levels = merkleLevels(sha256, lines);
      const root = merkleRoot(sha256, levels);
      expect(toHex(root)).toBe(toHex(mth(lines)));
      for (const index of [0, n - 1, Math.floor(n / 2)]) {
        const path = merklePath(levels, index);
        expect(path.map(toHex)).toEqual(rfcPath(index, lines).map(toHex));
        expect(verifyInclusion(sha256, { line: lines[index], index, size: n, path, root })).toBe(true);
      }
    });
  }

  it('first, middle and last of 100,000 lines verify with 17 hashes; a changed line, index or root does not', () => {
    const n = 100_000;
    const lines = linesOf(n);
    const levels = merkleLevels(sha256, lines);
    const root = merkleRoot(sha256, levels);
    for (const index of [0, 50_000, n - 1]) {
      const path = merklePath(levels, index);
      expect(path.length).toBeLessThanOrEqual(17);
      expect(verifyInclusion(sha256, { line: lines[index], index, size: n, path, root })).toBe(true);
      expect(verifyInclusion(sha256, { line: `${lines[index]}x`, index, size: n, path, root })).toBe(false);
      expect(verifyInclusion(sha256, { line: lines[index], index: index ^ 1, size: n, path, root })).toBe(
        false,
      );
      const otherRoot = fromHex(toHex(root).replace(/^./, (c) => (c === '0' ? '1' : '0')));
      expect(verifyInclusion(sha256, { line: lines[index], index, size: n, path, root: otherRoot })).toBe(
        false,
      );
    }
  });
});

describe('sale lines', () => {
  it('bind number, code and the cedula as stored, however the buyer types it', () => {
    const base = { ticketNumber: '0042', verificationCode: 'ABCD3467EF' };
    const stored = saleLine(sha256, { ...base, cedula: 'V-11111111' });
    expect(saleLine(sha256, { ...base, cedula: 'V11111111' })).toBe(stored);
    expect(saleLine(sha256, { ...base, cedula: 'v 11.111.111' })).toBe(stored);
    expect(saleLine(sha256, { ...base, verificationCode: 'abcd3467ef', cedula: 'V-11111111' })).toBe(stored);
    expect(saleLine(sha256, { ...base, cedula: 'V-11111112' })).not.toBe(stored);
    expect(stored).toMatch(/^0042:[0-9a-f]{64}$/);
    expect(cedulaForLine(null)).toBe('');
  });

  it('the published text ends with a newline and reads back', () => {
    expect(soldListText(['a', 'b'])).toBe('a\nb\n');
    expect(soldListLines('a\nb\n')).toEqual(['a', 'b']);
    expect(soldListLines('a\nb')).toEqual(['a', 'b']);
    expect(soldListLines('')).toEqual([]);
  });
});
