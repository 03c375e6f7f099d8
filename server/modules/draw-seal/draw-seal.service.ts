import type { FastifyBaseLogger } from 'fastify';
import { type DrawTimestamp, type SealStatus, sealTokenPath } from '../../../domain/draw-seal';
import type { Db } from '../../db/client';
import type { RaffleRow } from '../../db/rows';
import { withAdvisoryLock } from '../../lib/advisory-lock';
import { NotFoundError } from '../../lib/errors';
import { jobRunsRepo } from '../../lib/job-runs';
import { LOCK_KEYS } from '../../lib/lock-keys';
import { drawSealRepo, type PendingSeal, type SealTarget, sealKey } from './draw-seal.repo';
import { SEAL_TEXTS } from './texts';
import { requestTimestamp, TimestampError } from './tsa';

export const SEAL_JOB_NAME = 'draw-seal';
/** Raffles asked for in one pass; the rest wait for the next one. */
const PASS_LIMIT = 20;
/** Pending raffles looked at per pass (id and root only) to find the due ones. */
const PENDING_SCAN = 2000;
/** After n failures a raffle waits min(base · 2^(n-1), 1 h) before its next automatic try. */
const MAX_BACKOFF_MS = 3600_000;

export type SealPass =
  | { skipped: true }
  | { skipped: false; sealed: number; failed: number; pending: number };

/**
 * Passes on one database run one at a time in this process: PGlite is one session for the whole
 * process, where an advisory lock is re-entrant and would not keep two passes apart.
 */
const passesByDb = new WeakMap<object, Promise<unknown>>();

/**
 * Seals closed raffles' commitment roots with the RFC 3161 authority at `tsaUrl` (decision 023).
 * The close marks a raffle 'pendiente' (`statusAtClose`) and calls `sealNow`; the background job
 * retries what the authority did not answer. One instance at a time asks (advisory lock), and a
 * token is stored only on a raffle still pending, so no raffle is sealed twice.
 */
export function createDrawSealService(deps: {
  db: Db;
  /** null: sealing is off, a close leaves `seal_status` null. */
  tsaUrl: string | null;
  log: FastifyBaseLogger;
  /** First retry delay, doubling per failure (the job's period). */
  retryBaseMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** After a seal is stored (a pre-sorteo's shows in its raffle's answer). */
  onSealed?: (target: SealTarget) => void;
}) {
  const { db, tsaUrl, log } = deps;
  const retryBaseMs = deps.retryBaseMs ?? 60_000;
  /** seal key (sealKey) → when it may be tried again automatically (this instance's memory). */
  const notBefore = new Map<string, number>();

  async function sealOne(url: string, target: PendingSeal) {
    const where = { raffleId: target.raffleId, position: target.position };
    try {
      const seal = await requestTimestamp(url, target.root, { timeoutMs: deps.timeoutMs, fetch: deps.fetch });
      notBefore.delete(target.key);
      if (await drawSealRepo.markSealed(db, target, seal)) {
        log.info({ ...where, authority: seal.authority }, 'draw commitment sealed');
        deps.onSealed?.(where);
      }
      return { ok: true as const };
    } catch (error) {
      const message = error instanceof TimestampError ? error.message : SEAL_TEXTS.unreachable(String(error));
      const attempts = (await drawSealRepo.markFailed(db, target, message)) ?? 1;
      notBefore.set(target.key, Date.now() + Math.min(retryBaseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS));
      log.warn({ ...where, attempts, err: message }, 'draw seal failed, will retry');
      return { ok: false as const, transient: !(error instanceof TimestampError) || error.transient };
    }
  }

  /** `force`: a seal key (sealKey), or every pending seal (`'all'`), asked for whatever its backoff. */
  async function pass(url: string, force: string | null): Promise<SealPass> {
    const outcome = await withAdvisoryLock(db, LOCK_KEYS.drawSeal, async () => {
      const now = Date.now();
      // Backoffs live in memory, so the filter runs here, over more rows than one pass asks for:
      // raffles backing off must not hide the due ones behind them. The kicked raffle goes first.
      const due = (await drawSealRepo.pending(db, PENDING_SCAN))
        .filter((r) => force === 'all' || r.key === force || (notBefore.get(r.key) ?? 0) <= now)
        .sort((a, b) => Number(b.key === force) - Number(a.key === force))
        .slice(0, PASS_LIMIT);
      let sealed = 0;
      let failed = 0;
      for (const target of due) {
        const result = await sealOne(url, target);
        if (result.ok) sealed++;
        else {
          failed++;
          if (result.transient) break; // the authority is down: the others would wait for nothing
        }
      }
      const pending = await drawSealRepo.countPending(db);
      await jobRunsRepo.record(db, SEAL_JOB_NAME, { sealed, failed, pending });
      return { sealed, failed, pending };
    });
    return outcome.acquired ? { skipped: false, ...outcome.value } : { skipped: true };
  }

  /** One pass after any pass already running on this database in this process. */
  function serialized(url: string, force: string | null): Promise<SealPass> {
    const previous = passesByDb.get(db) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(() => pass(url, force));
    passesByDb.set(
      db,
      next.catch(() => {}),
    );
    return next;
  }

  return {
    enabled: tsaUrl !== null,
    /** What a raffle's `seal_status` is set to when it closes. */
    statusAtClose: (tsaUrl === null ? null : 'pendiente') as SealStatus | null,

    /**
     * Asks for every pending seal that is due (the background job's pass); `now`: every pending
     * one, whatever its backoff.
     */
    sealPending(options: { now?: boolean } = {}): Promise<SealPass> {
      if (tsaUrl === null) return Promise.resolve({ skipped: true });
      return serialized(tsaUrl, options.now ? 'all' : null);
    },

    /**
     * Right after a close (or a pre-sorteo's list, `position`) commits: asks at once for it
     * (whatever its backoff), without making the caller wait. Another instance holding the lock may
     * have missed it: one more try soon.
     */
    sealNow(raffleId: string, position: number | null = null): void {
      if (tsaUrl === null) return;
      const attempt = (retry: boolean) =>
        serialized(tsaUrl, sealKey({ raffleId, position })).then(
          (result) => {
            if (result.skipped && retry) setTimeout(() => attempt(false), 2_000).unref();
          },
          (error) => log.error({ err: error, raffleId }, 'draw seal pass failed'),
        );
      void attempt(true);
    },

    /**
     * The DER TimeStampResp of a sealed raffle (`GET /api/raffles/:id/seal.tsr`) or of a
     * pre-sorteo's list (`…/prizes/:position/seal.tsr`).
     */
    async token(raffleId: string, position: number | null = null): Promise<Buffer> {
      const target: SealTarget = { raffleId, position };
      const token = await drawSealRepo.token(db, target);
      if (!token) throw new NotFoundError(SEAL_TEXTS.notFound, 'SEAL_NOT_FOUND');
      return Buffer.from(token, 'base64');
    },
  };
}

export type DrawSealService = ReturnType<typeof createDrawSealService>;

/** The seal as the draw answer shows it; null when the raffle has none (sealing off, or not closed). */
export function sealView(
  row: Pick<RaffleRow, 'id' | 'sealStatus' | 'sealAuthority' | 'sealTime'>,
): DrawTimestamp | null {
  if (row.sealStatus !== 'pendiente' && row.sealStatus !== 'sellado') return null;
  const sealed = row.sealStatus === 'sellado';
  return {
    status: row.sealStatus,
    authority: sealed ? row.sealAuthority : null,
    time: sealed && row.sealTime ? row.sealTime.toISOString() : null,
    token_url: sealed ? sealTokenPath(row.id) : null,
  };
}
