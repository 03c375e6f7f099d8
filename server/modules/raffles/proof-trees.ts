import { createHash } from 'node:crypto';
import type { ProofResult } from '../../../domain/draw';
import { soldListLines, toHex } from '../../../domain/verification';

const LEAF = Buffer.of(0);
const NODE = Buffer.of(1);

/**
 * The RFC 6962 tree of a list as one Buffer per level (32 bytes a node), the same tree as
 * domain/verification.ts `merkleLevels` (tested against it) in a few MB instead of millions of
 * small objects: a 1,000,000-line list takes 64 MB and ~2 s to build, so proofs are served from a
 * small cache of the latest trees (a closed list never changes).
 */
function buildLevels(lines: string[]): Buffer[] {
  const leaves = Buffer.allocUnsafe(lines.length * 32);
  lines.forEach((line, i) => {
    createHash('sha256')
      .update(LEAF)
      .update(line, 'utf8')
      .digest()
      .copy(leaves, i * 32);
  });
  const levels = [leaves];
  while ((levels.at(-1) as Buffer).length > 32) {
    const below = levels.at(-1) as Buffer;
    const count = below.length / 32;
    const above = Buffer.allocUnsafe(Math.ceil(count / 2) * 32);
    for (let i = 0; i < count; i += 2) {
      const left = below.subarray(i * 32, i * 32 + 32);
      const node =
        i + 1 < count
          ? createHash('sha256')
              .update(NODE)
              .update(left)
              .update(below.subarray(i * 32 + 32, i * 32 + 64))
              .digest()
          : left;
      node.copy(above, (i / 2) * 32);
    }
    levels.push(above);
  }
  return levels;
}

const rootOfLevels = (levels: Buffer[]) =>
  (levels.at(-1) as Buffer).length === 0
    ? createHash('sha256').digest()
    : (levels.at(-1) as Buffer).subarray(0, 32);

/** The index of the line of `number` in a list in number order, or -1 (binary search). */
function indexOf(lines: string[], number: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = Number.parseInt(lines[mid], 10);
    if (at === number) return mid;
    if (at < number) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

export function createProofTrees(cacheSize = 2) {
  // Keyed by raffle and commitment: a tree is only ever reused for the very list it was built from.
  const cache = new Map<string, { lines: string[]; levels: Buffer[] }>();

  function treeOf(key: string, text: string) {
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit); // most recently used last
      return hit;
    }
    const lines = soldListLines(text);
    const tree = { lines, levels: buildLevels(lines) };
    cache.set(key, tree);
    if (cache.size > cacheSize) cache.delete(cache.keys().next().value as string);
    return tree;
  }

  return {
    rootOf: (lines: string[]) => new Uint8Array(rootOfLevels(buildLevels(lines))),

    proof(raffleId: string, commitment: string, text: string, number: number): ProofResult | null {
      const { lines, levels } = treeOf(`${raffleId}:${commitment}`, text);
      const index = indexOf(lines, number);
      if (index < 0) return null;
      const path: string[] = [];
      let i = index;
      for (let level = 0; level < levels.length - 1; level++) {
        const sibling = i ^ 1;
        if (sibling * 32 < levels[level].length)
          path.push(levels[level].subarray(sibling * 32, sibling * 32 + 32).toString('hex'));
        i >>= 1;
      }
      return { line: lines[index], index, size: lines.length, path, root: toHex(rootOfLevels(levels)) };
    },
  };
}
