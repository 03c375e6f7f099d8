// Small numeric helpers shared by the bench sections and the report.

/** Nearest-rank percentile (p in 0..100) of a sample; NaN when empty. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export const median = (xs: readonly number[]) => percentile(xs, 50);

/** The figure of several repetitions: their median and spread. */
export type Spread = { median: number; min: number; max: number; n: number };

export function spread(xs: readonly number[]): Spread {
  const ok = xs.filter((x) => Number.isFinite(x));
  if (ok.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, n: 0 };
  return { median: median(ok), min: Math.min(...ok), max: Math.max(...ok), n: ok.length };
}

export const now = () => performance.now();

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `count` tasks on `concurrency` workers (each worker takes the next index when its last task
 * is done), never starting one after `deadline` (performance.now() ms). Per-task latencies in ms.
 */
export async function runPool<T>(
  count: number,
  concurrency: number,
  task: (i: number) => Promise<T>,
  deadline = Number.POSITIVE_INFINITY,
): Promise<{ ms: number; done: number; latencies: number[]; results: T[] }> {
  const results: T[] = [];
  const latencies: number[] = [];
  let next = 0;
  const start = now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count && now() < deadline) {
        const i = next++;
        const t = now();
        results[i] = await task(i);
        latencies.push(now() - t);
      }
    }),
  );
  return { ms: now() - start, done: latencies.length, latencies, results };
}

/** Fisher–Yates with a seeded generator, so every run draws the same numbers. */
export function shuffled<T>(xs: readonly T[], seed = 1): T[] {
  const out = [...xs];
  let s = seed >>> 0 || 1;
  const rand = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
