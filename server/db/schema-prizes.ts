import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { profiles, raffles, tickets } from './schema';
import { createdAt } from './timestamps';

/** Prizes beyond the main draw: pre-sorteo lists (decision 042) and instant-win numbers (decision 041). */

/** A pre-sorteo's sealed list (decision 042): the numbers fully paid at its date, one line per sale. */
export const preDrawLists = pgTable(
  'pre_draw_lists',
  {
    raffleId: uuid('raffle_id')
      .notNull()
      .references(() => raffles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    soldList: text('sold_list').notNull(),
    /** The list's Merkle root, as the prize's `pre_list.commitment` (0025; null on older rows). */
    commitment: text('commitment'),
    /** Its RFC 3161 seal, as a raffle's (decision 023): 'pendiente' | 'sellado'; null without a TSA. */
    sealStatus: text('seal_status'),
    sealToken: text('seal_token'),
    sealAuthority: text('seal_authority'),
    sealTime: timestamp('seal_time', { withTimezone: true }),
    sealError: text('seal_error'),
    sealAttempts: integer('seal_attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'pre_draw_lists_pkey', columns: [t.raffleId, t.position] }),
    check('pre_draw_lists_seal_status_check', sql`${t.sealStatus} in ('pendiente','sellado')`),
    index('pre_draw_lists_seal_pending_idx').on(t.createdAt).where(sql`${t.sealStatus} = 'pendiente'`),
  ],
);

/**
 * The sales on a pre-sorteo's list, recorded by its seal (migration 0039): the list's pages read
 * them, and the database keeps them on it (`pre_draw_keeps`) until that pre-sorteo is drawn. No
 * foreign keys: checked per row they slowed a big seal, and neither a sale nor a raffle with sales
 * is ever deleted.
 */
export const preDrawListSales = pgTable(
  'pre_draw_list_sales',
  {
    raffleId: uuid('raffle_id').notNull(),
    number: integer('number').notNull(),
    position: integer('position').notNull(),
    saleId: uuid('sale_id').notNull(),
  },
  (t) => [primaryKey({ name: 'pre_draw_list_sales_pkey', columns: [t.raffleId, t.number, t.position] })],
);

/**
 * Instant-win numbers (issue 23, decision 041): secret until the raffle closes, so no public read
 * selects this table; `ticket_id` is the fully paid sale that won it (set by a trigger, 0023).
 */
export const instantWins = pgTable(
  'instant_wins',
  {
    raffleId: uuid('raffle_id')
      .notNull()
      .references(() => raffles.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    prize: text('prize').notNull(),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    awardedAt: timestamp('awarded_at', { withTimezone: true }),
    /** Handed over (decision 081, migration 0044): the award then stays with its sale for good. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveredBy: uuid('delivered_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.raffleId, t.number] }),
    uniqueIndex('instant_wins_ticket_key').on(t.ticketId).where(sql`${t.ticketId} is not null`),
    check('instant_wins_award_check', sql`(${t.ticketId} is null) = (${t.awardedAt} is null)`),
    check('instant_wins_delivery_check', sql`${t.deliveredAt} is null or ${t.awardedAt} is not null`),
  ],
);

/** The salt of a raffle's instant-win commitment: secret until the raffle closes (decision 041). */
export const instantWinSalts = pgTable('instant_win_salts', {
  raffleId: uuid('raffle_id')
    .primaryKey()
    .references(() => raffles.id, { onDelete: 'cascade' }),
  salt: text('salt').notNull(),
});
