import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export const RAFFLE_CHANGES_CHANNEL = 'raffle_changes';

type Log = { warn: (obj: object, msg: string) => void };

/**
 * "This raffle's row changed" (an edit, a close, a draw, an archive, a delete, a new raffle), told to
 * this instance at once and to every other one through NOTIFY after the change committed, so the
 * public answers cached from the row (decision 027) are read again and the open pages told
 * (decision 089). Rare next to ticket changes: one small notify per change, no batching. The notify
 * names the instance that sent it (`<raffle id> <instance>`): that one was told already, and its
 * pages must not be told twice.
 */
export function createRaffleChanges(deps: { database: Database; log?: Log }) {
  const listeners = new Set<(raffleId: string) => void>();
  let unlisten: (() => Promise<void>) | null = null;
  const instance = randomUUID();
  const tell = (raffleId: string) => {
    for (const listener of listeners) listener(raffleId);
  };
  const heard = (payload: string) => {
    const [raffleId = '', from] = payload.split(' ');
    if (from !== instance) tell(raffleId);
  };

  return {
    async start() {
      unlisten ??= await deps.database.listen(RAFFLE_CHANGES_CHANNEL, heard);
    },
    async stop() {
      await unlisten?.();
      unlisten = null;
    },
    /** After the commit: this instance forgets the row now, the others when the notify arrives. */
    async announce(raffleId: string): Promise<void> {
      tell(raffleId);
      try {
        await deps.database.db.execute(
          sql`select pg_notify(${RAFFLE_CHANGES_CHANNEL}, ${`${raffleId} ${instance}`})`,
        );
      } catch (error) {
        // The other instances re-read the row within their TTL anyway (public-raffles.ts).
        deps.log?.warn({ err: error, raffleId }, 'raffle change not announced');
      }
    },
    onChange(listener: (raffleId: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type RaffleChanges = ReturnType<typeof createRaffleChanges>;
