import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client';
import { assignedSellersSql, managedRaffleSql } from '../../db/raffle-scope';
import type { PublicRaffleRow, RaffleRow } from '../../db/rows';
import { raffles, tickets } from '../../db/schema';
import type { RaffleScope } from '../../lib/permissions';

export type { PublicRaffleRow, RaffleRow } from '../../db/rows';
export type RaffleInsert = typeof raffles.$inferInsert;

export type RaffleFilters = {
  status?: string;
  paymentType?: string;
  sellerId?: string;
  /** Drafts are listed only among the raffles this scope manages (lib/permissions.ts). */
  draftsOf?: RaffleScope;
  /** Only archived raffles, among those this scope manages; without it, only the others. */
  archivedOf?: RaffleScope;
};

/**
 * Every public page, lucky pick and live stream looks its raffle up by id: prepared once per
 * database (a named statement on PostgreSQL: parsed and planned once per connection) instead of
 * built by drizzle on every request.
 */
const { drawSoldList: _soldList, ...tableColumns } = getTableColumns(raffles);
/** Every raffle row comes with the vendedores assigned to it: what the permission rule asks. */
const assigned = { assignedSellerIds: assignedSellersSql(raffles.id) };
const publicColumns = { ...tableColumns, ...assigned };
const rowColumns = { ...getTableColumns(raffles), ...assigned };

const preparedFindById = new WeakMap<object, ReturnType<typeof prepareFindById>>();
function prepareFindById(db: Db) {
  return db
    .select(rowColumns)
    .from(raffles)
    .where(and(eq(raffles.id, sql.placeholder('id')), eq(raffles.isSandbox, false)))
    .prepare('raffles_find_by_id_v2');
}
const preparedFindPublic = new WeakMap<object, ReturnType<typeof prepareFindPublic>>();
function prepareFindPublic(db: Db) {
  return db
    .select(publicColumns)
    .from(raffles)
    .where(and(eq(raffles.id, sql.placeholder('id')), eq(raffles.isSandbox, false)))
    .prepare('raffles_find_public_v2');
}

export const rafflesRepo = {
  async insert(db: Executor, values: RaffleInsert): Promise<RaffleRow> {
    const [row] = await db.insert(raffles).values(values).returning(rowColumns);
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /** Real raffles only: a test-bench sandbox is invisible to every caller (the bench keeps its own). */
  async findById(
    db: Executor,
    id: string,
    options: { lock?: 'update' | 'key share' } = {},
  ): Promise<RaffleRow | null> {
    if (!options.lock && !(db instanceof PgTransaction)) {
      let prepared = preparedFindById.get(db);
      if (!prepared) {
        prepared = prepareFindById(db);
        preparedFindById.set(db, prepared);
      }
      const [row] = await prepared.execute({ id });
      return row ?? null;
    }
    const query = db
      .select(rowColumns)
      .from(raffles)
      .where(and(eq(raffles.id, id), eq(raffles.isSandbox, false)));
    const [row] = await (options.lock === 'update'
      ? query.for('update')
      : options.lock === 'key share'
        ? query.for('key share')
        : query);
    return row ?? null;
  },

  /** The raffle without its sold list (pages, boards, lists): prepared once per database. */
  async findPublicById(db: Db, id: string): Promise<PublicRaffleRow | null> {
    let prepared = preparedFindPublic.get(db);
    if (!prepared) {
      prepared = prepareFindPublic(db);
      preparedFindPublic.set(db, prepared);
    }
    const [row] = await prepared.execute({ id });
    return row ?? null;
  },

  /** Real raffles only: test-bench sandboxes are never listed. Without the sold lists of closed ones. */
  list(db: Executor, filters: RaffleFilters): Promise<PublicRaffleRow[]> {
    const conditions: SQL[] = [eq(raffles.isSandbox, false)];
    if (filters.status) conditions.push(eq(raffles.status, filters.status));
    if (filters.paymentType) conditions.push(eq(raffles.paymentType, filters.paymentType));
    // A seller's raffles: those they own and those an admin assigned to them (decision 036).
    if (filters.sellerId)
      conditions.push(managedRaffleSql({ kind: 'managed-by', userId: filters.sellerId }, raffles));
    const drafts = or(
      ne(raffles.status, 'borrador'),
      managedRaffleSql(filters.draftsOf ?? { kind: 'none' }, raffles),
    );
    if (drafts) conditions.push(drafts);
    if (filters.archivedOf) {
      conditions.push(isNotNull(raffles.archivedAt), managedRaffleSql(filters.archivedOf, raffles));
    } else conditions.push(isNull(raffles.archivedAt));
    return db
      .select(publicColumns)
      .from(raffles)
      .where(and(...conditions))
      .orderBy(desc(raffles.createdAt), desc(raffles.id));
  },

  async update(db: Executor, id: string, values: Partial<RaffleInsert>): Promise<RaffleRow> {
    const [row] = await db
      .update(raffles)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(raffles.id, id))
      .returning(rowColumns);
    if (!row) throw new Error('update returned no row');
    return row;
  },

  /**
   * Which of these raffles ever had a number taken: any sale row, live or ended (a released or
   * expired number keeps its row, and payments hang off sale rows). Read here, beside the raffle it
   * decides about, because it only asks whether such a row exists.
   */
  async withSales(db: Executor, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: raffles.id })
      .from(raffles)
      .where(
        and(
          inArray(raffles.id, ids),
          sql`exists (select 1 from ${tickets} where ${tickets.raffleId} = ${raffles.id})`,
        ),
      );
    return new Set(rows.map((row) => row.id));
  },

  /**
   * The raffle row without its published list's text (megabytes after a large close): a version 1
   * list (small, from before issue 19) comes along, a version 2 list is read only when needed.
   */
  async findWithoutList(db: Executor, id: string): Promise<RaffleRow | null> {
    const [row] = await db
      .select({
        ...publicColumns,
        drawSoldList: sql<
          string | null
        >`case when ${raffles.commitmentVersion} = 1 then ${raffles.drawSoldList} end`,
      })
      .from(raffles)
      .where(and(eq(raffles.id, id), eq(raffles.isSandbox, false)));
    return row ?? null;
  },

  async soldListText(db: Executor, id: string): Promise<string | null> {
    const [row] = await db.select({ text: raffles.drawSoldList }).from(raffles).where(eq(raffles.id, id));
    return row?.text ?? null;
  },

  /**
   * Commits a frozen raffle's list once, by its root and line count (a second publisher of the same
   * list changes nothing); its text is stored after (`storeListText`, decision 078).
   */
  async publishList(
    db: Executor,
    id: string,
    list: { drawCommitment: string; lineCount: number },
  ): Promise<{ lineCount: number | null }> {
    const [row] = await db
      .update(raffles)
      .set({ ...list, updatedAt: sql`now()` })
      .where(and(eq(raffles.id, id), isNull(raffles.drawCommitment)))
      .returning({ lineCount: raffles.lineCount });
    return row ?? { lineCount: list.lineCount };
  },

  /** A committed list's text built by the server (a sale without its hashes): stored once. */
  async storeListText(db: Executor, id: string, list: { text: string; commitment: string }) {
    await db
      .update(raffles)
      .set({ drawSoldList: list.text })
      .where(
        and(eq(raffles.id, id), eq(raffles.drawCommitment, list.commitment), isNull(raffles.drawSoldList)),
      );
  },

  /** What a committed list's text is built from and checked against (null: nothing committed). */
  async committedList(
    db: Executor,
    id: string,
  ): Promise<{
    totalNumbers: number;
    commitment: string;
    lineCount: number | null;
    hasText: boolean;
  } | null> {
    const [row] = await db
      .select({
        totalNumbers: raffles.totalNumbers,
        commitment: raffles.drawCommitment,
        lineCount: raffles.lineCount,
        hasText: sql<boolean>`${raffles.drawSoldList} is not null`,
      })
      .from(raffles)
      .where(eq(raffles.id, id));
    return row?.commitment ? { ...row, commitment: row.commitment } : null;
  },

  /** Raffles whose list is committed but whose text was never stored (the process stopped in between). */
  async committedWithoutText(db: Executor): Promise<string[]> {
    const rows = await db
      .select({ id: raffles.id })
      .from(raffles)
      .where(
        and(
          isNotNull(raffles.drawCommitment),
          isNull(raffles.drawSoldList),
          // A close's own text follows its answer within seconds; only older ones are left over.
          lte(raffles.closedAt, sql`now() - interval '1 minute'`),
        ),
      );
    return rows.map((row) => row.id);
  },

  /** Raffles frozen by a close whose list was never stored (the process stopped in between). */
  async frozenUnpublished(db: Executor): Promise<{ id: string; totalNumbers: number }[]> {
    return db
      .select({ id: raffles.id, totalNumbers: raffles.totalNumbers })
      .from(raffles)
      .where(
        and(
          inArray(raffles.status, ['cerrada', 'finalizada']),
          isNotNull(raffles.closedAt),
          isNull(raffles.drawCommitment),
          // A close in progress publishes its own list within seconds; only older ones are left over.
          lte(raffles.closedAt, sql`now() - interval '1 minute'`),
        ),
      );
  },

  /** Active raffles past their closing date, soonest first (the close sweep). */
  async dueToClose(db: Executor, limit: number): Promise<string[]> {
    const rows = await db
      .select({ id: raffles.id })
      .from(raffles)
      .where(
        and(eq(raffles.status, 'activa'), lte(raffles.closingDate, sql`now()`), eq(raffles.isSandbox, false)),
      )
      .orderBy(asc(raffles.closingDate))
      .limit(limit);
    return rows.map((r) => r.id);
  },

  /** The raffle locked for its close if it is still due and no one else holds it (SKIP LOCKED). */
  async lockDue(tx: Executor, id: string): Promise<RaffleRow | null> {
    const [row] = await tx
      .select(rowColumns)
      .from(raffles)
      .where(and(eq(raffles.id, id), eq(raffles.status, 'activa'), lte(raffles.closingDate, sql`now()`)))
      .for('update', { skipLocked: true });
    return row ?? null;
  },

  /**
   * The raffle locked if no one else holds it (SKIP LOCKED): the pre-sorteo job's turn. FOR NO KEY
   * UPDATE, the lock its own update of `prizes` takes: edits, draws and other instances (FOR UPDATE)
   * still wait, but reservations (FOR KEY SHARE, reserve_sales) go on while the seal builds a list
   * of 100,000 sales; FOR UPDATE stalled every reservation batch for the whole seal.
   */
  async lockIfFree(tx: Executor, id: string): Promise<RaffleRow | null> {
    const [row] = await tx
      .select(rowColumns)
      .from(raffles)
      .where(eq(raffles.id, id))
      .for('no key update', { skipLocked: true });
    return row ?? null;
  },

  async delete(db: Executor, id: string): Promise<boolean> {
    // A sandbox is the test bench's to remove, not a staff delete's.
    const rows = await db
      .delete(raffles)
      .where(and(eq(raffles.id, id), eq(raffles.isSandbox, false)))
      .returning({ id: raffles.id });
    return rows.length > 0;
  },
};
