import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { unpackTicketEvents } from '../../../domain/live-events';
import type { TicketEvent } from '../../../domain/reservations';
import { buyer, makeRaffle } from '../../test/factories';
import { openRaffleStream } from '../../test/sse';
import { createTestApp, type TestApp } from '../../test/test-app';

// The live streams written by a process of their own (decision 067), through the real app on a
// real port: what a page receives must be what an inline stream gives it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { liveFanoutProcess: true } });
});
afterAll(() => t?.close());

const hub = () => t.app.services.hub;
const stream = (raffleId: string, query = '') => openRaffleStream(t.baseUrl, raffleId, {}, query);

/** Every change a stream's text carries, in order, whether one `ticket` or a `tickets` batch a frame. */
function changesIn(text: string): TicketEvent[] {
  return [...text.matchAll(/^event: (tickets?)\nid: \d+\ndata: (.*)$/gm)].flatMap(([, event, data]) =>
    event === 'tickets'
      ? unpackTicketEvents(JSON.parse(data ?? '{}'))
      : [JSON.parse(data ?? '{}') as TicketEvent],
  );
}

const reserve = (raffleId: string, numbers: number[], cedula: string) =>
  t.api<{ tickets: { number: number }[] }>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers, buyer: buyer({ cedula }) },
  });

describe('live streams in the fan-out process', () => {
  it('answers with the same head as an inline stream, and the process holds the stream', async () => {
    const raffle = await makeRaffle(t);
    const s = await stream(raffle.id);
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(s.res.headers.get('x-accel-buffering')).toBe('no');
    await vi.waitFor(() => expect(s.text()).toContain('retry: 3000\n: conectado\n\n'));
    expect(hub().streamCount()).toBe(1);
    const report = await hub().fanoutReport();
    expect(report?.streams).toBe(1);
    expect(report?.pid).not.toBe(process.pid);
    await s.close();
    // The page left: the process tells the server, which frees its slot (SSE_MAX_PER_IP / _TOTAL).
    await vi.waitFor(() => expect(hub().streamCount()).toBe(0));
  });

  it('every change reaches every stream once, in the same order, in both formats', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100 });
    const plain = await Promise.all([stream(raffle.id), stream(raffle.id)]);
    const batched = await Promise.all([stream(raffle.id, '?batch=1'), stream(raffle.id, '?batch=1')]);
    // 40 buyers at once, one to three numbers each, some of them asking for the same number.
    const asks = Array.from({ length: 40 }, (_, i) =>
      [(i * 7) % 100, (i * 13 + 1) % 100].slice(0, 1 + (i % 2)),
    );
    const answers = await Promise.all(
      asks.map((numbers, i) => reserve(raffle.id, numbers, `V-${20_000_000 + i}`)),
    );
    const soldNumbers = answers
      .filter((a) => a.status === 201)
      .flatMap((a) => a.body.tickets.map((ticket) => ticket.number))
      .sort((a, b) => a - b);
    const sold = soldNumbers.length;
    expect(sold).toBeGreaterThan(10);

    const everyOne = [...plain, ...batched];
    await vi.waitFor(() => {
      for (const s of everyOne) expect(changesIn(s.text())).toHaveLength(sold);
    });
    const expected = changesIn(everyOne[0]?.text() ?? '');
    expect(expected.map((c) => c.number).sort((a, b) => a - b)).toEqual(soldNumbers);
    expect(new Set(expected.map((c) => c.version)).size).toBe(sold);
    for (const s of everyOne) expect(changesIn(s.text())).toEqual(expected);
    for (const s of everyOne) await s.close();
  });

  it('a reconnecting page gets exactly what it missed from the process (Last-Event-ID)', async () => {
    const raffle = await makeRaffle(t);
    const first = await stream(raffle.id);
    await reserve(raffle.id, [1], 'V-30000001');
    await vi.waitFor(() => expect(first.ids()).toHaveLength(1));
    await first.close();
    await reserve(raffle.id, [2], 'V-30000002');
    await reserve(raffle.id, [3, 4], 'V-30000003');
    const again = await openRaffleStream(t.baseUrl, raffle.id, { 'last-event-id': String(first.ids()[0]) });
    await vi.waitFor(() => expect(changesIn(again.text()).map((c) => c.number)).toEqual([2, 3, 4]));
    expect(again.text()).not.toContain('event: reset');
    await again.close();
  });

  it('a fan-out process that dies ends its streams and frees their slots; the next page starts another', async () => {
    const raffle = await makeRaffle(t);
    const s = await stream(raffle.id);
    const before = await hub().fanoutReport();
    expect(before?.streams).toBe(1);
    process.kill(before?.pid ?? 0, 'SIGKILL');
    await vi.waitFor(() => expect(hub().streamCount()).toBe(0));
    await s.close();

    const next = await stream(raffle.id);
    expect(next.res.status).toBe(200);
    await vi.waitFor(async () => expect((await hub().fanoutReport())?.streams).toBe(1));
    expect((await hub().fanoutReport())?.pid).not.toBe(before?.pid);
    await reserve(raffle.id, [9], 'V-30000009');
    await vi.waitFor(() => expect(changesIn(next.text()).map((c) => c.number)).toEqual([9]));
    await next.close();
  });

  it('a stopping server ends the open streams and the process', async () => {
    const own = await createTestApp({ config: { liveFanoutProcess: true } });
    const raffle = await makeRaffle(own);
    const s = await openRaffleStream(own.baseUrl, raffle.id);
    await vi.waitFor(() => expect(s.text()).toContain(': conectado'));
    const pid = (await own.app.services.hub.fanoutReport())?.pid ?? 0;
    await own.close();
    await s.close();
    expect(pid).toBeGreaterThan(0);
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
