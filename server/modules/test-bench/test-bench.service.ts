import { performance } from 'node:perf_hooks';
import {
  type DrillResult,
  TEST_BENCH_CHECKS,
  type TestBenchKind,
  type TestBenchRun,
  testBenchMessages,
} from '../../../domain/test-bench';
import { withAdvisoryLock } from '../../lib/advisory-lock';
import type { AuthContext } from '../../lib/auth-context';
import { ConflictError } from '../../lib/errors';
import { LOCK_KEYS } from '../../lib/lock-keys';
import { type CheckDeps, type CheckOutcome, createChecks } from './test-bench.checks';
import { runDrill } from './test-bench.drill';
import { type TestBenchRunRow, testBenchRepo } from './test-bench.repo';

/** Real sales and changes in the last minute above which a drill is refused (a real rush). */
export const DRILL_REFUSED_ABOVE_PER_MINUTE = 120;
/** A sandbox older than this was left by a crash: the next drill removes it. */
const STALE_SANDBOX_MINUTES = 30;

type Logger = { error(obj: object, msg?: string): void };

export const toRun = (row: TestBenchRunRow): TestBenchRun => ({
  id: row.id,
  kind: row.kind as TestBenchKind,
  ok: row.ok,
  duration_ms: row.durationMs,
  result: row.result,
  created_at: row.createdAt.toISOString(),
});

export type TestBenchService = ReturnType<typeof createTestBenchService>;

export function createTestBenchService(deps: CheckDeps) {
  const { db } = deps;
  const checks = createChecks(deps);
  /** PGlite is one session, where an advisory lock is re-entrant: this flag keeps drills apart. */
  let drilling = false;

  const record = async (kind: TestBenchKind, ok: boolean, ms: number, result: object, actor: AuthContext) =>
    toRun(
      await testBenchRepo.insertRun(db, {
        kind,
        ok,
        durationMs: Math.round(ms),
        result: result as Record<string, unknown>,
        actorId: actor.userId,
      }),
    );

  return {
    /** Every live check, one after the other (clean timings), each recorded. A throw is a failure. */
    async runChecks(actor: AuthContext, log?: Logger): Promise<TestBenchRun[]> {
      const runs: TestBenchRun[] = [];
      for (const name of TEST_BENCH_CHECKS) {
        const start = performance.now();
        let outcome: CheckOutcome;
        try {
          outcome = await checks[name]();
        } catch (error) {
          log?.error({ err: error, check: name }, 'test bench check failed');
          const message = error instanceof Error ? error.message : String(error);
          outcome = { ok: false, result: { detail: testBenchMessages.failed(message) } };
        }
        runs.push(await record(name, outcome.ok, performance.now() - start, outcome.result, actor));
      }
      return runs;
    },

    async listRuns(filters: { kind?: TestBenchKind; limit: number }): Promise<TestBenchRun[]> {
      return (await testBenchRepo.listRuns(db, filters)).map(toRun);
    },

    /** The concurrency drill, recorded as a 'drill' run; 409 while another one runs anywhere. */
    async drill(actor: AuthContext, buyers: number): Promise<DrillResult & { run: TestBenchRun }> {
      const busy = () => new ConflictError(testBenchMessages.drillRunning, 'DRILL_RUNNING');
      if (drilling) throw busy();
      drilling = true;
      try {
        // A real raffle selling fast right now comes first: the drill waits for a quiet moment.
        const rush = await testBenchRepo.realChangesLastMinute(db);
        if (rush > DRILL_REFUSED_ABOVE_PER_MINUTE) {
          throw new ConflictError(testBenchMessages.drillRush, 'DRILL_RUSH', { changes_last_minute: rush });
        }
        const outcome = await withAdvisoryLock(db, LOCK_KEYS.drill, async () => {
          await testBenchRepo.deleteStaleSandboxes(db, STALE_SANDBOX_MINUTES);
          const start = performance.now();
          const result = await runDrill(deps, buyers, actor.userId);
          const ok = result.double_sales === 0 && result.errors === 0;
          return { ...result, run: await record('drill', ok, performance.now() - start, result, actor) };
        });
        if (!outcome.acquired) throw busy();
        return outcome.value;
      } finally {
        drilling = false;
      }
    },
  };
}
