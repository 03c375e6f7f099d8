import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { TIME_ZONE } from '../../../domain/dates';
import type { ColumnMapping } from '../../../domain/reconciliation';
import { withoutLeadingZeros } from '../../../domain/references';
import { type Executor, queryRows } from '../../db/client';
import { raffles, tickets } from '../../db/schema';
import { payments } from '../../db/schema-money';
import {
  bankStatementLayouts,
  bankStatementMatches,
  bankStatementRows,
  bankStatements,
} from '../../db/schema-reconciliation';
import type { PaymentCandidate } from './match-entries';

export type StatementRecord = typeof bankStatements.$inferSelect;
export type NewStatementRow = Omit<typeof bankStatementRows.$inferInsert, 'statementId'>;

/** Inserts of many rows go in slices: a statement may have thousands, a statement has 65,535 parameters. */
const SLICE = 1000;
const slices = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / SLICE) }, (_, i) => items.slice(i * SLICE, (i + 1) * SLICE));

/** LIKE matches these literally once escaped. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

export const reconciliationRepo = {
  /** The mapping remembered for this header row: of this bank first, else of any bank. */
  async findLayout(db: Executor, signature: string, bankCode: string | null) {
    const [row] = await db
      .select({ mapping: bankStatementLayouts.mapping })
      .from(bankStatementLayouts)
      .where(eq(bankStatementLayouts.signature, signature))
      .orderBy(
        sql`(${bankStatementLayouts.bankCode} is not distinct from ${bankCode}) desc`,
        desc(bankStatementLayouts.updatedAt),
      )
      .limit(1);
    return row?.mapping ?? null;
  },

  async saveLayout(
    db: Executor,
    layout: { signature: string; bankCode: string | null; mapping: ColumnMapping; createdBy: string },
  ) {
    // The unique key is an expression (any bank = ''), which the query builder cannot name.
    await db.execute(sql`insert into bank_statement_layouts (signature, bank_code, mapping, created_by)
      values (${layout.signature}, ${layout.bankCode}, ${JSON.stringify(layout.mapping)}::jsonb, ${layout.createdBy})
      on conflict (signature, coalesce(bank_code, '')) do update
      set mapping = excluded.mapping, updated_at = now()`);
  },

  /** Which of these row checksums were imported before. */
  async existingChecksums(db: Executor, checksums: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const slice of slices(checksums)) {
      const rows = await db
        .select({ checksum: bankStatementRows.checksum })
        .from(bankStatementRows)
        .where(inArray(bankStatementRows.checksum, slice));
      for (const row of rows) found.add(row.checksum);
    }
    return found;
  },

  /**
   * Which of these reference keys an earlier credit already carries, compared and answered without
   * their leading zeros (an XLSX download drops them: match-entries.ts).
   */
  async importedReferenceKeys(db: Executor, keys: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    const bare = sql<string>`ltrim(${bankStatementRows.referenceKey}, '0')`;
    for (const slice of slices([...new Set(keys.map(withoutLeadingZeros))])) {
      const rows = await db
        .selectDistinct({ key: bare })
        .from(bankStatementRows)
        .where(and(isNotNull(bankStatementRows.referenceKey), inArray(bare, slice)));
      for (const row of rows) found.add(row.key);
    }
    return found;
  },

  /**
   * Pending and approved payments with a reference, made between two Caracas days (inclusive), of
   * real raffles (not the test bench's sandbox).
   */
  paymentCandidates(db: Executor, fromDay: string, toDay: string): Promise<PaymentCandidate[]> {
    return queryRows<PaymentCandidate>(
      db,
      sql`select p.id, p.status, p.reference, p.payment_method as method, p.amount_cents::float8 as "amountCents",
          p.rate_to_usd::float8 as "rateToUsd",
          to_char((p.payment_date at time zone ${TIME_ZONE})::date, 'YYYY-MM-DD') as day
        from payments p
        join tickets t on t.id = p.ticket_id
        join raffles r on r.id = t.raffle_id
        where p.status in ('pending', 'approved') and p.reference is not null and not r.is_sandbox
          and p.payment_date >= (${fromDay}::date)::timestamp at time zone ${TIME_ZONE}
          and p.payment_date < (${toDay}::date + 1)::timestamp at time zone ${TIME_ZONE}`,
    );
  },

  /** The statement, its rows (those not imported before) and their matches, in one transaction. */
  async insertStatement(
    tx: Executor,
    statement: typeof bankStatements.$inferInsert,
    rows: (NewStatementRow & { matches: { paymentId: string; expectedVesCents: number | null }[] })[],
  ) {
    const [created] = await tx.insert(bankStatements).values(statement).returning();
    if (!created) throw new Error('insert returned no statement');
    const byChecksum = new Map(rows.map((row) => [row.checksum, row]));
    let kept = 0;
    for (const slice of slices(rows)) {
      const inserted = await tx
        .insert(bankStatementRows)
        .values(slice.map(({ matches: _matches, ...row }) => ({ ...row, statementId: created.id })))
        // A concurrent upload of the same statement got there first: those rows are its.
        .onConflictDoNothing({ target: bankStatementRows.checksum })
        .returning({ id: bankStatementRows.id, checksum: bankStatementRows.checksum });
      kept += inserted.length;
      const matches = inserted.flatMap(({ id, checksum }) =>
        (byChecksum.get(checksum)?.matches ?? []).map((m) => ({ rowId: id, ...m })),
      );
      for (const part of slices(matches)) await tx.insert(bankStatementMatches).values(part);
    }
    return { statement: created, kept };
  },

  async findStatement(db: Executor, id: string) {
    const [row] = await db.select().from(bankStatements).where(eq(bankStatements.id, id));
    return row ?? null;
  },

  recentStatements: (db: Executor, limit: number) =>
    db
      .select()
      .from(bankStatements)
      .orderBy(desc(bankStatements.createdAt), desc(bankStatements.id))
      .limit(limit),

  /** Rows per state of each statement. */
  async stateCounts(db: Executor, statementIds: string[]) {
    if (statementIds.length === 0) return [];
    return db
      .select({
        statementId: bankStatementRows.statementId,
        state: bankStatementRows.state,
        n: sql<number>`count(*)::int`,
      })
      .from(bankStatementRows)
      .where(inArray(bankStatementRows.statementId, statementIds))
      .groupBy(bankStatementRows.statementId, bankStatementRows.state);
  },

  rows: (db: Executor, statementId: string) =>
    db
      .select()
      .from(bankStatementRows)
      .where(eq(bankStatementRows.statementId, statementId))
      .orderBy(bankStatementRows.line),

  /** The payments the statement's rows matched, with what a reviewer needs to see of each. */
  matchesOf: (db: Executor, statementId: string) =>
    db
      .select({
        rowId: bankStatementMatches.rowId,
        expectedVesCents: bankStatementMatches.expectedVesCents,
        confirmedAt: bankStatementMatches.confirmedAt,
        payment: {
          id: payments.id,
          status: payments.status,
          amountCents: payments.amountCents,
          rateToUsd: payments.rateToUsd,
          reference: payments.reference,
          paymentDate: payments.paymentDate,
        },
        ticket: { id: tickets.id, ticketNumber: tickets.ticketNumber, buyerName: tickets.buyerName },
        raffle: { id: raffles.id, name: raffles.name },
      })
      .from(bankStatementMatches)
      .innerJoin(bankStatementRows, eq(bankStatementRows.id, bankStatementMatches.rowId))
      .innerJoin(payments, eq(payments.id, bankStatementMatches.paymentId))
      .innerJoin(tickets, eq(tickets.id, payments.ticketId))
      .innerJoin(raffles, eq(raffles.id, tickets.raffleId))
      .where(eq(bankStatementRows.statementId, statementId))
      .orderBy(bankStatementMatches.rowId, tickets.ticketNumber),

  /** The matched rows' payments not yet confirmed, with their ticket, in the statement's order. */
  toApprove: (db: Executor, statementId: string) =>
    db
      .select({
        rowId: bankStatementMatches.rowId,
        paymentId: bankStatementMatches.paymentId,
        ticketId: payments.ticketId,
      })
      .from(bankStatementMatches)
      .innerJoin(bankStatementRows, eq(bankStatementRows.id, bankStatementMatches.rowId))
      .innerJoin(payments, eq(payments.id, bankStatementMatches.paymentId))
      .where(
        and(
          eq(bankStatementRows.statementId, statementId),
          eq(bankStatementRows.state, 'matched'),
          isNull(bankStatementMatches.confirmedAt),
        ),
      )
      .orderBy(bankStatementRows.line, bankStatementMatches.paymentId),

  /**
   * Claims the statement for one approval run; null when another started less than 10 minutes ago
   * (a run that died leaves the claim to expire).
   */
  async claimApproval(db: Executor, id: string) {
    const [row] = await db
      .update(bankStatements)
      .set({ approvingSince: sql`now()` })
      .where(
        and(
          eq(bankStatements.id, id),
          or(
            isNull(bankStatements.approvingSince),
            lt(bankStatements.approvingSince, sql`now() - interval '10 minutes'`),
          ),
        ),
      )
      .returning({ id: bankStatements.id });
    return row ?? null;
  },

  releaseApproval: (db: Executor, id: string) =>
    db.update(bankStatements).set({ approvingSince: null }).where(eq(bankStatements.id, id)),

  /**
   * These payments were approved from these rows: each match is confirmed, and a row whose matches
   * are all confirmed is now `already_reconciled`.
   */
  async confirm(db: Executor, confirmed: { rowId: string; paymentId: string }[], actorId: string) {
    if (confirmed.length === 0) return;
    const pairs = sql.join(
      confirmed.map((c) => sql`(${c.rowId}::uuid, ${c.paymentId}::uuid)`),
      sql`, `,
    );
    await db.execute(sql`update bank_statement_matches set confirmed_at = now(), confirmed_by = ${actorId}
      where (row_id, payment_id) in (${pairs})`);
    const rowIds = [...new Set(confirmed.map((c) => c.rowId))];
    await db
      .update(bankStatementRows)
      .set({ state: 'already_reconciled' })
      .where(
        and(
          inArray(bankStatementRows.id, rowIds),
          sql`not exists (select 1 from bank_statement_matches m
            where m.row_id = ${bankStatementRows.id} and m.confirmed_at is null)`,
        ),
      );
  },

  /**
   * How many payments that are not rejected hold each of these reported reference keys (any
   * method): a credit ending with two of them, or with one held twice, is claimed by two reports.
   */
  async reportsHolding(db: Executor, keys: string[]): Promise<Map<string, number>> {
    const held = new Map<string, number>();
    for (const slice of slices(keys)) {
      const rows = await db
        .select({ key: payments.referenceKey, n: sql<number>`count(*)::int` })
        .from(payments)
        .where(and(inArray(payments.referenceKey, slice), sql`${payments.status} <> 'rejected'`))
        .groupBy(payments.referenceKey);
      for (const row of rows) if (row.key) held.set(row.key, Number(row.n));
    }
    return held;
  },

  /**
   * Credits whose reference is one of `keys` or ends with it (keys of 6 characters or more), that
   * have not confirmed a payment yet and were not left to a person (`duplicate`, decision 085). A
   * superset: the caller applies the exact rule.
   */
  creditsEndingWith(db: Executor, keys: string[]) {
    const list = (values: string[]) =>
      sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      );
    // "Ends with the key" is "the reversed reference starts with the reversed key": an index search.
    const patterns = keys.map((key) => `${escapeLike([...key].reverse().join(''))}%`);
    return queryRows<{ key: string; reference_key: string; id: string; posted_on: string; amount: string }>(
      db,
      sql`select k.key, r.reference_key, r.id, to_char(r.posted_on, 'YYYY-MM-DD') as posted_on,
          r.amount_ves_cents::text as amount
        from unnest(array[${list(keys)}]::text[], array[${list(patterns)}]::text[]) as k(key, pattern)
        join bank_statement_rows r on reverse(r.reference_key) like k.pattern
        where not exists (select 1 from bank_statement_matches m where m.row_id = r.id and m.confirmed_at is not null)
          -- A credit left to a person (a second report, a credit imported again) vouches for nobody.
          and r.state <> 'duplicate'
        order by r.posted_on desc, r.id`,
    );
  },
};
