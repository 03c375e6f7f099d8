import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { profiles } from './schema';
import { payments } from './schema-money';
import { createdAt, updatedAt } from './timestamps';

/** Bank statements and their reconciliation with reported payments (issue 18, decision 020). */

/** How a bank's statement export names its columns, by its normalised header row (issue 18). */
export const bankStatementLayouts = pgTable(
  'bank_statement_layouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    signature: text('signature').notNull(),
    bankCode: text('bank_code'),
    mapping: jsonb('mapping')
      .$type<{ date: string; reference: string; amount: string; description?: string | null }>()
      .notNull(),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('bank_statement_layouts_key').on(t.signature, sql`coalesce(${t.bankCode}, '')`)],
);

/** One uploaded bank statement; its credit rows are bank_statement_rows. */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    fileSha256: text('file_sha256').notNull(),
    bankCode: text('bank_code'),
    layoutSignature: text('layout_signature').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => profiles.id, { onDelete: 'set null' }),
    skippedAlreadyImported: integer('skipped_already_imported').notNull().default(0),
    debitsIgnored: integer('debits_ignored').notNull().default(0),
    unreadableLines: integer('unreadable_lines').array().notNull().default(sql`'{}'`),
    /** Set while an approval of its matches runs: a second one is refused meanwhile. */
    approvingSince: timestamp('approving_since', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('bank_statements_created_idx').on(t.createdAt),
    check('bank_statements_file_type_check', sql`${t.fileType} in ('csv','xlsx')`),
  ],
);

/** A credit of a statement, kept once whatever the uploads (`checksum` unique), with its state. */
export const bankStatementRows = pgTable(
  'bank_statement_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    checksum: text('checksum').notNull(),
    postedOn: date('posted_on').notNull(),
    reference: text('reference').notNull(),
    referenceKey: text('reference_key'),
    description: text('description').notNull().default(''),
    amountVesCents: bigint('amount_ves_cents', { mode: 'number' }).notNull(),
    state: text('state').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_statement_rows_checksum_key').on(t.checksum),
    index('bank_statement_rows_statement_idx').on(t.statementId, t.line),
    index('bank_statement_rows_reference_key_idx').on(t.referenceKey),
    // Keys compared without their leading zeros (migration 0046).
    index('bank_statement_rows_reference_bare_idx')
      .on(sql`ltrim(${t.referenceKey}, '0')`)
      .where(sql`${t.referenceKey} is not null`),
    index('bank_statement_rows_reference_suffix_idx').using(
      'btree',
      sql`reverse(${t.referenceKey}) text_pattern_ops`,
    ),
    check('bank_statement_rows_amount_check', sql`${t.amountVesCents} > 0`),
    check(
      'bank_statement_rows_state_check',
      sql`${t.state} in ('matched','amount_mismatch','unreported','already_reconciled','duplicate')`,
    ),
  ],
);

/** The payments a statement row matched; `confirmedAt` once it confirmed one (one row per payment). */
export const bankStatementMatches = pgTable(
  'bank_statement_matches',
  {
    rowId: uuid('row_id')
      .notNull()
      .references(() => bankStatementRows.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    expectedVesCents: bigint('expected_ves_cents', { mode: 'number' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: uuid('confirmed_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ name: 'bank_statement_matches_pkey', columns: [t.rowId, t.paymentId] }),
    index('bank_statement_matches_payment_idx').on(t.paymentId),
    uniqueIndex('bank_statement_matches_confirmed_key')
      .on(t.paymentId)
      .where(sql`${t.confirmedAt} is not null`),
  ],
);
