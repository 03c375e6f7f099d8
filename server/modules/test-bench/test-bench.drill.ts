import { performance } from 'node:perf_hooks';
import { type DrillResult, testBenchMessages } from '../../../domain/test-bench';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { TicketsService } from '../tickets/tickets.service';
import { sandboxReservation } from './test-bench.checks';
import { testBenchRepo } from './test-bench.repo';

/**
 * Drill buyers in flight at once: enough to collide on numbers and prove the unique rule, few
 * enough that real buyers' reservations never queue behind a wall of simulated ones (issue 21).
 */
export const DRILL_CONCURRENCY = 4;

/** Numbers in the sandbox: half as many as buyers (at least 10), so their picks collide. */
export const drillTotalNumbers = (buyers: number) => Math.max(10, Math.ceil(buyers / 2));

/** 1 to 3 distinct numbers below `total`, at random. */
function pickNumbers(total: number): number[] {
  const want = 1 + Math.floor(Math.random() * 3);
  const picked = new Set<number>();
  while (picked.size < want) picked.add(Math.floor(Math.random() * total));
  return [...picked];
}

/** Nearest-rank percentile of sorted values, one decimal. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[index] ?? 0) * 10) / 10;
}

type BuyerOutcome = { ms: number; outcome: 'sold' | 'conflict' | 'error'; numbers: number };

/**
 * `buyers` simulated buyers at once, through the tickets service's real reservation path (the
 * statement, its history rows and NOTIFY, the retry on conflicts), in a hidden sandbox raffle;
 * then a count of the live sales proves no number was sold twice, and the sandbox is deleted.
 */
export async function runDrill(
  deps: { db: Db; tickets: TicketsService },
  buyers: number,
  sellerId: string | null,
): Promise<DrillResult> {
  const { db, tickets } = deps;
  const sandbox = await testBenchRepo.createSandbox(db, {
    totalNumbers: drillTotalNumbers(buyers),
    sellerId,
    name: testBenchMessages.drillName,
  });
  try {
    const picks = Array.from({ length: buyers }, () => pickNumbers(sandbox.totalNumbers));
    const started = performance.now();
    const buy = async (index: number): Promise<BuyerOutcome> => {
      const numbers = picks[index] as number[];
      const t0 = performance.now();
      try {
        await tickets.reserve(sandbox.id, sandboxReservation(numbers, index), { sandbox: true });
        return { ms: performance.now() - t0, outcome: 'sold', numbers: numbers.length };
      } catch (error) {
        const conflict = error instanceof AppError && error.code === 'TICKETS_UNAVAILABLE';
        return { ms: performance.now() - t0, outcome: conflict ? 'conflict' : 'error', numbers: 0 };
      }
    };
    // DRILL_CONCURRENCY workers take the buyers in turn.
    const outcomes: BuyerOutcome[] = [];
    let next = 0;
    const worker = async () => {
      while (next < picks.length) {
        const index = next++;
        outcomes[index] = await buy(index);
      }
    };
    await Promise.all(Array.from({ length: Math.min(DRILL_CONCURRENCY, picks.length) }, worker));
    const wallMs = performance.now() - started;
    const sold = outcomes.filter((o) => o.outcome === 'sold');
    const expected = sold.reduce((sum, o) => sum + o.numbers, 0);
    const live = await testBenchRepo.liveSaleCounts(db, sandbox.id);
    const latencies = outcomes.map((o) => o.ms).sort((a, b) => a - b);
    return {
      buyers,
      reservations_per_s: Math.round((buyers / Math.max(wallMs, 1)) * 1000 * 10) / 10,
      p50_ms: percentile(latencies, 50),
      p99_ms: percentile(latencies, 99),
      // A number held by two live sales, or sales nobody was told they made (or lost): both 0.
      double_sales: live.sales - live.numbers + Math.abs(live.numbers - expected),
      conflicts: outcomes.filter((o) => o.outcome === 'conflict').length,
      reserved: sold.length,
      sold_numbers: live.numbers,
      total_numbers: sandbox.totalNumbers,
      errors: outcomes.filter((o) => o.outcome === 'error').length,
    };
  } finally {
    await testBenchRepo.deleteSandbox(db, sandbox.id);
  }
}
