import { sql } from 'drizzle-orm';
import { QUICKNET } from '../../../domain/beacon';
import { type Executor, queryRows } from '../../db/client';

/** What a beacon draw reads of a raffle: its commitment and the round fixed at close. */
export type BeaconDrawRow = {
  id: string;
  status: string;
  draw_kind: string | null;
  beacon_round: string | number | null;
  beacon_randomness: string | null;
  winning_number: number | null;
  draw_commitment: string | null;
  draw_sold_list: string | null;
  line_count: number | null;
};

/**
 * The raffles table as the beacon draw sees it. This repository writes only the draw's own columns
 * (beacon_*, winning_number, status, drawn_at) of a raffle still 'cerrada' with a drand source.
 */
export const beaconRepo = {
  /** Closed drand raffles not drawn yet whose round's time has passed and whose list's text is stored (oldest round first). */
  async dueRaffleIds(db: Executor, limit = 50): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`select id from raffles
          where status = 'cerrada' and draw_kind = 'drand' and beacon_round is not null and archived_at is null
            -- The list's text, stored just after the close's answer (decision 078), is what it draws from.
            and draw_sold_list is not null
            and winning_number is null and beacon_randomness is null
            and to_timestamp(${QUICKNET.genesisTime}::bigint + (beacon_round - 1) * ${QUICKNET.periodSeconds}::bigint) <= now()
          order by beacon_round
          limit ${limit}`,
    );
    return rows.map((r) => r.id);
  },

  async find(db: Executor, id: string, options: { lock?: boolean } = {}): Promise<BeaconDrawRow | null> {
    const rows = await queryRows<BeaconDrawRow>(
      db,
      sql`select id, status, draw_kind, beacon_round, beacon_randomness, winning_number, draw_commitment,
                 draw_sold_list, line_count
          from raffles where id = ${id} ${options.lock ? sql`for update` : sql``}`,
    );
    return rows[0] ?? null;
  },

  /** Records the verified round and its outcome; the raffle is finished (winner null: no lines). */
  async finish(
    db: Executor,
    id: string,
    draw: { signature: string; randomness: string; winningNumber: number | null },
  ): Promise<void> {
    await db.execute(
      sql`update raffles
          set beacon_signature = ${draw.signature}, beacon_randomness = ${draw.randomness},
              winning_number = ${draw.winningNumber}, status = 'finalizada', drawn_at = now(), updated_at = now()
          where id = ${id} and status = 'cerrada'`,
    );
  },
};
