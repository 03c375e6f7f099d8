import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import { caracasDate, daysBefore, type RateHistoryPoint } from '../../../domain/rates';
import { dailyExchangeRates } from '../../db/schema-money';
import { makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let seller: string;
const today = caracasDate();
const ago = (days: number) => daysBefore(today, days);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  seller = (await makeUser(t)).token;
  await t.db.insert(dailyExchangeRates).values([
    { currencyCode: 'VES', rateToUsd: '30.000000', rateDate: ago(40), source: 'remote' },
    { currencyCode: 'VES', rateToUsd: '35.500000', rateDate: ago(29), source: 'remote', isStale: true },
    { currencyCode: 'VES', rateToUsd: '36.250000', rateDate: ago(10), source: 'manual' },
    { currencyCode: 'VES', rateToUsd: '37.000000', rateDate: ago(1), source: 'remote' },
    { currencyCode: 'EUR', rateToUsd: '0.920000', rateDate: ago(1), source: 'remote' },
  ]);
  // Today's rate by hand, through the API as an admin would type it.
  const set = await t.api('PUT', '/api/exchange-rates/VES', { token: admin, body: { rate_to_usd: 38.5 } });
  expect(set.status).toBe(200);
});
afterAll(() => t?.close());

const history = <T = RateHistoryPoint[]>(query: string, token?: string) =>
  t.api<T>('GET', `/api/exchange-rates/history${query}`, { token });

describe('GET /api/exchange-rates/history', () => {
  it('gives the last 30 Caracas days of VES by default, oldest first, today included', async () => {
    const res = await history('', seller);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { rate_date: ago(29), rate_to_usd: 35.5, source: 'remote', is_stale: true },
      { rate_date: ago(10), rate_to_usd: 36.25, source: 'manual', is_stale: false },
      { rate_date: ago(1), rate_to_usd: 37, source: 'remote', is_stale: false },
      { rate_date: today, rate_to_usd: 38.5, source: 'manual', is_stale: false },
    ]);
  });

  it('takes the currency (any case) and the number of days', async () => {
    expect((await history('?currency=ves&days=1', admin)).body).toEqual([
      { rate_date: today, rate_to_usd: 38.5, source: 'manual', is_stale: false },
    ]);
    expect(
      (await history('?currency=VES&days=365', admin)).body.map((p: RateHistoryPoint) => p.rate_date),
    ).toEqual([ago(40), ago(29), ago(10), ago(1), today]);
    expect((await history('?currency=EUR&days=2', admin)).body).toEqual([
      { rate_date: ago(1), rate_to_usd: 0.92, source: 'remote', is_stale: false },
    ]);
    expect((await history('?currency=COP', admin)).body).toEqual([]);
  });

  it('is for staff only', async () => {
    expect((await history('')).status).toBe(401);
    expect((await history('', 'not-a-token')).status).toBe(401);
  });

  it('rejects bad queries with a Spanish 400, never a 500', async () => {
    for (const query of [
      '?days=0',
      '?days=366',
      '?days=-1',
      '?days=2.5',
      '?days=abc',
      '?days=',
      '?currency=VESSEL',
      '?currency=V1S',
      "?currency=VES'--",
    ]) {
      const res = await history<ApiError>(query, admin);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message, query).toMatch(/[a-zá-ú]/i);
      expect(res.body.error.message, query).not.toMatch(/expected|invalid input/i);
    }
    expect((await history<ApiError>('?days=0', admin)).body.error.message).toMatch(/entre 1 y 365/);
  });
});
