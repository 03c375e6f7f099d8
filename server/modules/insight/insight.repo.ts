import { type SQL, sql } from 'drizzle-orm';
import { TIME_ZONE } from '../../../domain/dates';
import { type Executor, queryRows } from '../../db/client';
import { managedRaffleSql } from '../../db/raffle-scope';
import type { RaffleScope } from '../../lib/permissions';

/** Which raffles an insight covers: never sandbox ones; those the actor manages, or one raffle. */
export type InsightScope = { raffles: RaffleScope } | { raffleId: string };

type RaffleFiguresRow = {
  id: string;
  name: string;
  status: string;
  total_numbers: number;
  reserved: number;
  partially_paid: number;
  paid: number;
  collected: string;
  owed: string;
};

type DayRow = { day: string; numbers: number; amount: string };

// Live sales only: a released or expired reservation has ended_at set, a cancelled one is no sale.
const LIVE_SALE = sql`t.ended_at is null and t.status in ('apartado', 'abonado', 'pagado')`;

function scopeOf(scope: InsightScope): SQL {
  const which =
    'raffleId' in scope
      ? sql`r.id = ${scope.raffleId}`
      : managedRaffleSql(scope.raffles, { id: sql`r.id`, sellerId: sql`r.seller_id` });
  return sql`r.is_sandbox = false and ${which}`;
}

/** Every figure is a group by in the database: a raffle can hold 1,000,000 sales. */
export const insightRepo = {
  /** Each raffle of the scope with its live sales by status and their money, newest raffle first. */
  async raffleFigures(db: Executor, scope: InsightScope) {
    const rows = await queryRows<RaffleFiguresRow>(
      db,
      sql`select r.id, r.name, r.status, r.total_numbers,
          coalesce(s.reserved, 0)::int as reserved,
          coalesce(s.partially_paid, 0)::int as partially_paid,
          coalesce(s.paid, 0)::int as paid,
          coalesce(s.collected, 0)::text as collected,
          coalesce(s.owed, 0)::text as owed
        from raffles r
        left join (
          select t.raffle_id,
            count(*) filter (where t.status = 'apartado') as reserved,
            count(*) filter (where t.status = 'abonado') as partially_paid,
            count(*) filter (where t.status = 'pagado') as paid,
            sum(t.total_paid_cents) as collected,
            sum(t.remaining_cents) as owed
          from tickets t join raffles r on r.id = t.raffle_id
          where ${scopeOf(scope)} and ${LIVE_SALE}
          group by t.raffle_id
        ) s on s.raffle_id = r.id
        where ${scopeOf(scope)}
        order by r.created_at desc, r.id desc`,
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      totalNumbers: Number(row.total_numbers),
      reserved: Number(row.reserved),
      partiallyPaid: Number(row.partially_paid),
      paid: Number(row.paid),
      collectedCents: Number(row.collected),
      owedCents: Number(row.owed),
    }));
  },

  /**
   * Live sales per Caracas day of purchase from `fromDay` to `toDay` ("YYYY-MM-DD", inclusive),
   * with what they are worth (paid + still owed). Days without sales are not returned.
   */
  async salesPerDay(db: Executor, scope: InsightScope, fromDay: string, toDay: string) {
    const rows = await queryRows<DayRow>(
      db,
      sql`select to_char((t.purchased_at at time zone ${TIME_ZONE})::date, 'YYYY-MM-DD') as day,
          count(*)::int as numbers,
          coalesce(sum(t.total_paid_cents + t.remaining_cents), 0)::text as amount
        from tickets t join raffles r on r.id = t.raffle_id
        where ${scopeOf(scope)} and ${LIVE_SALE}
          and t.purchased_at >= (${fromDay}::date)::timestamp at time zone ${TIME_ZONE}
          and t.purchased_at < (${toDay}::date + 1)::timestamp at time zone ${TIME_ZONE}
        group by 1
        order by 1`,
    );
    return rows.map((row) => ({
      day: row.day,
      numbers: Number(row.numbers),
      amountCents: Number(row.amount),
    }));
  },
};
