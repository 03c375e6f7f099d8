import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from './client';

// A pending payment keeps a reservation from expiring while staff review it (PAYMENT_REVIEW_HOURS).
// The expiry sweep (tickets.repo.ts releaseExpired) and every screen that shows how long a number is
// kept (`review_hold_until`: tracking, the staff list, the buyers screen, the order page) read the
// rule from here, so what a screen promises is what the sweep does.

/** A sale alias of our own queries ('t', 'tickets'), never user input. */
const alias = (sale: string) => {
  if (!/^[a-z_]+$/.test(sale)) throw new Error(`not a table alias: ${sale}`);
  return sql.raw(sale);
};

/**
 * A reservation that runs out on its own at `reserved_until`: live, 'apartado', nothing paid and
 * money owed. (A sale that owes nothing goes back on sale only with its order: releaseExpired.)
 */
export function expiresOnItsOwnSql(sale: string): SQL {
  const t = alias(sale);
  return sql`(${t}.ended_at is null and ${t}.status = 'apartado' and ${t}.total_paid_cents = 0 and ${t}.remaining_cents > 0)`;
}

/**
 * The payments under review or rejected that give sale `sale` at least its first amount due (its
 * price, or one cuota when its raffle is paid in cuotas), so a token payment cannot hold a number.
 */
function coveringPaymentsSql(sale: string): SQL {
  const t = alias(sale);
  return sql`from payment_parts hold_part
    join payments hold_payment on hold_payment.id = hold_part.payment_id
    join raffles hold_raffle on hold_raffle.id = ${t}.raffle_id
    where hold_part.ticket_id = ${t}.id and hold_payment.status in ('pending', 'rejected')
      and hold_part.amount_cents >= case when hold_raffle.payment_type = 'cuotas' and hold_raffle.installments > 1
                                         then ceil(${t}.price_cents::numeric / hold_raffle.installments)
                                         else ${t}.price_cents end`;
}

/**
 * When the review window of sale `sale` ends (timestamptz; past ones too, which the payments screen
 * warns of), or null when no covering payment is pending. It runs from the sale's first covering
 * report, pending or rejected: staff have that long to decide. Counted from the newest, a buyer who
 * reported a made-up payment every two days kept the numbers for as long as nobody rejected them (a
 * security review, 2026-11-30); counted from the first still pending, a new made-up report after
 * each rejection started another window (a review of holds, 2026-12-01). A report sent again after
 * a rejection has what is left of the first one's window.
 */
export const holdEndsSql = (sale: string, reviewHours: number): SQL =>
  sql`(select case when bool_or(hold_payment.status = 'pending')
                   then min(hold_payment.created_at) + make_interval(hours => ${reviewHours}::int) end
       ${coveringPaymentsSql(sale)})`;

/**
 * Whether a payment with a part on sale `sale` waits for the admin's decision, whatever its amount:
 * such a sale is not released or cancelled until it is decided (staff-tickets-update.ts, bulk
 * release), or the buyer who paid would lose the number with their money in review.
 */
export function underReviewSql(sale: string): SQL {
  const t = alias(sale);
  return sql`exists (select 1 from payment_parts review_part
    join payments review_payment on review_payment.id = review_part.payment_id
    where review_part.ticket_id = ${t}.id and review_payment.status = 'pending')`;
}

/** Whether a pending payment under review keeps sale `sale` from expiring now. */
export const heldForReviewSql = (sale: string, reviewHours: number): SQL =>
  sql`coalesce(${holdEndsSql(sale, reviewHours)} > now(), false)`;

/**
 * A reservation that owes nothing and paid nothing in an order (a number a package priced 0): it
 * does not run out on its own but goes back on sale with its order's sales that do (releaseExpired).
 */
function goesWithItsOrderSql(sale: string): SQL {
  const t = alias(sale);
  return sql`(${t}.ended_at is null and ${t}.status = 'apartado' and ${t}.total_paid_cents = 0
    and ${t}.remaining_cents = 0 and ${t}.order_id is not null)`;
}

/**
 * Until when payments under review keep the order of sale `sale`: while every sale of it that runs
 * out on its own is held, the first of those holds to end (the sweep releases the order's numbers
 * priced 0 with the first of them to go); null when one is not held, or there is none.
 */
function orderHoldEndsSql(sale: string, reviewHours: number): SQL {
  const t = alias(sale);
  return sql`(select case when bool_and(coalesce(order_hold.ends > now(), false)) then min(order_hold.ends) end
    from tickets order_sale cross join lateral (select ${holdEndsSql('order_sale', reviewHours)} as ends) order_hold
    where order_sale.order_id = ${t}.order_id and ${expiresOnItsOwnSql('order_sale')})`;
}

/**
 * Until when a payment under review keeps sale `sale` from expiring (timestamptz): the first covering
 * pending payment's creation plus the review window, while that is ahead; for a number its package
 * priced 0, its order's hold (a package's numbers stay or go together); null when none holds it or
 * the sale does not expire.
 */
export const reviewHoldUntilSql = (sale: string, reviewHours: number): SQL =>
  sql`(case when ${expiresOnItsOwnSql(sale)} and ${heldForReviewSql(sale, reviewHours)}
      then ${holdEndsSql(sale, reviewHours)}
    when ${goesWithItsOrderSql(sale)} then ${orderHoldEndsSql(sale, reviewHours)} end)`;

/** One of the instants above (`instant('t')`) for each of these sales; sales where it is null are left out. */
export async function instantsBySale(
  db: Executor,
  ids: string[],
  instant: (sale: string) => SQL,
): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; at: unknown }>(
    db,
    sql`select t.id, ${instant('t')} as at from tickets t where t.id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  const found = new Map<string, Date>();
  for (const row of rows) {
    const at = toInstant(row.at);
    if (at) found.set(String(row.id), at);
  }
  return found;
}

/** A timestamptz as either driver hands it back (Date or text), or null. */
export const toInstant = (value: unknown): Date | null =>
  value == null ? null : value instanceof Date ? value : new Date(String(value));
