import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { unpackTicketEvents } from '../../../domain/live-events';
import { loadConfig } from '../../config';
import { buyer, makeRaffle } from '../../test/factories';
import { LIVE_FANOUT_MODES, openRaffleStream } from '../../test/sse';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The cap as a deployment gets it without SSE_MAX_PER_IP (main.ts passes loadConfig's value). */
const DEFAULT_CAP = loadConfig({}).sseMaxPerIp ?? Number.NaN;
// Each stream written by the server's process, then by the fan-out process (decision 067).
describe.each(LIVE_FANOUT_MODES)('live streams written %s', (_mode, liveFanoutProcess) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { sseMaxPerIp: DEFAULT_CAP, liveFanoutProcess } });
  });
  afterAll(() => t?.close());

  const stream = (raffleId: string, headers: Record<string, string> = {}, query = '') =>
    openRaffleStream(t.baseUrl, raffleId, headers, query);

  const reserve = (raffleId: string, n: number) =>
    t.api('POST', `/api/raffles/${raffleId}/reservations`, { body: { numbers: [n], buyer: buyer() } });

  describe('live stream reconnection (Last-Event-ID) and the per-IP cap (issue 10, item 7)', () => {
    it('a stream reconnecting with Last-Event-ID receives exactly the events it missed', async () => {
      const raffle = await makeRaffle(t);
      const first = await stream(raffle.id);
      await reserve(raffle.id, 1);
      await vi.waitFor(() => expect(first.ids()).toHaveLength(1));
      const [seen] = first.ids();
      await first.close();

      // While the buyer was away (phone locked, tunnel…), two more numbers sold.
      await reserve(raffle.id, 2);
      await reserve(raffle.id, 3);
      const again = await stream(raffle.id, { 'last-event-id': String(seen) });
      await vi.waitFor(() => expect(again.ids()).toHaveLength(2));
      expect(again.text()).toContain('"number":2');
      expect(again.text()).toContain('"number":3');
      expect(again.text()).not.toContain('"number":1');
      expect(again.text()).not.toContain('event: reset');
      await again.close();
    });

    it('?batch=1 sends one `tickets` event per tick with the changes in order; its id replays the rest', async () => {
      const raffle = await makeRaffle(t);
      const first = await stream(raffle.id, {}, '?batch=1');
      await t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
        body: { numbers: [4, 5], buyer: buyer() },
      });
      await vi.waitFor(() => expect(first.ids()).toHaveLength(1));
      const frame = /event: tickets\nid: (\d+)\ndata: (.*)\n\n/.exec(first.text());
      const changes = unpackTicketEvents(JSON.parse(frame?.[2] ?? '{}'));
      expect(changes.map((c) => c.number)).toEqual([4, 5]);
      expect(Number(frame?.[1])).toBe(changes[1]?.version);
      expect(first.text()).not.toContain('event: ticket\n');
      await first.close();

      await reserve(raffle.id, 6);
      await reserve(raffle.id, 7);
      const again = await stream(raffle.id, { 'last-event-id': frame?.[1] ?? '' }, '?batch=1');
      const replayed = () =>
        [...again.text().matchAll(/^data: (\{"numbers".*)$/gm)].flatMap((m) =>
          unpackTicketEvents(JSON.parse(m[1] ?? '{}')),
        );
      await vi.waitFor(() => expect(replayed().map((c) => c.number)).toContain(7));
      expect(replayed().map((c) => c.number)).toEqual([6, 7]);
      await again.close();
      expect((await t.api('GET', `/api/raffles/${raffle.id}/events?batch=2`)).status).toBe(400);
    });

    it('an unknown Last-Event-ID gets a reset event: the page reads the board again', async () => {
      const raffle = await makeRaffle(t);
      const s = await stream(raffle.id, { 'last-event-id': '999999999' });
      await vi.waitFor(() => expect(s.text()).toContain('event: reset'));
      await s.close();
    });

    it('an edit of the raffle tells its open pages `event: raffle` (no id), and only its own', async () => {
      const raffle = await makeRaffle(t);
      const other = await makeRaffle(t);
      const page = await stream(raffle.id, {}, '?batch=1');
      const bystander = await stream(other.id, {}, '?batch=1');
      await vi.waitFor(() => expect(page.text()).toContain(': conectado'));
      await vi.waitFor(() => expect(bystander.text()).toContain(': conectado'));
      const told = vi.spyOn(t.app.services.hub, 'raffleChanged');
      const edit = await t.api('PATCH', `/api/raffles/${raffle.id}`, {
        token: await t.signInAdmin(),
        body: { price_cents: 800 },
      });
      expect(edit.status).toBe(200);
      await vi.waitFor(() => expect(page.text()).toContain('event: raffle\ndata: {"spread_ms":3000}\n\n'));
      // This instance hears its own NOTIFY too, a little later: its pages are not told twice.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(told.mock.calls.filter(([id]) => id === raffle.id)).toHaveLength(1);
      told.mockRestore();
      expect(page.text().match(/event: raffle/g)).toHaveLength(1);
      expect(page.ids()).toEqual([]);
      // A sale after it still carries its id (Last-Event-ID) as before.
      await reserve(raffle.id, 9);
      await vi.waitFor(() => expect(page.ids()).toHaveLength(1));
      expect(bystander.text()).not.toContain('event: raffle');
      await page.close();
      await bystander.close();
    });

    it('one IP may keep SSE_MAX_PER_IP streams open (20 by default); the next gets 429 until one closes', async () => {
      expect(DEFAULT_CAP).toBe(20);
      const raffle = await makeRaffle(t);
      const open = await Promise.all(Array.from({ length: DEFAULT_CAP }, () => stream(raffle.id)));
      expect(open.map((s) => s.res.status)).toEqual(Array(DEFAULT_CAP).fill(200));
      const extra = await stream(raffle.id);
      expect(extra.res.status).toBe(429);
      expect((await extra.res.json()).error.code).toBe('RATE_LIMITED');
      await open[0]?.close();
      await vi.waitFor(async () => {
        const next = await stream(raffle.id);
        expect(next.res.status).toBe(200);
        open.push(next);
      });
      for (const s of open) await s.close();
    });
  });
});
