import { and, asc, desc, eq, gte, max, sql } from 'drizzle-orm';
import type { RateSource } from '../../../domain/rates';
import type { Executor } from '../../db/client';
import { dailyExchangeRates } from '../../db/schema-money';

export type RateRow = typeof dailyExchangeRates.$inferSelect;
export type { RateSource };

export const ratesRepo = {
  /** The newest row of each currency, by currency code. */
  latestPerCurrency(db: Executor): Promise<RateRow[]> {
    return db
      .selectDistinctOn([dailyExchangeRates.currencyCode])
      .from(dailyExchangeRates)
      .orderBy(asc(dailyExchangeRates.currencyCode), desc(dailyExchangeRates.rateDate));
  },

  async latestFor(db: Executor, currencyCode: string): Promise<RateRow | null> {
    const [row] = await db
      .select()
      .from(dailyExchangeRates)
      .where(eq(dailyExchangeRates.currencyCode, currencyCode))
      .orderBy(desc(dailyExchangeRates.rateDate))
      .limit(1);
    return row ?? null;
  },

  /** A currency's daily rates from `fromDate` ("YYYY-MM-DD", inclusive), oldest first. */
  history(db: Executor, currencyCode: string, fromDate: string): Promise<RateRow[]> {
    return db
      .select()
      .from(dailyExchangeRates)
      .where(
        and(eq(dailyExchangeRates.currencyCode, currencyCode), gte(dailyExchangeRates.rateDate, fromDate)),
      )
      .orderBy(asc(dailyExchangeRates.rateDate));
  },

  /** One row per currency and day: setting the day's rate again replaces it and clears the stale flag. */
  async upsertDay(
    db: Executor,
    values: { currencyCode: string; rateToUsd: string; rateDate: string; source: RateSource },
  ): Promise<void> {
    await db
      .insert(dailyExchangeRates)
      .values({ ...values, isStale: false })
      .onConflictDoUpdate({
        target: [dailyExchangeRates.currencyCode, dailyExchangeRates.rateDate],
        set: { rateToUsd: values.rateToUsd, source: values.source, isStale: false, updatedAt: sql`now()` },
        // The day's rate an admin typed stands: the feed (its job, or any staff's refresh) fills
        // the days nobody typed, and never puts back a rate an admin corrected by hand.
        ...(values.source === 'remote' && { where: sql`${dailyExchangeRates.source} <> 'manual'` }),
      });
  },

  /**
   * Flags every cached rate the feed wrote as stale (the feed failed); updated_at keeps saying when
   * the rate itself was set. A typed rate is no feed's: an earlier day's reads stale by its date.
   */
  async markAllStale(db: Executor): Promise<void> {
    await db
      .update(dailyExchangeRates)
      .set({ isStale: true })
      .where(and(eq(dailyExchangeRates.isStale, false), sql`${dailyExchangeRates.source} <> 'manual'`));
  },

  async lastUpdateAt(db: Executor, source: RateSource): Promise<Date | null> {
    const [row] = await db
      .select({ at: max(dailyExchangeRates.updatedAt) })
      .from(dailyExchangeRates)
      .where(eq(dailyExchangeRates.source, source));
    return row?.at ?? null;
  },
};
