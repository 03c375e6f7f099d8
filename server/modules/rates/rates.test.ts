import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../../domain/api';
import {
  caracasDate,
  type ExchangeRate,
  parseRatesPayload,
  type RatesRefreshResult,
  ratesMessages,
} from '../../../domain/rates';
import { dailyExchangeRates } from '../../db/schema-money';
import { makeUser } from '../../test/factories';
import { deadUrl, startFeed } from '../../test/rates-feed.fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startRatesRefreshJob } from './rates.job';
import { createRatesService } from './rates.service';

let feed: Awaited<ReturnType<typeof startFeed>>;
let t: TestApp;
let admin: string;
let seller: string;
const today = caracasDate();

beforeAll(async () => {
  feed = await startFeed();
  t = await createTestApp({ config: { ratesUrl: feed.url } });
  admin = await t.signInAdmin();
  seller = (await makeUser(t)).token;
});
afterAll(async () => {
  await t?.close();
  feed?.close();
});

const refresh = (token?: string, app: TestApp = t) =>
  app.api<RatesRefreshResult>('POST', '/api/exchange-rates/refresh', { token });
const ratesByCode = (list: ExchangeRate[]) => Object.fromEntries(list.map((r) => [r.currency_code, r]));

describe('GET /api/exchange-rates and POST /api/exchange-rates/refresh', () => {
  it('starts empty and is public', async () => {
    const res = await t.api<ExchangeRate[]>('GET', '/api/exchange-rates');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('refresh is for staff only', async () => {
    expect((await refresh()).status).toBe(401);
    expect((await refresh('not-a-token')).status).toBe(401);
  });

  it('stores today’s rates from the {"rates":{…}} form, for a vendedor too', async () => {
    feed.state.mode = 'object';
    const res = await refresh(seller);
    expect(res.status).toBe(200);
    expect(res.body.warning).toBeUndefined();
    expect(res.body.rates).toEqual([
      expect.objectContaining({ currency_code: 'EUR', rate_to_usd: 0.92, is_stale: false, rate_date: today }),
      expect.objectContaining({ currency_code: 'VES', rate_to_usd: 36.5, is_stale: false, source: 'remote' }),
    ]);
    const publicList = await t.api<ExchangeRate[]>('GET', '/api/exchange-rates');
    expect(publicList.body).toEqual(res.body.rates);
    expect(Number.isNaN(Date.parse(publicList.body[0].updated_at))).toBe(false);
    for (const key of ['currency_code', 'rate_to_usd', 'is_stale', 'updated_at']) {
      expect(publicList.body[0]).toHaveProperty(key);
    }
  });

  it('accepts the [{currency_code, rate_to_usd}] form and replaces the day’s rate', async () => {
    feed.state.mode = 'array';
    const res = await refresh(admin);
    expect(res.status).toBe(200);
    const rates = ratesByCode(res.body.rates);
    expect(rates.VES).toMatchObject({ rate_to_usd: 40.25, is_stale: false });
    expect(rates.COP).toMatchObject({ rate_to_usd: 4100.5 });
    expect(rates.EUR).toMatchObject({ rate_to_usd: 0.92 });
  });

  it('on a bad feed keeps the cached rates, marks them stale and warns in Spanish', async () => {
    for (const mode of ['bad-json', 'http500', 'empty'] as const) {
      feed.state.mode = mode;
      const res = await refresh(admin);
      expect(res.status, mode).toBe(200);
      expect(res.body.warning).toMatch(/No se pudieron actualizar las tasas/);
      const rates = ratesByCode(res.body.rates);
      expect(rates.VES).toMatchObject({ rate_to_usd: 40.25, is_stale: true });
      expect(Object.values(rates).every((r) => r.is_stale)).toBe(true);
    }
    expect(
      (await t.api<ExchangeRate[]>('GET', '/api/exchange-rates')).body.every((r: ExchangeRate) => r.is_stale),
    ).toBe(true);
    // The next good refresh clears the flag.
    feed.state.mode = 'object';
    const good = await refresh(admin);
    expect(ratesByCode(good.body.rates).VES).toMatchObject({ rate_to_usd: 36.5, is_stale: false });
  });

  it('shows the newest row per currency, stale when it is from an earlier Caracas day', async () => {
    await t.db.insert(dailyExchangeRates).values([
      { currencyCode: 'VES', rateToUsd: '30.000000', rateDate: '2020-01-01', source: 'remote' },
      { currencyCode: 'USDT', rateToUsd: '1.001000', rateDate: '2020-01-02', source: 'manual' },
    ]);
    const rates = ratesByCode((await t.api<ExchangeRate[]>('GET', '/api/exchange-rates')).body);
    expect(rates.VES).toMatchObject({ rate_to_usd: 36.5, rate_date: today, is_stale: false });
    expect(rates.USDT).toMatchObject({ rate_to_usd: 1.001, rate_date: '2020-01-02', is_stale: true });
  });
});

describe('PUT /api/exchange-rates/:currency', () => {
  it('lets an admin set the day’s rate by hand', async () => {
    const res = await t.api<ExchangeRate>('PUT', '/api/exchange-rates/ves', {
      token: admin,
      body: { rate_to_usd: 45.123456 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      currency_code: 'VES',
      rate_to_usd: 45.123456,
      rate_date: today,
      is_stale: false,
      source: 'manual',
    });
    expect(
      ratesByCode((await t.api<ExchangeRate[]>('GET', '/api/exchange-rates')).body).VES.rate_to_usd,
    ).toBe(45.123456);
    const usdt = await t.api<ExchangeRate>('PUT', '/api/exchange-rates/USDT', {
      token: admin,
      body: { rate_to_usd: 1 },
    });
    expect(usdt.body).toMatchObject({ currency_code: 'USDT', rate_to_usd: 1, is_stale: false });
  });

  it('stands against the feed for its day: a refresh (a vendedor’s, or the job’s) fills only what nobody typed', async () => {
    feed.state.mode = 'object';
    const typed = await t.api<ExchangeRate>('PUT', '/api/exchange-rates/VES', {
      token: admin,
      body: { rate_to_usd: 47.5 },
    });
    expect(typed.status).toBe(200);
    const res = await refresh(seller);
    expect(res.status).toBe(200);
    const rates = ratesByCode(res.body.rates);
    expect(rates.VES).toMatchObject({ rate_to_usd: 47.5, source: 'manual', is_stale: false });
    expect(rates.EUR).toMatchObject({ rate_to_usd: 0.92, source: 'remote', rate_date: today });
  });

  it('is for admins only', async () => {
    const body = { rate_to_usd: 50 };
    expect((await t.api('PUT', '/api/exchange-rates/VES', { body })).status).toBe(401);
    const res = await t.api<ApiError>('PUT', '/api/exchange-rates/VES', { token: seller, body });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('No tienes permiso para realizar esta acción.');
  });

  it('rejects bad input with a Spanish 400/422 and changes nothing', async () => {
    const before = (await t.api<ExchangeRate[]>('GET', '/api/exchange-rates')).body;
    const cases: [string, unknown, number][] = [
      ['VES', { rate_to_usd: 0 }, 422],
      ['VES', { rate_to_usd: -36.5 }, 422],
      ['VES', { rate_to_usd: 1e13 }, 422],
      ['VES', { rate_to_usd: '36.5' }, 400],
      ['VES', { rate_to_usd: null }, 400],
      ['VES', {}, 400],
      ['VES', { rate_to_usd: 36.5, currency: 'EUR' }, 400],
      ['VESSEL', { rate_to_usd: 36.5 }, 400],
      ['VE', { rate_to_usd: 36.5 }, 400],
      ['V1S', { rate_to_usd: 36.5 }, 400],
    ];
    for (const [code, body, status] of cases) {
      const res = await t.api<ApiError>('PUT', `/api/exchange-rates/${code}`, { token: admin, body });
      expect(res.status, `${code} ${JSON.stringify(body)}`).toBe(status);
      expect(res.body.error.message).toMatch(/[a-zá-ú]/i);
      expect(res.body.error.message).not.toMatch(/expected|invalid input/i);
    }
    const bad = await t.api<ApiError>('PUT', '/api/exchange-rates/VES', {
      token: admin,
      body: { rate_to_usd: 0 },
    });
    expect(bad.body.error.message).toMatch(/mayor que cero/);
    expect(
      (await t.api('PUT', '/api/exchange-rates/VES', { token: admin, raw: '{"rate_to_usd":' })).status,
    ).toBe(400);
    expect((await t.api<ExchangeRate[]>('GET', '/api/exchange-rates')).body).toEqual(before);
  });
});

describe('refresh without a working feed', () => {
  it('with a dead RATES_URL: 200, cached rates kept and stale, Spanish warning', async () => {
    const dead = await createTestApp({ config: { ratesUrl: await deadUrl() } });
    try {
      const token = await dead.signInAdmin();
      await dead.db
        .insert(dailyExchangeRates)
        .values({ currencyCode: 'EUR', rateToUsd: '0.920000', rateDate: today, source: 'remote' });
      await dead.api('PUT', '/api/exchange-rates/VES', { token, body: { rate_to_usd: 36.5 } });
      const res = await refresh(token, dead);
      expect(res.status).toBe(200);
      expect(res.body.warning).toMatch(/No se pudieron actualizar las tasas/);
      // What the feed wrote may be old now; the rate an admin typed today is today's.
      expect(res.body.rates).toEqual([
        expect.objectContaining({ currency_code: 'EUR', rate_to_usd: 0.92, is_stale: true }),
        expect.objectContaining({
          currency_code: 'VES',
          rate_to_usd: 36.5,
          is_stale: false,
          source: 'manual',
        }),
      ]);
    } finally {
      await dead.close();
    }
  });

  it('without a feed configured: 200 saying so in plain Spanish, and a rate typed today stays fresh', async () => {
    const bare = await createTestApp();
    try {
      const token = await bare.signInAdmin();
      const empty = await refresh(token, bare);
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({ rates: [], warning: ratesMessages.notConfigured });

      await bare.api('PUT', '/api/exchange-rates/VES', { token, body: { rate_to_usd: 36.5 } });
      const res = await refresh(token, bare);
      expect(res.status).toBe(200);
      expect(res.body.warning).toMatch(/^No hay una fuente automática de tasas configurada/);
      // Never the setting's name: an organizer does not configure the server.
      expect(res.body.warning).not.toMatch(/RATES_URL/);
      const kept = [expect.objectContaining({ currency_code: 'VES', rate_to_usd: 36.5, is_stale: false })];
      expect(res.body.rates).toEqual(kept);
      expect((await bare.api<ExchangeRate[]>('GET', '/api/exchange-rates')).body).toEqual(kept);
    } finally {
      await bare.close();
    }
  });

  it('gives up after the timeout', async () => {
    feed.state.mode = 'hang';
    const rates = createRatesService({ db: t.db, ratesUrl: feed.url, fetchTimeoutMs: 300 });
    const started = Date.now();
    const res = await rates.refresh();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.warning).toMatch(/No se pudieron actualizar/);
    feed.state.mode = 'object';
  });
});

describe('background refresh job', () => {
  it('refreshes when due, skips when fresh, does nothing without RATES_URL', async () => {
    feed.state.mode = 'object';
    const rates = createRatesService({ db: t.db, ratesUrl: feed.url });
    const hits = feed.state.hits;
    expect(await rates.refreshIfDue(0)).toBe('refreshed');
    expect(await rates.refreshIfDue(3600_000)).toBe('fresh');
    expect(feed.state.hits).toBe(hits + 1);
    expect(await createRatesService({ db: t.db, ratesUrl: null }).refreshIfDue(0)).toBe('disabled');
    feed.state.mode = 'http500';
    expect(await rates.refreshIfDue(0)).toBe('failed');
    feed.state.mode = 'object';
  });

  it('runs on its timer and stops', async () => {
    const rates = createRatesService({ db: t.db, ratesUrl: feed.url });
    const hits = feed.state.hits;
    const ticking = startRatesRefreshJob(rates, t.app.log, { firstRunMs: 1, everyMs: 40 });
    // First run, then ticks (fresh only for everyMs / 2): waited for, however slow the machine.
    await vi.waitFor(() => expect(feed.state.hits).toBeGreaterThanOrEqual(hits + 2), {
      timeout: 15_000,
      interval: 20,
    });
    ticking();
    // A pull already on its way may still land; then nothing more.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const afterStop = feed.state.hits;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(feed.state.hits).toBe(afterStop);
    // Restarting right after a pull does not pull again: the rates are still fresh.
    const restarted = startRatesRefreshJob(rates, t.app.log, { firstRunMs: 1, everyMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    restarted();
    expect(feed.state.hits).toBe(afterStop);
    const noop = startRatesRefreshJob(createRatesService({ db: t.db, ratesUrl: null }), t.app.log, {
      firstRunMs: 1,
    });
    noop();
  });
});

describe('parseRatesPayload', () => {
  it('reads both feed shapes and skips junk', () => {
    expect(parseRatesPayload({ rates: { VES: 36.5, eur: '0.9', TOOLONG: 1, XYZ: -1, ABC: 'x' } })).toEqual([
      { currency_code: 'VES', rate_to_usd: 36.5 },
      { currency_code: 'EUR', rate_to_usd: 0.9 },
    ]);
    expect(
      parseRatesPayload([{ currency_code: 'VES', rate_to_usd: 36.5 }, null, 4, { currency_code: 'X' }]),
    ).toEqual([{ currency_code: 'VES', rate_to_usd: 36.5 }]);
    for (const junk of [null, 'x', 42, {}, { rates: [] }, { rates: null }])
      expect(parseRatesPayload(junk)).toEqual([]);
  });
});
