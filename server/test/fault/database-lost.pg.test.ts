import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../../domain/api';
import { buyer, makeRaffle } from '../factories';
import { openRaffleStream } from '../sse';
import { createTestApp, type TestApp } from '../test-app';
import { startTcpProxy } from './tcp-proxy';

// PostgreSQL only (issue 21, item 8): instance B reaches the database through a proxy the test
// cuts; instance A, direct, keeps writing. PGlite runs inside the process and cannot be cut.
let a: TestApp;
let b: TestApp;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
beforeAll(async () => {
  a = await createTestApp();
  const direct = new URL(a.databaseUrl as string);
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  b = await createTestApp({ attachToDatabaseUrl: proxy.via(a.databaseUrl as string) });
});
afterAll(async () => {
  await proxy?.close(); // first: B's frozen connections end, so B can close
  await b?.close().catch(() => {});
  await a?.close();
});

const reserve = (app: TestApp, raffleId: string, number: number) =>
  app.api<ApiError>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers: [number], buyer: buyer() },
  });

describe('the database lost and back', () => {
  it('answers 503 DATABASE_UNAVAILABLE with Retry-After while it is gone, never a 500, and serves again after', async () => {
    const raffle = await makeRaffle(a, { total_numbers: 100 });
    expect((await reserve(b, raffle.id, 1)).status).toBe(201);

    proxy.cut();
    const health = await b.api<{ status: string; error: { code: string } }>('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body.status).toBe('unavailable');
    expect(health.headers.get('retry-after')).toBe('5');
    const refused = await reserve(b, raffle.id, 2);
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('DATABASE_UNAVAILABLE');
    expect(refused.body.error.message).toMatch(/^El servicio no está disponible en este momento/);
    expect(refused.headers.get('retry-after')).toBe('5');

    proxy.restore();
    await vi.waitFor(async () => expect((await b.api('GET', '/api/health')).status).toBe(200), {
      timeout: 10_000,
    });
    expect((await reserve(b, raffle.id, 2)).status).toBe(201);
  });

  it('the LISTEN connection comes back after a silent cut: pages are told to reload, live updates flow on', async () => {
    const raffle = await makeRaffle(a, { total_numbers: 100 });
    const page = await openRaffleStream(b.baseUrl, raffle.id);
    await vi.waitFor(() => expect(page.text()).toContain('conectado'));
    // The previous cut's listener may still be coming back (its back-off): sales on A until one
    // reaches B's page say it listens again.
    let number = 10;
    await vi.waitFor(
      async () => {
        await reserve(a, raffle.id, ++number);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(page.text()).toContain(`"number":${number}`);
      },
      { timeout: 30_000, interval: 500 },
    );

    // Nothing closes: the connections just go quiet. Only the listener's heartbeat can tell.
    const resets = () => page.text().split('event: reset').length - 1;
    const before = resets();
    proxy.freeze();
    await vi.waitFor(() => expect(resets()).toBeGreaterThan(before), { timeout: 20_000, interval: 200 });
    await reserve(a, raffle.id, 6);
    await vi.waitFor(() => expect(page.text()).toContain('"number":6'), { timeout: 10_000 });
    await page.close();
  }, 90_000);
});
