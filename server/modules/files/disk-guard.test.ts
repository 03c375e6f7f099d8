import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import { filesMessages } from '../../../domain/uploads';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PDF, upload } from '../../test/uploads';

// Issue 21, item 7: the disk the embedded database shares with uploads is never filled by them.
let roomy: TestApp;
beforeAll(async () => {
  // Every address together may store two small files an hour; each address alone far more.
  roomy = await createTestApp({
    config: {
      trustProxy: true,
      uploadBytesPerHour: 50 * 1024 * 1024,
      uploadBytesPerHourTotal: PDF.length * 2,
    },
  });
});
afterAll(() => roomy?.close());

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

describe('uploads and the disk', () => {
  it('refuses uploads with 507 while less than MIN_FREE_DISK_MB is free, and health says so', async () => {
    // A margin no disk has: as if the disk were nearly full.
    const full = await createTestApp({ config: { minFreeDiskMb: 100_000_000 } });
    try {
      const refused = await upload<ApiError>(full, PDF);
      expect(refused.status).toBe(507);
      expect(refused.body.error).toEqual({
        code: 'INSUFFICIENT_STORAGE',
        message: filesMessages.diskAlmostFull,
      });
      expect(refused.headers.get('retry-after')).toBe('600');
      const health = await full.api<{ status: string; disk_free_mb: number }>('GET', '/api/health');
      expect(health.status).toBe(200);
      expect(health.body.status).toBe('degraded');
      expect(health.body.disk_free_mb).toBeGreaterThanOrEqual(0);
      // Sales go on: only files stop.
      const raffle = await makeRaffle(full);
      const sale = await full.api('POST', `/api/raffles/${raffle.id}/reservations`, {
        body: { numbers: [1], buyer: buyer() },
      });
      expect(sale.status).toBe(201);
    } finally {
      await full.close();
    }
  });

  it('stops every address together at the hourly budget, whatever each one sent', async () => {
    expect((await upload(roomy, PDF, from('10.7.0.1'))).status).toBe(201);
    expect((await upload(roomy, PDF, from('10.7.0.2'))).status).toBe(201);
    const third = await upload<ApiError>(roomy, PDF, from('10.7.0.3'));
    expect(third.status).toBe(429);
    expect(third.body.error).toEqual({
      code: 'UPLOAD_BUDGET_EXCEEDED',
      message: filesMessages.budgetExceeded,
    });
  });

  it('a full disk under a reservation is a 503 with Retry-After, never a 500', async () => {
    const raffle = await makeRaffle(roomy);
    const tickets = roomy.app.services.tickets as NonNullable<typeof roomy.app.services.tickets>;
    const reserveOrder = tickets.reserveOrder;
    // What PGlite or PostgreSQL raise when the disk is full (SQLSTATE 53100, disk_full).
    tickets.reserveOrder = async () => {
      throw Object.assign(new Error('could not extend file "base/5/16384": No space left on device'), {
        code: '53100',
      });
    };
    try {
      const res = await roomy.api<ApiError>('POST', `/api/raffles/${raffle.id}/reservations`, {
        body: { numbers: [1], buyer: buyer() },
      });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('STORAGE_FULL');
      expect(res.body.error.message).toMatch(/disco lleno/);
      expect(res.headers.get('retry-after')).toBe('30');
    } finally {
      tickets.reserveOrder = reserveOrder;
    }
  });
});
