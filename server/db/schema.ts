import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Clarification, ClosingExtension } from '../../domain/draw-terms';
import type { RafflePackage } from '../../domain/packages';
import type { PaymentAccount } from '../../domain/payment-accounts';
import type { StoredPrize } from '../../domain/prize-rules';
import { createdAt, updatedAt } from './timestamps';

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    phone: text('phone'),
    fullName: text('full_name').notNull().default(''),
    /** A vendedor's short referral code (`/v/CODE/:id`), unique regardless of case (migration 0018). */
    sellerCode: text('seller_code'),
    passwordHash: text('password_hash').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('profiles_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('profiles_phone_key').on(t.phone),
    uniqueIndex('profiles_seller_code_key').on(sql`upper(${t.sellerCode})`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_roles_user_id_key').on(t.userId),
    check('user_roles_role_check', sql`${t.role} in ('admin','vendedor')`),
  ],
);

/** One row per sign-in: the refresh-token family. Revoking it ends every token of the family. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

export const raffles = pgTable(
  'raffles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    totalNumbers: integer('total_numbers').notNull(),
    digitCount: integer('digit_count').notNull(),
    sellerId: uuid('seller_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** Stored as 'unico' | 'cuotas'; the API shows 'unico' as 'pago_unico'. */
    paymentType: text('payment_type').notNull().default('unico'),
    status: text('status').notNull().default('borrador'),
    installments: integer('installments'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    closingDate: timestamp('closing_date', { withTimezone: true }),
    reservationHours: integer('reservation_hours').notNull().default(24),
    /** How long an unpaid reservation is held (migration 0017); reservation_hours follows it. */
    reservationMinutes: integer('reservation_minutes').notNull().default(120),
    /** Numbers one buyer (by cedula) may hold of this raffle; checked by reserve_sales. */
    maxNumbersPerBuyer: integer('max_numbers_per_buyer').notNull().default(100),
    /** Who runs the raffle and how buyers reach and pay them: public, shown on the raffle page. */
    organizerName: text('organizer_name'),
    contactPhone: text('contact_phone'),
    paymentInstructions: text('payment_instructions'),
    /** Where buyers pay, as data (domain/payment-accounts.ts): public, each value copyable on the raffle page. */
    paymentAccounts: jsonb('payment_accounts').$type<PaymentAccount[]>().notNull().default([]),
    /** Number packages ("5 por $20,00", migration 0022), smallest first: a sale term, locked at the first sale. */
    packages: jsonb('packages').$type<RafflePackage[]>().notNull().default([]),
    /** The additional prizes (2.º, 3.º, …, migration 0024, decision 042) with their sources and draws. */
    prizes: jsonb('prizes').$type<StoredPrize[]>().notNull().default([]),
    /** 'siguiente_resultado' | 'sin_ganador': a prize whose number already won another. */
    prizeRepeatRule: text('prize_repeat_rule').notNull().default('siguiente_resultado'),
    drawSource: text('draw_source'),
    drawCommitment: text('draw_commitment'),
    /** SHA-256 over the instant-win list and its secret salt (migration 0023); null without instant wins. */
    instantWinCommitment: text('instant_win_commitment'),
    winningNumber: integer('winning_number'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    /** The exact text hashed into draw_commitment when the raffle closed (public, no buyer data). */
    drawSoldList: text('draw_sold_list'),
    /** A test-bench drill's throwaway raffle: never listed, counted or shown in history. */
    isSandbox: boolean('is_sandbox').notNull().default(false),
    /** Public "Top vendedores" / "Top compradores" on the raffle page (opt-in, migration 0018). */
    showLeaderboards: boolean('show_leaderboards').notNull().default(false),
    /** Archived by an admin instead of deleted (it has sales): hidden from the public and the default staff list, kept whole. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    // The sealed draw (issue 19, decision 022, docs/verification.md).
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** 1: flat SHA-256 of the list (closed before issue 19); 2: RFC 6962 Merkle root. */
    commitmentVersion: smallint('commitment_version'),
    lineCount: integer('line_count'),
    closingExtensions: jsonb('closing_extensions').$type<ClosingExtension[]>().notNull().default([]),
    clarifications: jsonb('clarifications').$type<Clarification[]>().notNull().default([]),
    /** The declared source: 'loteria' | 'drand'; null for raffles made before issue 19. */
    drawKind: text('draw_kind'),
    drawLottery: text('draw_lottery'),
    drawAt: timestamp('draw_at', { withTimezone: true }),
    drawRule: text('draw_rule'),
    /** The official result as published (a lottery source). */
    drawResult: text('draw_result'),
    beaconRound: bigint('beacon_round', { mode: 'number' }),
    beaconRandomness: text('beacon_randomness'),
    beaconSignature: text('beacon_signature'),
    /** 'pendiente' | 'sellado' once the raffle closed with a TSA configured. */
    sealStatus: text('seal_status'),
    sealAuthority: text('seal_authority'),
    sealTime: timestamp('seal_time', { withTimezone: true }),
    /** The DER TimeStampResp from the authority, base64. */
    sealToken: text('seal_token'),
    sealAttempts: integer('seal_attempts').notNull().default(0),
    sealError: text('seal_error'),
    auditHead: text('audit_head'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('raffles_status_idx').on(t.status),
    index('raffles_seller_idx').on(t.sellerId),
    check('raffles_status_check', sql`${t.status} in ('borrador','activa','cerrada','finalizada')`),
    check('raffles_payment_type_check', sql`${t.paymentType} in ('unico','cuotas')`),
    check('raffles_total_numbers_check', sql`${t.totalNumbers} between 1 and 1000000`),
    check('raffles_price_check', sql`${t.priceCents} >= 0`),
    check('raffles_payment_accounts_check', sql`jsonb_typeof(${t.paymentAccounts}) = 'array'`),
    check('raffles_packages_check', sql`jsonb_typeof(${t.packages}) = 'array'`),
    check('raffles_draw_kind_check', sql`${t.drawKind} in ('loteria','drand')`),
    index('raffles_due_close_idx').on(t.closingDate).where(sql`${t.status} = 'activa'`),
    check(
      'raffles_prizes_check',
      sql`jsonb_typeof(${t.prizes}) = 'array' and jsonb_array_length(${t.prizes}) <= 9`,
    ),
    check(
      'raffles_prize_repeat_rule_check',
      sql`${t.prizeRepeatRule} in ('siguiente_resultado','sin_ganador')`,
    ),
    index('raffles_with_prizes_idx').on(t.id).where(sql`jsonb_array_length(${t.prizes}) > 0`),
  ],
);

/** A reservation: the numbers one buyer reserved together, with a short public code (issue 18). */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    raffleId: uuid('raffle_id')
      .notNull()
      .references(() => raffles.id, { onDelete: 'cascade' }),
    buyerCedula: text('buyer_cedula'),
    /** The seller credited with this order: a referral link's seller or the staff member who sold it. */
    sellerId: uuid('seller_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** The key the buyer's browser sent with the reservation: the same request again gets this order (decision 057). */
    requestId: uuid('request_id'),
    /** The raffle's single price when the order was made (a trigger writes it, migration 0036). */
    unitCents: integer('unit_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_code_key').on(t.code),
    index('orders_raffle_idx').on(t.raffleId),
    index('orders_seller_idx').on(t.sellerId, t.raffleId),
  ],
);

/** Board/SSE ordering: every ticket change takes the next value, so clients can drop stale events. */
export const ticketVersionSeq = sql`nextval('ticket_version_seq')`;

/**
 * One row per sale, not per number: a number with no live sale (ended_at null) is 'disponible',
 * so a raffle costs the same to create at any size. Releasing a number ends its sale (kept for
 * history and payments); selling it again is a new row with a new id.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    raffleId: uuid('raffle_id')
      .notNull()
      .references(() => raffles.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    ticketNumber: text('ticket_number').notNull(),
    status: text('status').notNull().default('disponible'),
    buyerName: text('buyer_name'),
    buyerPhone: text('buyer_phone'),
    buyerAddress: text('buyer_address'),
    buyerCedula: text('buyer_cedula'),
    buyerEmail: text('buyer_email'),
    paymentMethod: text('payment_method'),
    paymentProof: text('payment_proof'),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }),
    totalPaidCents: bigint('total_paid_cents', { mode: 'number' }).notNull().default(0),
    remainingCents: bigint('remaining_cents', { mode: 'number' }).notNull().default(0),
    /** The raffle's price when this sale was made: a later price change never alters what a buyer owes. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /** When the sale ended (released or expired): the number is back on sale. Null = live. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The order (reservation) this sale belongs to; null only for sales made before orders. */
    orderId: uuid('order_id').references(() => orders.id),
    /**
     * A number priced 0 whose status staff chose by hand, against its order's rule (decision 061): the
     * rule (settleFreeSales) leaves it until staff change it again. Never set on a number that costs something.
     */
    statusByHand: boolean('status_by_hand').notNull().default(false),
    /** Secret to the buyer and staff: bound with the cedula into the sale's committed line (issue 19). */
    verificationCode: text('verification_code').notNull().default(sql`new_verification_code()`),
    // Also list_line_hash and list_leaf_hash (bytea, generated by migration 0026, decision 043): the
    // sale's published line and leaf hashes. Left out here so reading sales never carries them; only
    // the published-list queries (tickets.repo.ts) read them.
    updatedAt: updatedAt(),
  },
  (t) => [
    // A number has at most one live sale: a second buyer's insert conflicts here.
    uniqueIndex('tickets_live_number_key').on(t.raffleId, t.number).where(sql`${t.endedAt} is null`),
    index('tickets_raffle_status_idx').on(t.raffleId, t.status),
    index('tickets_cedula_idx').on(t.buyerCedula),
    index('tickets_reserved_until_idx').on(t.reservedUntil),
    check(
      'tickets_status_check',
      sql`${t.status} in ('disponible','apartado','abonado','pagado','cancelado')`,
    ),
    // A live sale is never 'disponible'; an ended one always is.
    check('tickets_live_status_check', sql`(${t.endedAt} is null) = (${t.status} <> 'disponible')`),
    // Money is a ledger (migration 0010): total_paid_cents is recomputed from payment parts and refunds
    // by a trigger on every write; these checks hold it to the sale's price snapshot.
    check(
      'tickets_paid_check',
      sql`${t.totalPaidCents} >= 0 and ${t.totalPaidCents} + ${t.remainingCents} = ${t.priceCents}`,
    ),
    check('tickets_paid_within_price_check', sql`${t.totalPaidCents} <= ${t.priceCents}`),
    check('tickets_status_by_hand_check', sql`not ${t.statusByHand} or ${t.priceCents} = 0`),
    index('tickets_order_idx').on(t.orderId),
    // A proof's key among the sales that have one (migration 0042): files.repo.ts's `proofKey`.
    index('tickets_payment_proof_key_idx')
      .on(sql`(substring(${t.paymentProof} from '/api/files/([^/?#]+)$'))`)
      .where(sql`${t.paymentProof} is not null`),
    // The staff search (migration 0014, pg_trgm): the repository's `searchText`, character for character.
    index('tickets_search_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.buyerName}, '') || ' ' || coalesce(${t.buyerPhone}, '') || ' ' || coalesce(${t.buyerCedula}, '') || ' ' || ${t.ticketNumber}) gin_trgm_ops`,
    ),
  ],
);

/**
 * The buyers screen's order (decision 045): one row per raffle and cédula with a live sale, and the
 * name of that buyer's latest live sale. Kept by triggers on `tickets` (migration 0027), never written here.
 */
export const raffleBuyers = pgTable(
  'raffle_buyers',
  {
    raffleId: uuid('raffle_id')
      .notNull()
      .references(() => raffles.id, { onDelete: 'cascade' }),
    cedula: text('cedula').notNull(),
    buyerName: text('buyer_name'),
    latestAt: timestamp('latest_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.raffleId, t.cedula] }),
    index('raffle_buyers_name_idx').on(t.raffleId, t.buyerName, t.cedula),
  ],
);

export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    raffleId: uuid('raffle_id')
      .notNull()
      .references(() => raffles.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorId: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_events_raffle_idx').on(t.raffleId, t.id),
    index('ticket_events_ticket_idx').on(t.ticketId),
  ],
);
