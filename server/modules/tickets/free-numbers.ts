/**
 * Which numbers of a board are free, counted so a random free number is found without scanning
 * the board (issue 21: a lucky pick on a 1,000,000-number raffle 99.99% sold took 3 s in SQL).
 * Free numbers are counted per block of BLOCK numbers in a Fenwick tree: a change is O(log n), and
 * the k-th free number is found in O(log n) over the blocks plus one scan of a block.
 */
const BLOCK = 1024;

export type FreeNumbers = ReturnType<typeof createFreeNumbers>;

export function createFreeNumbers(total: number, isFree: (n: number) => boolean) {
  const blocks = Math.ceil(total / BLOCK);
  /** Fenwick tree (1-based) of free counts per block. */
  const tree = new Int32Array(blocks + 1);
  let free = 0;

  function add(block: number, delta: number) {
    for (let i = block + 1; i <= blocks; i += i & -i) tree[i] = (tree[i] ?? 0) + delta;
    free += delta;
  }

  for (let b = 0; b < blocks; b++) {
    let count = 0;
    for (let n = b * BLOCK; n < Math.min(total, (b + 1) * BLOCK); n++) if (isFree(n)) count++;
    if (count) add(b, count);
  }

  /** The block holding the k-th free number (0-based k), and k's rank inside it. */
  function blockOf(k: number): { block: number; rank: number } {
    let at = 0;
    let rank = k;
    for (let step = 1 << Math.floor(Math.log2(Math.max(1, blocks))); step > 0; step >>= 1) {
      const next = at + step;
      if (next <= blocks && (tree[next] ?? 0) <= rank) {
        at = next;
        rank -= tree[next] ?? 0;
      }
    }
    return { block: at, rank };
  }

  return {
    /** How many numbers are free. */
    count: () => free,
    /** A number changed between free and taken. */
    changed(n: number, nowFree: boolean) {
      add(Math.floor(n / BLOCK), nowFree ? 1 : -1);
    },
    /** The k-th free number in number order (0 ≤ k < count()). */
    select(k: number): number {
      const { block, rank } = blockOf(k);
      let left = rank;
      for (let n = block * BLOCK; n < Math.min(total, (block + 1) * BLOCK); n++) {
        if (!isFree(n)) continue;
        if (left === 0) return n;
        left--;
      }
      throw new Error(`no free number of rank ${k}`);
    },
    /**
     * Up to `count` distinct free numbers at random, none of `exclude` (the buyer's own picks).
     * Each draw is uniform over the free numbers; one already taken is drawn again.
     */
    pick(count: number, exclude: Iterable<number>, random = Math.random): number[] {
      const skip = new Set(exclude);
      let skippedFree = 0;
      for (const n of skip) if (n >= 0 && n < total && isFree(n)) skippedFree++;
      const wanted = Math.min(count, free - skippedFree);
      const picked = new Set<number>();
      for (let tries = 0; picked.size < wanted && tries < wanted * 20 + 100; tries++) {
        const n = this.select(Math.floor(random() * free));
        if (!skip.has(n)) picked.add(n);
      }
      return [...picked].sort((a, b) => a - b);
    },
  };
}
