import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buyer, makeRaffle } from '../../test/factories';
import { LIVE_FANOUT_MODES, openRaffleStream } from '../../test/sse';
import { createTestApp, type TestApp } from '../../test/test-app';

// PostgreSQL only: PGlite's notifications never travel over a connection that can drop. The open
// page is written by the server's process, then by the fan-out process (decision 067).
describe.each(LIVE_FANOUT_MODES)(
  'the LISTEN connection comes back after a drop (streams %s)',
  (_mode, liveFanoutProcess) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: { liveFanoutProcess } });
    });
    afterAll(() => t?.close());

    const stream = (raffleId: string) => openRaffleStream(t.baseUrl, raffleId);

    it('listens again, tells open pages to read the board again, and live updates flow on', async () => {
      const raffle = await makeRaffle(t);
      const page = await stream(raffle.id);
      await vi.waitFor(() => expect(page.text()).toContain('conectado'));

      // A database restart or a network cut: the server-side end of the LISTEN connection dies.
      const killed = await t.db.execute(
        sql`select pg_terminate_backend(pid) as done from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
      );
      expect((killed as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);

      await vi.waitFor(() => expect(page.text()).toContain('event: reset'), { timeout: 10_000 });
      await t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
        body: { numbers: [3], buyer: buyer() },
      });
      await vi.waitFor(() => expect(page.text()).toContain('"number":3'), { timeout: 10_000 });
      await page.close();
    });
  },
);
