import type pg from 'pg';

// PostgreSQL only: a close in flight on another session, which PGlite's single session cannot hold.

/** Another session that holds the raffle as a close does (FOR UPDATE) until it commits or rolls back. */
export async function closeInFlight(pool: pg.Pool, raffleId: string) {
  const session = await pool.connect();
  await session.query('begin');
  await session.query('select id from raffles where id = $1 for update', [raffleId]);
  return {
    async commitClosed() {
      await session.query(`update raffles set status = 'cerrada' where id = $1`, [raffleId]);
      await session.query('commit');
      session.release();
    },
    async rollback() {
      await session.query('rollback');
      session.release();
    },
  };
}

/** Waits until some session of this database is blocked on a lock (the request reached the raffle). */
export async function someoneWaitsOnALock(pool: pg.Pool) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { rows } = await pool.query(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('no session waited on the raffle lock');
}
