import { eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { managedRaffleSql } from '../../db/raffle-scope';
import { files } from '../../db/schema-operations';
import type { RaffleScope } from '../../lib/permissions';

export type FileKind = 'payment-proof' | 'raffle-image';
export type FileRow = typeof files.$inferSelect;
type FileRef = Pick<FileRow, 'key' | 'sha256'>;

/**
 * The storage key a stored `payment_proof` URL points at. Matched by its end so rows written before
 * URLs were checked strictly (`https://host/api/files/<key>`) still count as attached.
 */
const proofKey = (column: SQL) => sql`substring(${column} from '/api/files/([^/?#]+)$')`;

export const filesRepo = {
  async insert(
    db: Executor,
    values: {
      key: string;
      kind: FileKind;
      contentType: string;
      sizeBytes: number;
      sha256: string;
      uploadedBy: string | null;
    },
  ): Promise<void> {
    await db.insert(files).values(values);
  },

  async findByKey(db: Executor, key: string): Promise<FileRow | null> {
    const [row] = await db.select().from(files).where(eq(files.key, key));
    return row ?? null;
  },

  /**
   * Whether the proof is on a sale or a payment of a raffle the scope manages. Payments are found
   * through their indexed content hash, sales among the managed raffles only.
   */
  async isOnManagedRaffle(db: Executor, file: FileRef, scope: RaffleScope): Promise<boolean> {
    const managed = managedRaffleSql(scope, { id: sql`r.id`, sellerId: sql`r.seller_id` });
    const [row] = await queryRows<{ mine: boolean }>(
      db,
      sql`select exists (
            select 1 from payments p
            join tickets t on t.id = p.ticket_id
            join raffles r on r.id = t.raffle_id
            where p.proof_sha256 = ${file.sha256} and ${proofKey(sql`p.payment_proof`)} = ${file.key}
              and ${managed}
          ) or exists (
            select 1 from raffles r
            join tickets t on t.raffle_id = r.id
            where ${managed} and ${proofKey(sql`t.payment_proof`)} = ${file.key}
          ) as mine`,
    );
    return row?.mine === true;
  },

  /**
   * Whether the proof is on a sale or a payment of a raffle other than `raffleId` (decision 079).
   * Payments through their content hash, sales through their proof's key (both indexed).
   */
  async onAnotherRaffle(db: Executor, file: FileRef, raffleId: string): Promise<boolean> {
    const [row] = await queryRows<{ elsewhere: boolean }>(
      db,
      sql`select exists (
            select 1 from payments p
            join tickets t on t.id = p.ticket_id
            where p.proof_sha256 = ${file.sha256} and ${proofKey(sql`p.payment_proof`)} = ${file.key}
              and t.raffle_id <> ${raffleId}
          ) or exists (
            select 1 from tickets t
            where t.payment_proof is not null and ${proofKey(sql`t.payment_proof`)} = ${file.key}
              and t.raffle_id <> ${raffleId}
          ) as elsewhere`,
    );
    return row?.elsewhere === true;
  },

  /** Whether any sale or payment points at the proof (sales are scanned: only for rare cases). */
  async isAttached(db: Executor, file: FileRef): Promise<boolean> {
    return (await filesRepo.attachedAmong(db, [file])).size > 0;
  },

  /** The keys among `refs` that a sale or a payment points at. */
  async attachedAmong(db: Executor, refs: FileRef[]): Promise<Set<string>> {
    if (refs.length === 0) return new Set();
    const keys = sql.join(
      refs.map((r) => sql`${r.key}`),
      sql`, `,
    );
    const hashes = sql.join(
      refs.map((r) => sql`${r.sha256}`),
      sql`, `,
    );
    const rows = await queryRows<{ key: string }>(
      db,
      sql`select ${proofKey(sql`p.payment_proof`)} as key from payments p
          where p.proof_sha256 in (${hashes}) and ${proofKey(sql`p.payment_proof`)} in (${keys})
          union
          select ${proofKey(sql`t.payment_proof`)} as key from tickets t
          where t.payment_proof is not null and ${proofKey(sql`t.payment_proof`)} in (${keys})`,
    );
    return new Set(rows.map((r) => r.key));
  },

  /**
   * Deletes up to `limit` payment proofs uploaded before `before` that no sale and no payment points
   * at, oldest first, and returns their keys (the caller removes their bytes). One statement: the
   * planner anti-joins the sales and payments once instead of probing them per file.
   */
  deleteOrphanProofs(db: Executor, before: Date, limit: number) {
    return queryRows<{ key: string; sizeBytes: number }>(
      db,
      sql`delete from files where key in (
            select f.key from files f
            where f.kind = 'payment-proof' and f.created_at < ${before.toISOString()}::timestamptz
              and not exists (
                select 1 from tickets t
                where t.payment_proof is not null and ${proofKey(sql`t.payment_proof`)} = f.key
              )
              and not exists (
                select 1 from payments p
                where p.payment_proof is not null and ${proofKey(sql`p.payment_proof`)} = f.key
              )
            order by f.created_at
            limit ${limit}
          )
          returning key, size_bytes as "sizeBytes"`,
    );
  },
};
