import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { profiles } from './schema';
import { createdAt } from './timestamps';

/** What the app keeps about itself: generated settings, uploaded files, test-bench runs, jobs' runs, the audit log. */

/** Key/value settings the app generates once (e.g. the JWT secret when none is configured). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Uploaded files: payment proofs (private) and raffle images (public), content-hashed. */
export const files = pgTable(
  'files',
  {
    key: text('key').primaryKey(),
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_sha256_idx').on(t.sha256),
    check('files_kind_check', sql`${t.kind} in ('payment-proof','raffle-image')`),
  ],
);

/** Test bench history: each live check and concurrency drill an admin ran, with its figures. */
export const testBenchRuns = pgTable(
  'test_bench_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'drill' or a check name ('database', 'realtime', 'storage', 'rates', 'expiry'). */
    kind: text('kind').notNull(),
    ok: boolean('ok').notNull(),
    durationMs: integer('duration_ms').notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull().default({}),
    actorId: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('test_bench_runs_kind_idx').on(t.kind, t.createdAt)],
);

/** When each background job last ran and what it did (the test bench shows the expiry sweep). */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
  result: jsonb('result').$type<Record<string, unknown>>().notNull().default({}),
});

/**
 * The tamper-evident audit log (issue 19, decision 025): an append-only hash chain of every staff
 * action. Rows are only ever inserted by server/modules/audit (under an advisory lock); a trigger
 * refuses UPDATE, DELETE and TRUNCATE. No foreign keys: an entry outlives the user or raffle it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    raffleId: uuid('raffle_id'),
    target: jsonb('target').$type<Record<string, string>>().notNull().default({}),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_log_prev_hash_key').on(t.prevHash),
    uniqueIndex('audit_log_hash_key').on(t.hash),
    index('audit_log_raffle_idx').on(t.raffleId, t.seq),
    index('audit_log_at_idx').on(t.at),
    check('audit_log_prev_hash_check', sql`${t.prevHash} ~ '^[0-9a-f]{64}$'`),
    check('audit_log_hash_check', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
  ],
);
