import { createHash } from 'node:crypto';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditListQuery, type AuditPage } from '../../../domain/audit';
import {
  AUDIT_GENESIS,
  type AuditContent,
  type AuditVerdict,
  auditEntryHash,
  createChainWalker,
  isStorableText,
  type StoredAuditEntry,
} from '../../../domain/audit-chain';
import type { Db, Executor } from '../../db/client';
import { type AuditRow, auditRepo } from './audit.repo';

export const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

/** What a caller appends; the log adds seq, at, prev_hash and hash. */
export type AuditAppend = {
  action: string;
  actor_id?: string | null;
  actor_email?: string | null;
  actor_role?: string | null;
  raffle_id?: string | null;
  target?: Record<string, string>;
  summary?: Record<string, unknown>;
};

type Logger = { error(obj: object, msg?: string): void };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The database keeps a uuid in lower case: the hash must cover what is stored. */
export const asUuid = (value: unknown): string | null =>
  typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null;
const storable = isStorableText;
const optionalText = (value: string | null | undefined, max = 320) =>
  value && storable(value, max) ? value : null;

const toStored = (row: AuditRow): StoredAuditEntry => ({
  seq: row.seq,
  at: row.at.toISOString(),
  actor_id: row.actorId,
  actor_email: row.actorEmail,
  actor_role: row.actorRole,
  action: row.action,
  raffle_id: row.raffleId,
  target: row.target,
  summary: row.summary,
  prev_hash: row.prevHash,
  hash: row.hash,
});

const VERIFY_BATCH = 2_000;

export type AuditLog = ReturnType<typeof createAuditLog>;

/** The tamper-evident audit log (decision 025): append, head, verify, and the admin's listing. */
export function createAuditLog(deps: { db: Db }) {
  const { db } = deps;
  const inFlight = new Set<Promise<unknown>>();

  /**
   * Appends one entry to the chain: under the chain's transaction lock, read the head, take the
   * next seq, hash, insert. Inside `executor`'s transaction when given (the entry then commits or
   * rolls back with the caller's work, and the lock is held until it ends).
   */
  async function append(entry: AuditAppend, executor: Executor = db): Promise<StoredAuditEntry> {
    return executor.transaction(async (tx) => {
      await auditRepo.lockChain(tx);
      const head = await auditRepo.head(tx);
      const content: AuditContent = {
        seq: await auditRepo.nextSeq(tx),
        at: new Date().toISOString(),
        actor_id: asUuid(entry.actor_id),
        actor_email: optionalText(entry.actor_email),
        actor_role: optionalText(entry.actor_role, 40),
        action: entry.action.slice(0, 200),
        raffle_id: asUuid(entry.raffle_id),
        target: Object.fromEntries(
          Object.entries(entry.target ?? {}).filter(([k, v]) => storable(k, 60) && storable(v, 200)),
        ),
        summary: entry.summary ?? {},
      };
      const prevHash = head?.hash ?? AUDIT_GENESIS;
      const hash = auditEntryHash(sha256, prevHash, content);
      await auditRepo.insert(tx, {
        seq: content.seq,
        at: new Date(content.at),
        actorId: content.actor_id,
        actorEmail: content.actor_email,
        actorRole: content.actor_role,
        action: content.action,
        raffleId: content.raffle_id,
        target: content.target,
        summary: content.summary,
        prevHash,
        hash,
      });
      return { ...content, prev_hash: prevHash, hash };
    });
  }

  return {
    append,

    /**
     * Appends without making the caller wait or fail (after a response is sent, a sign-in): a
     * failure is logged, never thrown. `settled()` waits for these. `entry` may still be resolving.
     */
    record(entry: AuditAppend | Promise<AuditAppend>, log: Logger): void {
      const pending = Promise.resolve(entry)
        .then((ready) => append(ready))
        .catch((error) => log.error({ err: error }, 'audit log append failed'))
        .finally(() => inFlight.delete(pending));
      inFlight.add(pending);
    },

    /** Resolves when every `record` started so far has landed (or failed): shutdown waits for it. */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },

    /** The chain's last entry, or null while the log is empty (stored at each raffle's close). */
    head: (executor: Executor = db) => auditRepo.head(executor),

    /** Recomputes the whole chain from the first entry; names the first entry that breaks it. */
    async verify(executor: Executor = db): Promise<AuditVerdict> {
      const walker = createChainWalker(sha256);
      let after = 0;
      for (;;) {
        const rows = await auditRepo.after(executor, after, VERIFY_BATCH);
        if (rows.length === 0) return { ok: true, count: walker.count };
        const broken = walker.check(rows.map(toStored));
        if (broken)
          return { ok: false, first_broken_seq: broken.seq, reason: broken.reason, count: walker.count };
        after = rows.at(-1)?.seq ?? after;
      }
    },

    async list(query: AuditListQuery): Promise<AuditPage> {
      const { entries, total } = await auditRepo.list(db, {
        raffleId: query.raffle_id,
        actor: query.actor || undefined,
        action: query.action || undefined,
        from: query.from,
        to: query.to,
        limit: AUDIT_PAGE_SIZE,
        offset: (query.page - 1) * AUDIT_PAGE_SIZE,
      });
      return {
        entries: entries.map((row): AuditEntry => toStored(row)),
        page: query.page,
        page_size: AUDIT_PAGE_SIZE,
        total,
      };
    },

    raffleOfTicket: (id: string) => auditRepo.raffleOfTicket(db, id),
    raffleOfPayment: (id: string) => auditRepo.raffleOfPayment(db, id),
  };
}
