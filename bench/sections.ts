// What a bench run measures and how each section is run: `BENCH_ONLY` and `BENCH_DBS` narrow it,
// a section that throws is reported as failed, and an interrupted run skips the rest.
import type { DbKind } from './harness';
import type { Outcome } from './report/results';
import { now } from './stats';

/** `BENCH_ONLY=reservations,board` and `BENCH_DBS=postgres` narrow a run while working on one figure. */
export const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const DBS = new Set((process.env.BENCH_DBS ?? '').split(',').filter(Boolean));
export const wanted = (name: string) => ONLY.size === 0 || ONLY.has(name);
/** Whether BENCH_DBS leaves this database in the run. */
export const measuredHere = (kind: DbKind) => DBS.size === 0 || DBS.has(kind);
export const NOT_THIS_DB = 'not measured in this run (BENCH_DBS)';

/** A section's outcome, or why it was not measured. */
export type SectionOutcome<T> = Outcome<T> | { skipped: string };

/** Set on SIGINT/SIGTERM: the remaining sections are skipped while the cleanup runs. */
let aborting = false;
export const abortRun = () => {
  aborting = true;
};

export async function section<T>(label: string, name: string, run: () => Promise<T>): Promise<Outcome<T>> {
  if (aborting) return { ok: false, error: 'the run was interrupted' };
  // Left out by BENCH_ONLY: the report says "not run", not that it failed.
  if (!wanted(name.split(' ')[0] ?? name)) return undefined;
  const start = now();
  console.error(`[${label}] ${name}...`);
  try {
    const value = await run();
    console.error(`[${label}] ${name} done in ${((now() - start) / 1000).toFixed(1)} s`);
    return { ok: true, value };
  } catch (error) {
    console.error(`[${label}] ${name} FAILED:`, error);
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
