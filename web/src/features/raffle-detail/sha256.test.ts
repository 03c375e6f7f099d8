import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listLines, sha256Hex } from './sha256';

describe('sha256Hex', () => {
  it('matches any sha256 tool on the same UTF-8 text', async () => {
    const list = `007:${'a'.repeat(64)}\n042:${'b'.repeat(64)}`;
    expect(await sha256Hex(list)).toBe(createHash('sha256').update(list).digest('hex'));
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex('número ñ')).toBe(createHash('sha256').update('número ñ', 'utf8').digest('hex'));
  });

  it('counts the lines of a list', () => {
    expect(listLines('')).toEqual([]);
    expect(listLines(null)).toEqual([]);
    expect(listLines('01:x\n02:y')).toEqual(['01:x', '02:y']);
  });
});
