import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { TICKET_CHANGES_CHANNEL, type TicketChange } from './realtime.hub';

/** Payloads per statement: each stays under PostgreSQL's 8,000-byte cap (see notifyPayloads). */
const PAYLOADS_PER_STATEMENT = 200;
const RETRIES = 3;

type Log = { warn: (obj: object, msg: string) => void };

/**
 * Live changes of reservations, announced after their commit instead of inside it (decision 011).
 * A NOTIFY inside the writing transaction takes PostgreSQL's database-wide notify lock and holds
 * it through the commit's WAL flush, so every reservation waited in line for every other one's
 * disk write. Here the sale commits on its own (group commit works again) and this instance sends
 * what committed meanwhile in one short notify-only transaction that skips the flush wait
 * (it carries no data to make durable). Events can then arrive out of commit order between
 * instances; every consumer keeps the highest version per number, and versions of one number
 * grow in commit order (a sale's row lock / unique index orders them).
 */
export function createChangePublisher(deps: { db: Db; log?: Log }) {
  // Each caller waits for the statement that carries its own changes, not for the queue to empty:
  // under a steady rush the queue never empties, and every buyer's 201 would wait for all of them.
  let waiting: { changes: TicketChange[]; announced: () => void }[] = [];
  let sending: Promise<void> | null = null;

  async function send(batch: TicketChange[]) {
    for (let i = 0; i < batch.length; i += PAYLOADS_PER_STATEMENT) {
      const texts = batch.slice(i, i + PAYLOADS_PER_STATEMENT).map((change) => JSON.stringify(change));
      for (let attempt = 1; ; attempt++) {
        try {
          // One statement is its own transaction: one round trip (and one socket write) where
          // begin / set local / notify / commit took four. set_config(…, true) is the statement's
          // SET LOCAL: its commit skips the WAL flush wait.
          await deps.db.execute(
            sql`select set_config('synchronous_commit', 'off', true), pg_notify(${TICKET_CHANGES_CHANNEL}, p) from json_array_elements_text(${JSON.stringify(texts)}::json) as p`,
          );
          break;
        } catch (error) {
          // Boards that miss an event heal on their next rebuild (board-cache's MAX_AGE_MS).
          if (attempt >= RETRIES) {
            deps.log?.warn({ err: error, changes: texts.length }, 'live changes not announced');
            break;
          }
        }
      }
    }
  }

  async function pump() {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      await send(batch.flatMap((entry) => entry.changes));
      for (const entry of batch) entry.announced();
    }
    sending = null;
  }

  return {
    /** Queues committed changes; resolves once they (and everything queued before) were announced. */
    publish(changes: TicketChange[]): Promise<void> {
      return new Promise((announced) => {
        waiting.push({ changes, announced });
        sending ??= pump();
      });
    },
    /** Waits for whatever is queued (server shutdown, tests). */
    flush: () => sending ?? Promise.resolve(),
  };
}

export type ChangePublisher = ReturnType<typeof createChangePublisher>;
