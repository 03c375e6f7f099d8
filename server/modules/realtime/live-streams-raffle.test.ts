import { afterEach, describe, expect, it, vi } from 'vitest';
import { hubWithFakeChannel, recorder, slow } from '../../test/live-sinks';
import { createLiveStreams } from './live-streams';
import type { RealtimeHub } from './realtime.hub';

const tick = () => new Promise((resolve) => setTimeout(resolve, 80));
let hub: RealtimeHub | null = null;
afterEach(async () => {
  await hub?.stop();
  hub = null;
});

describe('a change of the raffle itself reaches its open pages (decision 089)', () => {
  it('a change of the raffle itself reaches each of its streams once, after the changes pending, with no id', async () => {
    const fake = await hubWithFakeChannel();
    hub = fake.hub;
    const pages = [recorder(true), recorder(false)];
    const elsewhere = recorder(true);
    for (const page of pages) hub.joinStream('r1', page.sink, null);
    hub.joinStream('r2', elsewhere.sink, null);

    const sold = fake.change('r1', 1);
    // The admin edits the price, then the prizes, in the same instant: one message.
    hub.raffleChanged('r1');
    hub.raffleChanged('r1');
    hub.raffleChanged('unwatched'); // nobody watches it: nothing to do
    await tick();
    const after = fake.change('r1', 2);
    await tick();

    for (const page of pages) {
      const heads = page.frames().map((f) => f.split('\n')[0]);
      expect(heads.filter((h) => h === 'event: raffle')).toHaveLength(1);
      expect(heads.indexOf('event: raffle')).toBeGreaterThan(
        heads.findIndex((h) => h.startsWith('event: ticket')),
      );
      // Two pages here: the shortest spread.
      expect(page.frames()).toContain('event: raffle\ndata: {"spread_ms":3000}');
      // Its Last-Event-ID stays its last ticket change: the raffle message has no id.
      expect(page.events()).toEqual([sold, after]);
    }
    expect(pages[0]?.ids().filter(Number.isFinite)).toEqual([sold.version, after.version]);
    expect(elsewhere.frames()).toEqual([]);

    // Later edits are told again, once each time.
    hub.raffleChanged('r1');
    await tick();
    for (const page of pages)
      expect(page.frames().filter((f) => f.startsWith('event: raffle'))).toHaveLength(2);
  });

  it('a raffle change during a round written in slices reaches every stream once', async () => {
    const streams = createLiveStreams({ eventsSince: () => null, tickMs: 5, heartbeatMs: 60_000 });
    const sinks = Array.from({ length: 100 }, () => recorder(true));
    for (const { sink } of sinks) {
      slow(sink);
      streams.join('r1', sink, null);
    }
    streams.push('r1', [{ number: 1, status: 'apartado', version: 1 }]);
    // The round is part way through (100 writes of 0.5 ms in slices of 8 ms) when the row changes.
    await vi.waitFor(() => expect(sinks[20]?.sink.written.length).toBe(1), { interval: 1 });
    expect(sinks.at(-1)?.sink.written).toHaveLength(0);
    streams.raffleChanged('r1');
    await vi.waitFor(
      () => expect(sinks.every((r) => r.frames().some((f) => f.startsWith('event: raffle\n')))).toBe(true),
      { timeout: 10_000, interval: 10 },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    streams.stop();
    for (const r of sinks) {
      expect(r.frames().filter((f) => f.startsWith('event: raffle'))).toHaveLength(1);
      expect(r.events().map((e) => e.number)).toEqual([1]);
    }
  });

  it('names a spread as long as the pages it holds of the raffle need: 1,000 reads a second at most', () => {
    const streams = createLiveStreams({ eventsSince: () => null, tickMs: 5, heartbeatMs: 60_000 });
    const many = Array.from({ length: 8_000 }, () => recorder(true));
    const few = recorder(true);
    for (const { sink } of many) streams.join('viral', sink, null);
    streams.join('quiet', few.sink, null);
    streams.raffleChanged('viral');
    streams.raffleChanged('quiet');
    streams.flush();
    streams.stop();
    expect(many[0]?.frames()).toEqual(['event: raffle\ndata: {"spread_ms":8000}']);
    // One frame for the room, shared by its streams.
    expect(new Set(many.map((r) => r.sink.written[0])).size).toBe(1);
    expect(few.frames()).toEqual(['event: raffle\ndata: {"spread_ms":3000}']);
  });

  it('a flush that replaces a round part way through still tells every stream the raffle changed', async () => {
    const streams = createLiveStreams({ eventsSince: () => null, tickMs: 5, heartbeatMs: 60_000 });
    const sinks = Array.from({ length: 60 }, () => recorder(true));
    for (const { sink } of sinks) {
      slow(sink);
      streams.join('r1', sink, null);
    }
    streams.raffleChanged('r1');
    await vi.waitFor(() => expect(sinks[5]?.sink.written.length).toBe(1), { interval: 1 });
    expect(sinks.at(-1)?.sink.written).toHaveLength(0); // the round is part way through
    streams.flush(); // a server stopping, or a gap in the change channel
    const told = sinks.map((r) => r.frames().filter((f) => f.startsWith('event: raffle')).length);
    expect(Math.min(...told)).toBe(1);
    // Only streams the replaced round had already reached may hear it twice (each reads again: a 304).
    expect(told.filter((n) => n > 1).length).toBeLessThan(sinks.length);
    await new Promise((resolve) => setTimeout(resolve, 50));
    streams.stop();
    expect(sinks.map((r) => r.frames().filter((f) => f.startsWith('event: raffle')).length)).toEqual(told);
  });
});
