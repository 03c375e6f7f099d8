import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { XLSX_EXPORTS_AT_ONCE, xlsxExportsRunning } from './tickets-xlsx';

let t: TestApp;
let admin: string;
let raffleId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  // 200,000 numbers nobody holds: a workbook of several MB, seconds to write.
  raffleId = (await makeRaffle(t, { total_numbers: 200_000, digit_count: 6 })).id;
}, 60_000);
afterAll(() => t?.close());

describe('an XLSX download the client leaves (decision 050)', () => {
  it('ends its worker and gives its turn back, so later exports still run', async () => {
    for (let i = 0; i < XLSX_EXPORTS_AT_ONCE + 1; i++) {
      const leaving = new AbortController();
      const response = await fetch(`${t.baseUrl}/api/raffles/${raffleId}/tickets.xlsx`, {
        headers: { authorization: `Bearer ${admin}` },
        signal: leaving.signal,
      });
      expect(response.status).toBe(200);
      const reader = response.body?.getReader();
      expect((await reader?.read())?.done).toBe(false); // the workbook has begun
      expect(xlsxExportsRunning()).toBe(1);
      leaving.abort();
      await vi.waitFor(() => expect(xlsxExportsRunning()).toBe(0), { timeout: 10_000 });
    }
    // Every turn given back: a whole export still runs to its end.
    const whole = await fetch(`${t.baseUrl}/api/raffles/${raffleId}/tickets.xlsx`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect((await whole.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  }, 120_000);
});
