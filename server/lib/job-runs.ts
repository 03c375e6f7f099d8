import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { jobRuns } from '../db/schema-operations';

export type JobRun = typeof jobRuns.$inferSelect;

/** One row per background job: when it last ran and what it did (the test bench reads it). */
export const jobRunsRepo = {
  async record(db: Executor, name: string, result: Record<string, unknown>): Promise<void> {
    await db
      .insert(jobRuns)
      .values({ name, ranAt: sql`now()`, result })
      .onConflictDoUpdate({ target: jobRuns.name, set: { ranAt: sql`now()`, result } });
  },

  async last(db: Executor, name: string): Promise<JobRun | null> {
    const [row] = await db.select().from(jobRuns).where(eq(jobRuns.name, name));
    return row ?? null;
  },
};
