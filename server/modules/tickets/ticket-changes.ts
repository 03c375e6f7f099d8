import type { Executor } from '../../db/client';
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

/** History rows and the live NOTIFY, in the caller's transaction: both exist iff the change commits. */
export async function recordChanges(
  tx: Executor,
  rows: TicketRow[],
  events: ReturnType<typeof describeChanges>,
) {
  await ticketsRepo.insertEvents(tx, events);
  for (const payload of notifyPayloads(rows)) await ticketsRepo.notify(tx, payload);
}
