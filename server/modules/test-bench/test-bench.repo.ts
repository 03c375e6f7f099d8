import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { raffles } from '../../db/schema';
import { files, testBenchRuns } from '../../db/schema-operations';

export type TestBenchRunRow = typeof testBenchRuns.$inferSelect;

export const testBenchRepo = {
  /**
   * Sales and changes of real (not sandbox) raffles in the last minute, counted over the newest
   * `window` history rows only: a bounded read by primary key, whatever the table's size.
   */
  async realChangesLastMinute(db: Executor, window = 2_000): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
            select raffle_id, created_at from ticket_events order by id desc limit ${window}
          ) as recent join raffles r on r.id = recent.raffle_id
          where not r.is_sandbox and recent.created_at > now() - interval '1 minute'`,
    );
    return Number(row?.n ?? 0);
  },

  async insertRun(
    db: Executor,
    values: {
      kind: string;
      ok: boolean;
      durationMs: number;
      result: Record<string, unknown>;
      actorId: string | null;
    },
  ): Promise<TestBenchRunRow> {
    const [row] = await db
      .insert(testBenchRuns)
      // clock_timestamp: runs recorded one after another keep their order, newest last.
      .values({ ...values, createdAt: sql`clock_timestamp()` })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  listRuns(db: Executor, filters: { kind?: string; limit: number }): Promise<TestBenchRunRow[]> {
    return db
      .select()
      .from(testBenchRuns)
      .where(filters.kind ? eq(testBenchRuns.kind, filters.kind) : undefined)
      .orderBy(desc(testBenchRuns.createdAt), desc(testBenchRuns.id))
      .limit(filters.limit);
  },

  async ping(db: Executor): Promise<void> {
    await db.execute(sql`select 1`);
  },

  /** The migrations drizzle recorded as applied (its own table), oldest first. */
  async appliedMigrations(db: Executor): Promise<{ hash: string; createdAt: number }[]> {
    const rows = await queryRows<{ hash: string; created_at: string | number }>(
      db,
      sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at, id`,
    );
    return rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
  },

  /** A hidden raffle on sale, only for the test bench (never listed, counted or shown). */
  async createSandbox(
    db: Executor,
    values: { totalNumbers: number; sellerId: string | null; name: string },
  ): Promise<{ id: string; totalNumbers: number; digitCount: number }> {
    const digitCount = String(Math.max(0, values.totalNumbers - 1)).length;
    const [row] = await db
      .insert(raffles)
      .values({
        name: values.name,
        priceCents: 100,
        totalNumbers: values.totalNumbers,
        digitCount,
        sellerId: values.sellerId,
        status: 'activa',
        reservationHours: 1,
        isSandbox: true,
      })
      .returning({ id: raffles.id, totalNumbers: raffles.totalNumbers, digitCount: raffles.digitCount });
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /** Its sales, their events and payments go with it (foreign keys cascade). */
  /**
   * The ledger invariant (issue 18) over every sale: paid = approved parts − refunds and
   * paid + owed = price. Answers how many sales were checked and the first ones that fail.
   */
  async ledgerMismatches(db: Executor) {
    const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from tickets`);
    const bad = await queryRows<{ ticket_number: string; raffle: string }>(
      db,
      sql`select t.ticket_number, r.name as raffle from tickets t join raffles r on r.id = t.raffle_id
          where t.total_paid_cents <> ledger_paid_cents(t.id)
             or t.total_paid_cents + t.remaining_cents <> t.price_cents
          order by t.updated_at desc limit 5`,
    );
    return { checked: Number(count?.n ?? 0), bad };
  },

  async deleteSandbox(db: Executor, id: string): Promise<void> {
    await deleteSandboxLedger(db, sql`select id from raffles where id = ${id} and is_sandbox`);
    await db.delete(raffles).where(and(eq(raffles.id, id), eq(raffles.isSandbox, true)));
  },

  /** Sandboxes a crashed run left behind (older than any run lasts). */
  async deleteStaleSandboxes(db: Executor, olderThanMinutes: number): Promise<number> {
    await deleteSandboxLedger(
      db,
      sql`select id from raffles where is_sandbox and created_at < now() - make_interval(mins => ${olderThanMinutes}::int)`,
    );
    const rows = await db
      .delete(raffles)
      .where(
        and(
          eq(raffles.isSandbox, true),
          lt(raffles.createdAt, sql`now() - make_interval(mins => ${olderThanMinutes}::int)`),
        ),
      )
      .returning({ id: raffles.id });
    return rows.length;
  },

  /** Live sales of a raffle, and how many distinct numbers they hold (equal unless sold twice). */
  async liveSaleCounts(db: Executor, raffleId: string): Promise<{ sales: number; numbers: number }> {
    const [row] = await queryRows<{ sales: number; numbers: number }>(
      db,
      sql`select count(*)::int as sales, count(distinct number)::int as numbers
          from tickets where raffle_id = ${raffleId} and ended_at is null`,
    );
    return { sales: Number(row?.sales ?? 0), numbers: Number(row?.numbers ?? 0) };
  },

  async fileRecorded(db: Executor, key: string): Promise<boolean> {
    const rows = await db.select({ key: files.key }).from(files).where(eq(files.key, key));
    return rows.length > 0;
  },
};

/**
 * A sandbox's money entries go with it (the only ledger rows ever deleted: migration 0010 lets a
 * delete through for sandbox raffles only).
 */
async function deleteSandboxLedger(db: Executor, sandboxIds: SQL) {
  const sales = sql`select id from tickets where raffle_id in (${sandboxIds})`;
  await db.execute(sql`delete from payment_parts where ticket_id in (${sales})`);
  await db.execute(sql`delete from refunds where ticket_id in (${sales})`);
  await db.execute(sql`delete from payments where ticket_id in (${sales})`);
}
