import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Db, queryRows } from '../db/client';

export type LockOutcome<T> = { acquired: true; value: T } | { acquired: false };

/**
 * Runs `work` while holding the PostgreSQL session advisory lock `key`, or skips it at once when
 * another session (another app instance) holds it: one instance wins, the others do nothing.
 *
 * Session-level rather than a transaction lock because the work may wait on the network (an HTTP
 * fetch), and an open transaction must not wait on that (on PGlite it would stall every query).
 * On node-postgres the lock lives on one dedicated pooled connection, locked and unlocked there.
 */
export async function withAdvisoryLock<T>(
  db: Db,
  key: number,
  work: () => Promise<T>,
): Promise<LockOutcome<T>> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    let broken = false;
    try {
      const { rows } = await connection.query('select pg_try_advisory_lock($1::bigint) as locked', [key]);
      if (!rows[0]?.locked) return { acquired: false };
      try {
        return { acquired: true, value: await work() };
      } finally {
        await connection.query('select pg_advisory_unlock($1::bigint)', [key]).catch(() => {
          broken = true; // dropping the connection releases the lock
        });
      }
    } finally {
      connection.release(broken);
    }
  }
  // PGlite is one session for the whole process, so every statement runs on the locking session.
  const [row] = await queryRows<{ locked: boolean }>(
    db,
    sql`select pg_try_advisory_lock(${key}::bigint) as locked`,
  );
  if (!row?.locked) return { acquired: false };
  try {
    return { acquired: true, value: await work() };
  } finally {
    await db.execute(sql`select pg_advisory_unlock(${key}::bigint)`);
  }
}
