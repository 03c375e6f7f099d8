import type { Db, Executor, Tx } from '../../db/client';
import { hasSqlState, SQLSTATE } from '../../lib/errors';
import { createChangePublisher } from '../realtime/change-publisher';
import { type TicketRow, ticketsRepo } from './tickets.repo';

export type Actor = { id: string; email: string };

/** One history row per changed ticket. */
export function describeChanges(
  rows: TicketRow[],
  fromStatus: string | ((row: TicketRow) => string),
  note: string,
  actor?: Actor,
) {
  return rows.map((row) => ({
    ticketId: row.id,
    raffleId: row.raffleId,
    number: row.number,
    fromStatus: typeof fromStatus === 'string' ? fromStatus : fromStatus(row),
    toStatus: row.status,
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    note,
  }));
}

/**
 * PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more, and the refusal rolls back the whole
 * change (once it stopped every expiry sweep). An entry is at most ~60 bytes, so 100 per message
 * stays near 6 KB whatever the numbers.
 */
export const TICKETS_PER_NOTIFY = 100;

/** Splits a raffle's changes into NOTIFY payloads that each stay under PostgreSQL's cap. */
export function notifyPayloads(rows: Pick<TicketRow, 'raffleId' | 'number' | 'status' | 'version'>[]) {
  const byRaffle = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = byRaffle.get(row.raffleId) ?? [];
    list.push(row);
    byRaffle.set(row.raffleId, list);
  }
  const payloads: { raffle_id: string; tickets: { number: number; status: string; version: number }[] }[] =
    [];
  for (const [raffleId, changed] of byRaffle) {
    for (let i = 0; i < changed.length; i += TICKETS_PER_NOTIFY) {
      payloads.push({
        raffle_id: raffleId,
        tickets: changed
          .slice(i, i + TICKETS_PER_NOTIFY)
          .map((t) => ({ number: t.number, status: t.status, version: t.version })),
      });
    }
  }
  return payloads;
}

/** The ticket rows each open `transaction` changed, announced once it commits. */
const toAnnounce = new WeakMap<Executor, TicketRow[]>();

/**
 * A change to tickets: its history rows in the caller's transaction (both exist iff it commits),
 * and its live announcement after the commit (`TicketChanges.transaction`).
 */
export async function recordChanges(
  tx: Executor,
  rows: TicketRow[],
  events: ReturnType<typeof describeChanges>,
) {
  const pending = toAnnounce.get(tx);
  if (!pending) throw new Error('Ticket changes are recorded inside TicketChanges.transaction()');
  await ticketsRepo.insertEvents(tx, events);
  pending.push(...rows);
}

type Log = { warn: (obj: object, msg: string) => void };

/** How many times a change undone by a deadlock is tried in all. */
export const DEADLOCK_ATTEMPTS = 3;

/**
 * The one way a ticket change reaches the live boards and pages (decision 011): announced after
 * its commit, batched with the others of the moment. A NOTIFY inside the writing transaction held
 * PostgreSQL's notify lock across the commit's disk flush and serialized every sale; and a change
 * that rolls back is never announced. Reservations announce what `reserve_sales` committed;
 * every other change (staff edits, payments, the expiry sweep) runs in `transaction`, which
 * announces what `recordChanges` collected once the transaction has committed.
 */
export function createTicketChanges(deps: { db: Db; log?: Log }) {
  const publisher = createChangePublisher(deps);
  const committedListeners = new Set<(raffleId: string, versions: number[]) => void>();

  /** Tells this instance's listeners (its boards wait for their own writes), then every instance. */
  function announce(rows: TicketRow[]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    const byRaffle = new Map<string, number[]>();
    for (const row of rows) {
      const versions = byRaffle.get(row.raffleId);
      if (versions) versions.push(row.version);
      else byRaffle.set(row.raffleId, [row.version]);
    }
    for (const [raffleId, versions] of byRaffle)
      for (const listener of committedListeners) listener(raffleId, versions);
    return publisher.publish(notifyPayloads(rows));
  }

  return {
    announce,
    /**
     * A transaction in which `recordChanges` may run; what it recorded is announced after the commit.
     * PostgreSQL breaks a deadlock by undoing one of the two transactions (two staff changes, a
     * payment and a release taking one order's numbers in another order): nothing of it stayed, so
     * it runs again from the start, up to DEADLOCK_ATTEMPTS times, rather than fail the request.
     */
    async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt += 1) {
        const changed: TicketRow[] = [];
        try {
          const result = await deps.db.transaction(async (tx) => {
            toAnnounce.set(tx, changed);
            return work(tx);
          });
          await announce(changed);
          return result;
        } catch (error) {
          if (!hasSqlState(error, SQLSTATE.deadlock) || attempt >= DEADLOCK_ATTEMPTS) throw error;
          // Each one cost the request PostgreSQL's deadlock_timeout (1 s by default): said, so a lock
          // order that needs mending shows in the logs (and in the tests that race staff changes).
          deps.log?.warn({ attempt }, 'Deadlock: the change was undone and runs again');
        }
      }
    },
    /** Called with each raffle's committed versions before they are announced. */
    onCommitted(listener: (raffleId: string, versions: number[]) => void) {
      committedListeners.add(listener);
    },
    /** Waits for whatever is queued (server shutdown, tests). */
    flush: publisher.flush,
  };
}

export type TicketChanges = ReturnType<typeof createTicketChanges>;
