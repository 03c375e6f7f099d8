import {
  caracasDate,
  daysBefore,
  type ExchangeRate,
  type RateHistoryPoint,
  ratesMessages,
  rateUsableOn,
} from '../../../domain/rates';
import type { Db, Executor } from '../../db/client';
import { withAdvisoryLock } from '../../lib/advisory-lock';
import { LOCK_KEYS } from '../../lib/lock-keys';
import { fetchRemoteRates } from './rates.remote';
import { type RateRow, ratesRepo } from './rates.repo';

type Logger = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };

export type RatesService = ReturnType<typeof createRatesService>;

export function createRatesService(deps: {
  db: Db;
  ratesUrl: string | null;
  fetchTimeoutMs?: number;
  /** "YYYY-MM-DD" of the current Caracas day; injectable for tests. */
  today?: () => string;
}) {
  const { db } = deps;
  const timeoutMs = deps.fetchTimeoutMs ?? 5000;
  const today = deps.today ?? (() => caracasDate());

  const toRate = (row: RateRow, day: string): ExchangeRate => ({
    currency_code: row.currencyCode,
    rate_to_usd: Number(row.rateToUsd),
    rate_date: row.rateDate,
    // A rate from an earlier Caracas day is stale even if the last refresh worked.
    is_stale: row.isStale || row.rateDate < day,
    source: row.source,
    updated_at: row.updatedAt.toISOString(),
  });

  async function list(): Promise<ExchangeRate[]> {
    const day = today();
    return (await ratesRepo.latestPerCurrency(db)).map((row) => toRate(row, day));
  }

  /** Fetches the feed and stores today's rates; the failure reason otherwise. */
  async function pullRemote(): Promise<{ ok: true } | { ok: false; reason: string }> {
    if (!deps.ratesUrl) return { ok: false, reason: 'RATES_URL not set' };
    const result = await fetchRemoteRates(deps.ratesUrl, timeoutMs);
    if (!result.ok) return result;
    const rateDate = today();
    await db.transaction(async (tx) => {
      for (const rate of result.rates) {
        await ratesRepo.upsertDay(tx, {
          currencyCode: rate.currency_code,
          rateToUsd: rate.rate_to_usd.toFixed(6),
          rateDate,
          source: 'remote',
        });
      }
    });
    return { ok: true };
  }

  return {
    list,
    remoteConfigured: Boolean(deps.ratesUrl),

    /**
     * Staff refresh. With no feed configured nothing is fetched and nothing changes (a rate typed
     * today stays today's, not stale): the answer only says so. A feed that fails keeps the cached
     * rates, flagged stale, with a warning.
     */
    async refresh(log?: Logger): Promise<{ rates: ExchangeRate[]; warning?: string }> {
      if (!deps.ratesUrl) return { rates: await list(), warning: ratesMessages.notConfigured };
      const result = await pullRemote();
      if (result.ok) return { rates: await list() };
      log?.warn({ reason: result.reason }, 'exchange rates refresh failed');
      await ratesRepo.markAllStale(db);
      return { rates: await list(), warning: ratesMessages.refreshFailed };
    },

    /** The last `days` Caracas days (today included) of one currency, oldest first; days without a rate are absent. */
    async history(currencyCode: string, days: number): Promise<RateHistoryPoint[]> {
      const rows = await ratesRepo.history(db, currencyCode, daysBefore(today(), days - 1));
      return rows.map((row) => ({
        rate_date: row.rateDate,
        rate_to_usd: Number(row.rateToUsd),
        source: row.source,
        is_stale: row.isStale,
      }));
    },

    /** The day's rate typed by an admin (e.g. the BCV rate); replaces any rate of today. */
    async setRate(currencyCode: string, rateToUsd: number): Promise<ExchangeRate> {
      const rateDate = today();
      await ratesRepo.upsertDay(db, {
        currencyCode,
        rateToUsd: rateToUsd.toFixed(6),
        rateDate,
        source: 'manual',
      });
      const row = await ratesRepo.latestFor(db, currencyCode);
      if (!row) throw new Error('rate upsert left no row');
      return toRate(row, rateDate);
    },

    /**
     * The latest rate of a currency while it may still convert amounts (`rateUsableOn`, decision
     * 086): what a payment in Bs is credited at; null when there is none that recent.
     */
    async usableRate(currencyCode: string, executor: Executor = db): Promise<number | null> {
      const row = await ratesRepo.latestFor(executor, currencyCode.toUpperCase());
      return row && rateUsableOn(row.rateDate, today()) ? Number(row.rateToUsd) : null;
    },

    /** The latest rate of a currency (e.g. to snapshot on a payment), or null if there is none. */
    /** Pass the open transaction when inside one (PGlite has a single connection). */
    async currentRate(currencyCode: string, executor: Executor = db): Promise<ExchangeRate | null> {
      const row = await ratesRepo.latestFor(executor, currencyCode.toUpperCase());
      return row ? toRate(row, today()) : null;
    },

    /**
     * The background job's run: only one instance (advisory lock), and only when the feed was not
     * pulled within `minAgeMs`. A failure is logged and changes nothing: yesterday's rates already
     * count as stale by date, and today's remain today's.
     */
    async refreshIfDue(
      minAgeMs: number,
      log?: Logger,
    ): Promise<'disabled' | 'busy' | 'fresh' | 'refreshed' | 'failed'> {
      if (!deps.ratesUrl) return 'disabled';
      const outcome = await withAdvisoryLock(db, LOCK_KEYS.ratesRefresh, async () => {
        const last = await ratesRepo.lastUpdateAt(db, 'remote');
        if (last && Date.now() - last.getTime() < minAgeMs) return 'fresh' as const;
        const result = await pullRemote();
        if (result.ok) return 'refreshed' as const;
        log?.warn({ reason: result.reason }, 'scheduled exchange rates refresh failed');
        return 'failed' as const;
      });
      return outcome.acquired ? outcome.value : 'busy';
    },
  };
}
