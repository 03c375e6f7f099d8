import type pg from 'pg';

// PostgreSQL only: a statement of the app stopped halfway (its locks taken, its rows written, its
// transaction open) while another request runs, so a race happens in its worst order every time.

/** A test-only key: the app's keys live in server/lib/lock-keys.ts, none near this one. */
const GATE_KEY = 727_999;

/**
 * A trigger on `table` that waits at the gate: `timing` as in CREATE TRIGGER ("after insert",
 * "after update"…), `when` its optional WHEN condition. The gate starts shut; `open` lets every
 * waiting statement go on and removes the trigger.
 */
export async function gateOn(pool: pg.Pool, table: string, timing: string, when?: string) {
  const holder = await pool.connect();
  await holder.query('select pg_advisory_lock($1)', [GATE_KEY]);
  await holder.query(`
    create or replace function test_gate() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock_shared(${GATE_KEY});
      if tg_op = 'DELETE' then return old; end if;
      return new;
    end $$`);
  await holder.query(
    `create trigger test_gate ${timing} on ${table} for each row ${when ? `when (${when})` : ''}
     execute function test_gate()`,
  );
  let opened = false;
  return {
    /**
     * Waits until a statement of the app stopped at this gate: a session waiting on the gate's own
     * key, not on any advisory lock (the app's jobs and audit appends take their own).
     */
    reached: () =>
      waitUntilSessionsWait(
        pool,
        `wait_event = 'advisory' and exists (select 1 from pg_locks l where l.pid = a.pid and
         l.locktype = 'advisory' and not l.granted and l.classid = 0 and l.objid = ${GATE_KEY})`,
      ),
    /** Once: a second call (a test's `finally` after its own) does nothing. */
    async open() {
      if (opened) return;
      opened = true;
      try {
        // Unlocked first: dropping the trigger waits for the statements at the gate to end.
        await holder.query('select pg_advisory_unlock($1)', [GATE_KEY]);
        await holder.query(`drop trigger test_gate on ${table}`);
      } finally {
        holder.release();
      }
    },
  };
}

/**
 * Until `request` answered or a session waits on a row (another transaction's row lock, not the
 * notify queue's or any other object's): the request either went through without waiting or reached
 * the row it must wait for.
 */
export async function answeredOrWaitsOnARow(request: Promise<unknown>, pool: pg.Pool) {
  let answered = false;
  const settled = request.then(
    () => {
      answered = true;
    },
    () => {
      answered = true;
    },
  );
  await Promise.race([
    settled,
    waitUntilSessionsWait(pool, `wait_event in ('transactionid', 'tuple')`, () => answered),
  ]);
}

async function waitUntilSessionsWait(pool: pg.Pool, condition: string, stop = () => false) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && !stop()) {
    const { rows } = await pool.query(
      `select count(*)::int as n from pg_stat_activity a
       where datname = current_database() and wait_event_type = 'Lock' and ${condition}`,
    );
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  if (!stop()) throw new Error(`no session waited on a lock (${condition})`);
}
