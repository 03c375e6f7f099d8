import { and, asc, desc, eq, gt, ilike, type SQL, sql } from 'drizzle-orm';
import { TIME_ZONE } from '../../../domain/dates';
import { type Executor, queryRows } from '../../db/client';
import { auditLog } from '../../db/schema-operations';
import { LOCK_KEYS } from '../../lib/lock-keys';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditFilters = {
  raffleId?: string;
  actor?: string;
  action?: string;
  /** Caracas days, inclusive. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
};

/** `%` and `_` typed in a filter are matched as themselves. */
const likeTerm = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const auditRepo = {
  /** Held until the transaction ends: appends anywhere (any instance) wait for one another. */
  async lockChain(tx: Executor) {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEYS.auditAppend}::bigint)`);
  },

  async head(db: Executor): Promise<{ seq: number; hash: string } | null> {
    const [row] = await db
      .select({ seq: auditLog.seq, hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.seq))
      .limit(1);
    return row ?? null;
  },

  /** The entry's number is taken before its hash is computed: the hash covers it. */
  async nextSeq(tx: Executor): Promise<number> {
    const [row] = await queryRows<{ seq: string | number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('audit_log', 'seq')) as seq`,
    );
    return Number(row?.seq);
  },

  async insert(tx: Executor, row: typeof auditLog.$inferInsert) {
    await tx.insert(auditLog).values(row);
  },

  /** Entries after `afterSeq` in chain order, `limit` at a time (verification reads the log in pages). */
  async after(db: Executor, afterSeq: number, limit: number): Promise<AuditRow[]> {
    return db
      .select()
      .from(auditLog)
      .where(gt(auditLog.seq, afterSeq))
      .orderBy(asc(auditLog.seq))
      .limit(limit);
  },

  /** Newest first. */
  async list(db: Executor, filters: AuditFilters) {
    const conditions: SQL[] = [];
    if (filters.raffleId) conditions.push(eq(auditLog.raffleId, filters.raffleId));
    if (filters.actor) conditions.push(ilike(auditLog.actorEmail, likeTerm(filters.actor)));
    if (filters.action) conditions.push(ilike(auditLog.action, likeTerm(filters.action)));
    if (filters.from)
      conditions.push(sql`${auditLog.at} >= (${filters.from}::date)::timestamp at time zone ${TIME_ZONE}`);
    if (filters.to)
      conditions.push(sql`${auditLog.at} < (${filters.to}::date + 1)::timestamp at time zone ${TIME_ZONE}`);
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [entries, [total]] = await Promise.all([
      db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.seq))
        .limit(filters.limit)
        .offset(filters.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
    ]);
    return { entries, total: Number(total?.n ?? 0) };
  },

  /** The raffle of a sale (`/api/tickets/:id…`), so its entries are found by raffle. */
  async raffleOfTicket(db: Executor, ticketId: string): Promise<string | null> {
    const [row] = await queryRows<{ raffle_id: string }>(
      db,
      sql`select raffle_id from tickets where id = ${ticketId}`,
    );
    return row?.raffle_id ?? null;
  },

  /** The raffle of a payment (`/api/payments/:id`), through the first sale it pays. */
  async raffleOfPayment(db: Executor, paymentId: string): Promise<string | null> {
    const [row] = await queryRows<{ raffle_id: string }>(
      db,
      sql`select t.raffle_id from payments p join tickets t on t.id = p.ticket_id where p.id = ${paymentId}`,
    );
    return row?.raffle_id ?? null;
  },
};
