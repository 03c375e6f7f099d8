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

/** History rows and the live NOTIFY, in the caller's transaction: both exist iff the change commits. */
export async function recordChanges(
  tx: Executor,
  rows: TicketRow[],
  events: ReturnType<typeof describeChanges>,
) {
  await ticketsRepo.insertEvents(tx, events);
  const byRaffle = new Map<string, TicketRow[]>();
  for (const row of rows) byRaffle.set(row.raffleId, [...(byRaffle.get(row.raffleId) ?? []), row]);
  for (const [raffleId, changed] of byRaffle) {
    await ticketsRepo.notify(tx, {
      raffle_id: raffleId,
      tickets: changed.map((t) => ({ number: t.number, status: t.status, version: t.version })),
    });
  }
}
