import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { profiles, raffles, tickets } from './schema';
import { payments, refunds } from './schema-money';
import { createdAt } from './timestamps';

/** The seller network (issue 22, migration 0018, decision 036). */

/** Vendedores an admin assigned to a raffle: they work its sales like the owner (lib/permissions.ts). */
export const raffleSellers = pgTable(
  'raffle_sellers',
  {
    raffleId: uuid('raffle_id')
      .notNull()
      .references(() => raffles.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.raffleId, t.sellerId] }),
    index('raffle_sellers_seller_idx').on(t.sellerId),
  ],
);

/** Commission terms: a row per change, effective from created_at; ledger entries snapshot them. */
export const commissionTerms = pgTable(
  'commission_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    raffleId: uuid('raffle_id')
      .notNull()
      .references(() => raffles.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Percent of approved money in basis points (1000 = 10 %). */
    percentBp: integer('percent_bp'),
    /** Or a fixed amount per fully paid number. */
    perNumberCents: bigint('per_number_cents', { mode: 'number' }),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('commission_terms_lookup_idx').on(t.raffleId, t.sellerId, t.createdAt),
    check(
      'commission_terms_one_kind_check',
      sql`(${t.percentBp} IS NULL) <> (${t.perNumberCents} IS NULL) AND (${t.percentBp} IS NULL OR ${t.percentBp} BETWEEN 0 AND 10000) AND (${t.perNumberCents} IS NULL OR ${t.perNumberCents} >= 0)`,
    ),
  ],
);

/**
 * The commission ledger: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). A seller's
 * balance is earned − reversed − paid_out, summed here, never stored.
 */
export const sellerLedger = pgTable(
  'seller_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    raffleId: uuid('raffle_id').references(() => raffles.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<'earned' | 'reversed' | 'paid_out'>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    amountVesCents: bigint('amount_ves_cents', { mode: 'number' }),
    rateToUsd: numeric('rate_to_usd', { precision: 18, scale: 6 }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'restrict' }),
    percentBp: integer('percent_bp'),
    perNumberCents: bigint('per_number_cents', { mode: 'number' }),
    method: text('method'),
    reference: text('reference'),
    paidOn: date('paid_on'),
    note: text('note'),
    /** A payout's key, chosen by the admin's dialog: the same key again answers that payout (0034). */
    requestId: uuid('request_id'),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('seller_ledger_seller_idx').on(t.sellerId, t.id),
    index('seller_ledger_raffle_idx').on(t.raffleId, t.sellerId),
    check('seller_ledger_kind_check', sql`${t.kind} IN ('earned', 'reversed', 'paid_out')`),
    check('seller_ledger_amount_check', sql`${t.amountCents} > 0`),
  ],
);
