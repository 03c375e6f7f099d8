import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders, profiles, tickets } from './schema';
import { createdAt, updatedAt } from './timestamps';

/** The money ledger (decision 019): payments spread over sales, refunds, and the daily exchange rates. */

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The first ticket it pays (kept for older readers); `payment_parts` says what each ticket got. */
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id),
    status: text('status').notNull().default('pending'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    paymentMethod: text('payment_method').notNull().default('transfer'),
    reference: text('reference'),
    paymentProof: text('payment_proof'),
    proofSha256: text('proof_sha256'),
    paymentDate: timestamp('payment_date', { withTimezone: true }).notNull().defaultNow(),
    notes: text('notes'),
    rateToUsd: numeric('rate_to_usd', { precision: 18, scale: 6 }),
    duplicateOf: uuid('duplicate_of'),
    /** The buyer who paid (the ticket's cedula when the payment was sent): approval credits only them. */
    payerCedula: text('payer_cedula'),
    /** Why staff rejected it, shown to the buyer in tracking. */
    rejectionReason: text('rejection_reason'),
    /** Set once when an approval has been added to the ticket, so approving twice adds once. */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => profiles.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The reference as duplicates are compared (domain/references.ts); unique among live payments. */
    referenceKey: text('reference_key'),
    bankCode: text('bank_code'),
    payerPhone: text('payer_phone'),
    /** What the buyer paid in Bs, when they reported it in Bs (converted with rate_to_usd). */
    amountVesCents: bigint('amount_ves_cents', { mode: 'number' }),
    paidOn: date('paid_on'),
    /** Recorded by staff (money received by hand), approved at once. */
    recordedByStaff: boolean('recorded_by_staff').notNull().default(false),
    /** The key the buyer's browser sent with the report: the same report again gets this payment (decision 057). */
    requestId: uuid('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_request_id_key').on(t.requestId).where(sql`${t.requestId} is not null`),
    uniqueIndex('payments_reference_key')
      .on(t.paymentMethod, t.referenceKey)
      .where(sql`${t.referenceKey} is not null and ${t.status} <> 'rejected'`),
    index('payments_ticket_idx').on(t.ticketId, t.paymentDate),
    index('payments_status_idx').on(t.status, t.createdAt),
    index('payments_reference_idx').on(t.reference),
    index('payments_proof_idx').on(t.proofSha256),
    check('payments_status_check', sql`${t.status} in ('pending','approved','rejected')`),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** Where a payment's money went: one row per ticket it pays (a payment pays an order's numbers). */
export const paymentParts = pgTable(
  'payment_parts',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.ticketId] }),
    index('payment_parts_ticket_idx').on(t.ticketId),
    check('payment_parts_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** Money given back on a sale (or an explicit correction): subtracts from what it has paid. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    actorId: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_ticket_idx').on(t.ticketId),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
);

export const dailyExchangeRates = pgTable(
  'daily_exchange_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    currencyCode: text('currency_code').notNull(),
    rateToUsd: numeric('rate_to_usd', { precision: 18, scale: 6 }).notNull(),
    rateDate: date('rate_date').notNull(),
    isStale: boolean('is_stale').notNull().default(false),
    source: text('source'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('daily_exchange_rates_code_date_key').on(t.currencyCode, t.rateDate)],
);
