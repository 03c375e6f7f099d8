import { and, eq, sql } from 'drizzle-orm';
import type { SealStatus } from '../../../domain/draw-seal';
import { type Executor, queryRows } from '../../db/client';
import { preDrawLists } from '../../db/schema-prizes';

// The queries of several prizes (decision 042) beyond the raffle row itself (rafflesRepo.update
// writes `prizes`): which raffles a job has work on, and the pre-sorteos' sealed lists.

export const prizesRepo = {
  /** Raffles with a pre-sorteo whose date passed and whose list is not sealed yet. */
  async dueForPreDraw(db: Executor, limit = 50): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`select id from raffles
          where jsonb_array_length(prizes) > 0 and status <> 'borrador' and is_sandbox = false
            and exists (select 1 from jsonb_array_elements(prizes) p
                        where jsonb_typeof(p->'pre_draw_at') = 'string'
                          and (p->>'pre_draw_at')::timestamptz <= now()
                          and jsonb_typeof(p->'pre_list') is distinct from 'object')
          limit ${limit}`,
    );
    return rows.map((r) => r.id);
  },

  /**
   * Raffles with a drand prize not drawn yet that the job may act on: the raffle closed (a main
   * prize's turn), or the prize a sealed pre-sorteo (its round fixed). In id order after `after`:
   * the job reads them all, page by page, so raffles still on sale, or waiting for a result staff
   * have not typed, never keep a due prize out of a fixed-size page.
   */
  async withPendingBeaconPrize(db: Executor, after: string | null = null, limit = 50): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`select id from raffles
          where jsonb_array_length(prizes) > 0 and status <> 'borrador' and is_sandbox = false
            and (${after}::uuid is null or id > ${after}::uuid)
            and exists (select 1 from jsonb_array_elements(prizes) p
                        where p->>'draw_kind' = 'drand' and jsonb_typeof(p->'drawn_at') is distinct from 'string'
                          and (raffles.status in ('cerrada', 'finalizada') or jsonb_typeof(p->'pre_list') = 'object'))
          order by id
          limit ${limit}`,
    );
    return rows.map((r) => r.id);
  },

  /** A pre-sorteo's list is written once; a second sealing of the same prize changes nothing. */
  async insertPreList(
    tx: Executor,
    list: {
      raffleId: string;
      position: number;
      text: string;
      commitment: string;
      sealStatus: SealStatus | null;
    },
  ) {
    const { raffleId, position, text, commitment, sealStatus } = list;
    await tx
      .insert(preDrawLists)
      .values({ raffleId, position, soldList: text, commitment, sealStatus })
      .onConflictDoNothing();
  },

  async preListText(db: Executor, raffleId: string, position: number): Promise<string | null> {
    const [row] = await db
      .select({ text: preDrawLists.soldList })
      .from(preDrawLists)
      .where(and(eq(preDrawLists.raffleId, raffleId), eq(preDrawLists.position, position)));
    return row?.text ?? null;
  },
};
