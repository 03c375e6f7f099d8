/**
 * The numbers of [from, to) whose ticket number (padded to `digitCount`) contains the digits
 * `term`, in order: what `lpad(n, digitCount) ilike '%term%'` finds, listed without a scan of the
 * range. Null when the list would be longer than `cap` (a one- or two-digit term in a big raffle):
 * the caller scans instead.
 */
export function numbersContaining(
  term: string,
  digitCount: number,
  from: number,
  to: number,
  cap = 50_000,
): number[] | null {
  if (!/^\d+$/.test(term)) return [];
  const k = term.length;
  if (k > digitCount) return [];
  // A raffle bigger than its digits would have truncated ticket numbers: not listed here.
  if (to > 10 ** digitCount) return null;
  if ((digitCount - k + 1) * 10 ** (digitCount - k) > cap) return null;
  const found = new Set<number>();
  const middle = Number(term);
  // The term at position p: any p leading digits, the term, any digitCount - p - k trailing ones.
  for (let p = 0; p <= digitCount - k; p++) {
    const tail = 10 ** (digitCount - p - k);
    const base = middle * tail;
    const step = 10 ** (digitCount - p);
    for (let high = 0; high < 10 ** p; high++) {
      const start = high * step + base;
      if (start >= to) break;
      for (let low = 0; low < tail; low++) {
        const n = start + low;
        if (n >= to) break;
        if (n >= from) found.add(n);
      }
    }
  }
  return [...found].sort((a, b) => a - b);
}
