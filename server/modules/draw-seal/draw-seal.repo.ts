import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { raffles } from '../../db/schema';

export type PendingSeal = { id: string; root: string; attempts: number };

/** Only Merkle roots (commitment version 2) are sealed: older flat hashes were published without. */
const pending = and(
  eq(raffles.sealStatus, 'pendiente'),
  isNotNull(raffles.drawCommitment),
  eq(raffles.commitmentVersion, 2),
);

export const drawSealRepo = {
  /** Raffles waiting for their seal, the longest waiting first. */
  async pending(db: Executor, limit: number): Promise<PendingSeal[]> {
    const rows = await db
      .select({ id: raffles.id, root: raffles.drawCommitment, attempts: raffles.sealAttempts })
      .from(raffles)
      .where(pending)
      .orderBy(asc(raffles.closedAt), asc(raffles.id))
      .limit(limit);
    return rows.map((r) => ({ id: r.id, root: r.root as string, attempts: r.attempts }));
  },

  /** Stores a verified token; false when the raffle was no longer waiting for one. */
  async markSealed(
    db: Executor,
    id: string,
    seal: { token: string; authority: string; time: Date },
  ): Promise<boolean> {
    const rows = await db
      .update(raffles)
      .set({
        sealStatus: 'sellado',
        sealToken: seal.token,
        sealAuthority: seal.authority,
        sealTime: seal.time,
        sealError: null,
      })
      .where(and(eq(raffles.id, id), pending))
      .returning({ id: raffles.id });
    return rows.length > 0;
  },

  /** One more failed attempt and why; the raffle stays 'pendiente'. Returns the attempts so far. */
  async markFailed(db: Executor, id: string, error: string): Promise<number | null> {
    const [row] = await db
      .update(raffles)
      .set({ sealAttempts: sql`${raffles.sealAttempts} + 1`, sealError: error.slice(0, 500) })
      .where(and(eq(raffles.id, id), pending))
      .returning({ attempts: raffles.sealAttempts });
    return row?.attempts ?? null;
  },

  async countPending(db: Executor): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(raffles).where(pending);
    return row?.n ?? 0;
  },

  /** The stored DER TimeStampResp (base64) of a sealed raffle. */
  async token(db: Executor, id: string): Promise<string | null> {
    const [row] = await db
      .select({ token: raffles.sealToken })
      .from(raffles)
      .where(and(eq(raffles.id, id), eq(raffles.sealStatus, 'sellado')));
    return row?.token ?? null;
  },
};
