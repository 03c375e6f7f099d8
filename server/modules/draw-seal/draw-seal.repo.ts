import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { raffles } from '../../db/schema';
import { preDrawLists } from '../../db/schema-prizes';

/**
 * What is sealed: a closed raffle's commitment (`position` null) or a pre-sorteo's list (its
 * prize's position). `key` names it in logs and the retry backoffs.
 */
export type SealTarget = { raffleId: string; position: number | null };
export type PendingSeal = SealTarget & { key: string; root: string; attempts: number };
export type StoredSeal = { token: string; authority: string; time: Date };

export const sealKey = (t: SealTarget) =>
  t.position === null ? t.raffleId : `${t.raffleId}:pre${t.position}`;

/** Only Merkle roots (commitment version 2) are sealed: older flat hashes were published without. */
const pending = and(
  eq(raffles.sealStatus, 'pendiente'),
  isNotNull(raffles.drawCommitment),
  eq(raffles.commitmentVersion, 2),
);

const raffleSeals = {
  /** Raffles waiting for their seal, the longest waiting first. */
  async pending(db: Executor, limit: number): Promise<(PendingSeal & { since: Date | null })[]> {
    const rows = await db
      .select({
        id: raffles.id,
        root: raffles.drawCommitment,
        attempts: raffles.sealAttempts,
        since: raffles.closedAt,
      })
      .from(raffles)
      .where(pending)
      .orderBy(asc(raffles.closedAt), asc(raffles.id))
      .limit(limit);
    return rows.map((r) => ({
      raffleId: r.id,
      position: null,
      key: r.id,
      root: r.root as string,
      attempts: r.attempts,
      since: r.since,
    }));
  },

  /** Stores a verified token; false when the raffle was no longer waiting for one. */
  async markSealed(db: Executor, id: string, seal: StoredSeal): Promise<boolean> {
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

const prePending = and(eq(preDrawLists.sealStatus, 'pendiente'), isNotNull(preDrawLists.commitment));
const preTarget = (t: SealTarget) =>
  and(eq(preDrawLists.raffleId, t.raffleId), eq(preDrawLists.position, t.position ?? 0));

/** The same for pre-sorteos' lists (issue 23): a row of `pre_draw_lists` each. */
const preListSeals = {
  async pending(db: Executor, limit: number): Promise<(PendingSeal & { since: Date | null })[]> {
    const rows = await db
      .select({
        raffleId: preDrawLists.raffleId,
        position: preDrawLists.position,
        root: preDrawLists.commitment,
        attempts: preDrawLists.sealAttempts,
        since: preDrawLists.createdAt,
      })
      .from(preDrawLists)
      .where(prePending)
      .orderBy(asc(preDrawLists.createdAt))
      .limit(limit);
    return rows.map((r) => ({ ...r, key: sealKey(r), root: r.root as string }));
  },

  /** Stores the token and copies who sealed it and when into the prize's `pre_list` (its view). */
  async markSealed(db: Executor, target: SealTarget, seal: StoredSeal): Promise<boolean> {
    const index = (target.position ?? 2) - 2;
    const view = { status: 'sellado', authority: seal.authority, time: seal.time.toISOString() };
    return db.transaction(async (tx) => {
      const stored = await preListSeals.storeToken(tx, target, seal);
      if (stored)
        await tx.execute(
          sql`update raffles set prizes = jsonb_set(prizes, ${`{${index},pre_list,seal}`}::text[], ${JSON.stringify(view)}::jsonb)
              where id = ${target.raffleId} and jsonb_typeof(prizes->(${index}::int)->'pre_list') = 'object'`,
        );
      return stored;
    });
  },

  async storeToken(db: Executor, target: SealTarget, seal: StoredSeal): Promise<boolean> {
    const rows = await db
      .update(preDrawLists)
      .set({
        sealStatus: 'sellado',
        sealToken: seal.token,
        sealAuthority: seal.authority,
        sealTime: seal.time,
        sealError: null,
      })
      .where(and(preTarget(target), prePending))
      .returning({ position: preDrawLists.position });
    return rows.length > 0;
  },

  async markFailed(db: Executor, target: SealTarget, error: string): Promise<number | null> {
    const [row] = await db
      .update(preDrawLists)
      .set({ sealAttempts: sql`${preDrawLists.sealAttempts} + 1`, sealError: error.slice(0, 500) })
      .where(and(preTarget(target), prePending))
      .returning({ attempts: preDrawLists.sealAttempts });
    return row?.attempts ?? null;
  },

  async countPending(db: Executor): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(preDrawLists).where(prePending);
    return row?.n ?? 0;
  },

  async token(db: Executor, target: SealTarget): Promise<string | null> {
    const [row] = await db
      .select({ token: preDrawLists.sealToken })
      .from(preDrawLists)
      .where(and(preTarget(target), eq(preDrawLists.sealStatus, 'sellado')));
    return row?.token ?? null;
  },
};

/** Raffles' and pre-sorteos' seals behind one face: each call goes to the target's table. */
export const drawSealRepo = {
  /** Everything waiting for a seal, the longest waiting first. */
  async pending(db: Executor, limit: number): Promise<PendingSeal[]> {
    const both = [...(await raffleSeals.pending(db, limit)), ...(await preListSeals.pending(db, limit))];
    return both
      .sort((a, b) => (a.since?.getTime() ?? 0) - (b.since?.getTime() ?? 0))
      .slice(0, limit)
      .map(({ since: _since, ...seal }) => seal);
  },
  markSealed: (db: Executor, target: SealTarget, seal: StoredSeal) =>
    target.position === null
      ? raffleSeals.markSealed(db, target.raffleId, seal)
      : preListSeals.markSealed(db, target, seal),
  markFailed: (db: Executor, target: SealTarget, error: string) =>
    target.position === null
      ? raffleSeals.markFailed(db, target.raffleId, error)
      : preListSeals.markFailed(db, target, error),
  countPending: async (db: Executor) =>
    (await raffleSeals.countPending(db)) + (await preListSeals.countPending(db)),
  token: (db: Executor, target: SealTarget) =>
    target.position === null ? raffleSeals.token(db, target.raffleId) : preListSeals.token(db, target),
};
