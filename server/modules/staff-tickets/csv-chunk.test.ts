import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { staffTicketsRepo } from './staff-tickets.repo';
import { CSV_CHUNK, CSV_CHUNK_PGLITE } from './staff-tickets-export.repo';

// PGlite runs one statement at a time, so a buyer waits for the CSV chunk ahead of them: the app
// reads the CSV in smaller chunks there than on PostgreSQL (bench/STAFF.md, 2026-12-03).

let t: TestApp;
let admin: string;
let raffleId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  raffleId = (await makeRaffle(t, { total_numbers: 1000, digit_count: 3, price_cents: 1000 })).id;
  const res = await t.api('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers: [7, 300, 999], buyer: buyer() },
  });
  expect(res.status).toBe(201);
});
afterAll(() => t?.close());

it('reads the CSV in chunks sized for its database, and writes every number', async () => {
  expect(CSV_CHUNK_PGLITE).toBeLessThan(CSV_CHUNK);
  const scan = vi.spyOn(staffTicketsRepo, 'scan');
  try {
    const res = await fetch(`${t.baseUrl}/api/raffles/${raffleId}/tickets.csv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + 1000);
    expect(lines.filter((line) => /^(007|300|999);apartado;/.test(line))).toHaveLength(3);
    expect(scan).toHaveBeenCalledTimes(1);
    expect(scan.mock.calls[0]?.[4]).toBe(t.database.kind === 'pglite' ? CSV_CHUNK_PGLITE : CSV_CHUNK);
  } finally {
    scan.mockRestore();
  }
});
