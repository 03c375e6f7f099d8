// What the live rounds report through `stats().rounds` (live-streams.ts), and the nearest-rank
// percentiles the bench's bare SSE server reports its own loops with, so both read alike.

/** The last values kept (a ring): what an operator or the bench reads. */
export const STATS_KEPT = 4_096;

/** p50, p99 and max of a sample (nearest rank), NaN values left out; null where it is empty. */
export function percentiles(values: readonly number[]) {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
  return { p50: at(50), p99: at(99), max: sorted.at(-1) ?? null };
}

/** A round that ended: when it started (performance.now()), the time spent writing and its frames. */
export type EndedRound = { startedAt: number; work: number; writes: number };

/**
 * The last rounds' figures: frames written, the time spent writing (`work`), start to end with the
 * event loop's other work between slices (`wall`), and start to the next start (`period`).
 */
export function createRoundFigures() {
  const work: number[] = [];
  const wall: number[] = [];
  const writes: number[] = [];
  const period: number[] = [];
  let ended = 0;
  let lastStart: number | null = null;
  return {
    record(round: EndedRound, now: number) {
      const kept = ended++ % STATS_KEPT;
      work[kept] = round.work;
      wall[kept] = now - round.startedAt;
      writes[kept] = round.writes;
      period[kept] = lastStart === null ? Number.NaN : round.startedAt - lastStart;
      lastStart = round.startedAt;
    },
    stats: () => ({
      ended,
      writes: percentiles(writes),
      workMs: percentiles(work),
      wallMs: percentiles(wall),
      periodMs: percentiles(period),
    }),
  };
}
