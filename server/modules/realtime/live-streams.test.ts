import { afterEach, describe, expect, it, vi } from 'vitest';
import { hubWithFakeChannel, recorder, slow } from '../../test/live-sinks';
import type { LiveSink } from './live-frames';
import { createLiveStreams } from './live-streams';
import type { RealtimeHub } from './realtime.hub';

const tick = () => new Promise((resolve) => setTimeout(resolve, 80));
let hub: RealtimeHub | null = null;
afterEach(async () => {
  await hub?.stop();
  hub = null;
  vi.restoreAllMocks();
});

describe('live streams coalesce changes per raffle (issue 20, target 2)', () => {
  it('deliver every change once and in order, one frame per tick, in both formats', async () => {
    const fake = await hubWithFakeChannel();
    hub = fake.hub;
    const batched = recorder(true);
    const single = recorder(false);
    const other = recorder(true);
    hub.joinStream('r1', batched.sink, null);
    hub.joinStream('r1', single.sink, null);
    hub.joinStream('r2', other.sink, null);

    const sent = [fake.change('r1', 1), fake.change('r1', 2), fake.change('r1', 3)];
    fake.change('r2', 9);
    await tick();
    sent.push(fake.change('r1', 4), fake.change('r1', 1, 'disponible'));
    await tick();

    expect(batched.events()).toEqual(sent);
    expect(single.events()).toEqual(sent);
    // Three changes in one turn went out as one write; the next two as one more.
    expect(batched.sink.chunks).toHaveLength(2);
    expect(batched.frames().map((f) => f.split('\n')[0])).toEqual(['event: tickets', 'event: tickets']);
    expect(batched.ids()).toEqual([sent[2]?.version, sent[4]?.version]);
    expect(single.sink.chunks).toHaveLength(2);
    expect(single.ids()).toEqual(sent.map((e) => e.version));
    expect(other.events().map((e) => e.number)).toEqual([9]);
  });

  it('a stream reconnecting with Last-Event-ID mid-way gets each change it missed once, in order', async () => {
    const fake = await hubWithFakeChannel();
    hub = fake.hub;
    const first = recorder(true);
    const bystander = recorder(true); // another page, open throughout: the raffle's ticks go on
    hub.joinStream('r1', bystander.sink, null);
    const leave = hub.joinStream('r1', first.sink, null);
    const sent = [fake.change('r1', 1), fake.change('r1', 2)];
    await tick();
    const seen = first.ids().at(-1) ?? Number.NaN;
    leave(); // the phone lost its signal

    sent.push(fake.change('r1', 3)); // went out to nobody while it was away
    await tick();
    sent.push(fake.change('r1', 4)); // still pending (this tick) when it comes back
    const again = recorder(true);
    hub.joinStream('r1', again.sink, seen);
    sent.push(fake.change('r1', 5));
    await tick();

    expect([...first.events(), ...again.events()]).toEqual(sent);
    expect(bystander.events()).toEqual(sent);
    expect(again.frames().some((f) => f.startsWith('event: reset'))).toBe(false);
  });

  it('an unknown Last-Event-ID, or a gap in the change channel, sends reset after what was pending', async () => {
    const fake = await hubWithFakeChannel();
    hub = fake.hub;
    const lost = recorder(true);
    hub.joinStream('r1', lost.sink, 999_999);
    expect(lost.frames()).toEqual(['event: reset\ndata: {}']);

    const open = recorder(true);
    hub.joinStream('r1', open.sink, null);
    const pending = fake.change('r1', 7);
    fake.listenerReset();
    expect(open.events()).toEqual([pending]);
    expect(open.frames().at(-1)).toBe('event: reset\ndata: {}');
  });

  it('serializes a tick once: every stream of the raffle is written the same frame and bytes', () => {
    const streams = createLiveStreams({ eventsSince: () => null, tickMs: 50, heartbeatMs: 60_000 });
    const sinks = Array.from({ length: 200 }, (_, i) => recorder(i % 2 === 0));
    for (const { sink } of sinks) streams.join('r1', sink, null);
    const stringify = vi.spyOn(JSON, 'stringify');
    streams.push('r1', [
      { number: 1, status: 'apartado', version: 1 },
      { number: 2, status: 'apartado', version: 2 },
    ]);
    streams.flush();
    // One array for the batched streams, one object per change for the others: not per stream.
    expect(stringify).toHaveBeenCalledTimes(3);
    const batchedFrame = sinks[0]?.sink.written[0];
    const singleFrame = sinks[1]?.sink.written[0];
    for (const [i, { sink }] of sinks.entries()) {
      expect(sink.written).toHaveLength(1);
      expect(sink.written[0]).toBe(i % 2 === 0 ? batchedFrame : singleFrame);
      expect(sink.chunks[0]).toBe((i % 2 === 0 ? batchedFrame : singleFrame)?.bytes);
      // The HTTP chunk is built once too, however many streams ask for it.
      expect(sink.written[0]?.chunk).toBe((i % 2 === 0 ? batchedFrame : singleFrame)?.chunk);
    }
    const chunk = batchedFrame?.chunk.toString() ?? '';
    const body = batchedFrame?.bytes.toString() ?? '';
    expect(chunk).toBe(`${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n`);
    expect(streams.stats()).toMatchObject({ flushes: 1 });
    streams.stop();
    expect(sinks.every(({ sink }) => sink.closed)).toBe(true);
    expect(streams.count()).toBe(0);
  });

  it('writes a round in slices: a change arriving meanwhile reaches the streams not written yet in this round', async () => {
    const streams = createLiveStreams({ eventsSince: () => null, tickMs: 5, heartbeatMs: 60_000 });
    // Each write takes 0.5 ms, so a round of 100 streams is several slices of at most 8 ms.
    const sinks = Array.from({ length: 100 }, () => recorder(true));
    const a = { number: 1, status: 'apartado', version: 1 };
    const b = { number: 2, status: 'apartado', version: 2 };
    let between = 0;
    const gaps = setInterval(() => between++, 1); // runs only when a slice lets the loop go
    for (const { sink } of sinks) {
      slow(sink);
      streams.join('r1', sink, null);
    }
    let pushedAt = -1;
    let pushing = false;
    const first = sinks[0]?.sink as LiveSink;
    const write = first.write.bind(first);
    first.write = (frame) => {
      write(frame);
      if (pushedAt >= 0 || pushing) return;
      pushing = true;
      // Arrives while the round is under way, from another turn of the event loop.
      setImmediate(() => {
        pushedAt = sinks.findIndex((r) => r.sink.written.length === 0);
        streams.push('r1', [b]);
      });
    };
    streams.push('r1', [a]);
    // Both rounds end on their own (a busy machine can take longer than their ~60 ms of writes).
    await vi.waitFor(() => expect(streams.stats().rounds.ended).toBe(2), { timeout: 10_000, interval: 10 });
    clearInterval(gaps);
    const { flushes, rounds } = streams.stats();
    streams.stop();

    expect(between).toBeGreaterThan(0);
    expect(pushedAt).toBeGreaterThan(0);
    for (const [i, r] of sinks.entries()) {
      expect(r.events()).toEqual([a, b]);
      // Streams reached after the change arrived had it in the same frame; earlier ones in the next round.
      expect(r.sink.chunks).toHaveLength(i < pushedAt ? 2 : 1);
    }
    expect(flushes).toBe(2);
    // Two rounds: every stream, then those the first passed before b arrived; each write took 0.5 ms.
    expect(rounds.ended).toBe(2);
    expect(rounds.writes).toEqual({ p50: pushedAt, p99: 100, max: 100 });
    expect(rounds.workMs.max).toBeGreaterThanOrEqual(50);
    expect(rounds.workMs.p50).toBeGreaterThanOrEqual(pushedAt * 0.5);
    // The first round let the event loop go between its slices: longer start to end than writing.
    expect(rounds.wallMs.max).toBeGreaterThan(rounds.workMs.max ?? Number.POSITIVE_INFINITY);
    // The second started after the first ended, and the first wrote 100 streams at 0.5 ms each.
    expect(rounds.periodMs.max).toBeGreaterThanOrEqual(50);
  });

  it('a flush during a round brings every stream up to date once', async () => {
    const streams = createLiveStreams({ eventsSince: () => null, tickMs: 5, heartbeatMs: 60_000 });
    const sinks = Array.from({ length: 60 }, () => recorder(false));
    for (const { sink } of sinks) {
      slow(sink);
      streams.join('r1', sink, null);
    }
    const a = { number: 1, status: 'apartado', version: 1 };
    const b = { number: 2, status: 'pagado', version: 2 };
    streams.push('r1', [a]);
    await new Promise((resolve) => setTimeout(resolve, 12)); // the round is part way through
    expect(sinks.some((r) => r.sink.written.length === 0)).toBe(true);
    streams.push('r1', [b]);
    streams.flush();
    expect(sinks.every((r) => r.events().length === 2)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const r of sinks) expect(r.events()).toEqual([a, b]);
    streams.stop();
  });

  it('waits between rounds only as much as buyers waiting need, however busy the loop is otherwise', async () => {
    /** The idle time between one round's last write and the next round's first. */
    async function pauses(buyersWaiting: number, loopBusy: boolean) {
      const streams = createLiveStreams({
        eventsSince: () => null,
        tickMs: 5,
        heartbeatMs: 60_000,
        giveWayTo: { meanSinceLastLook: () => buyersWaiting },
      });
      const sinks = Array.from({ length: 60 }, () => recorder(true)); // a round writes for ~30 ms
      for (const { sink } of sinks) {
        slow(sink);
        streams.join('r1', sink, null);
      }
      const firstWrites: number[] = [];
      const lastWrites: number[] = [];
      const [first, last] = [sinks[0]?.sink, sinks.at(-1)?.sink] as LiveSink[];
      const [writeFirst, writeLast] = [first.write.bind(first), last.write.bind(last)];
      first.write = (frame) => {
        firstWrites.push(performance.now());
        writeFirst(frame);
      };
      last.write = (frame) => {
        writeLast(frame);
        lastWrites.push(performance.now());
      };
      let version = 0;
      const changes = setInterval(
        () => streams.push('r1', [{ number: 1, status: 'apartado', version: ++version }]),
        2,
      );
      let running = true;
      const spin = () => {
        if (!running) return;
        const until = performance.now() + 2;
        while (performance.now() < until);
        setImmediate(spin);
      };
      if (loopBusy) spin();
      await new Promise((resolve) => setTimeout(resolve, 600));
      running = false;
      clearInterval(changes);
      streams.stop();
      const waits = firstWrites.slice(1, 12).map((at, i) => at - (lastWrites[i] ?? at));
      return waits.sort((a, b) => a - b)[Math.floor(waits.length / 2)] ?? Number.NaN;
    }
    const rush = await pauses(50, false);
    const steady = await pauses(4, true);
    // Buyers queueing (more than MANY_WAITING under way): the rounds leave them about as long as
    // they write (~30 ms).
    expect(rush).toBeGreaterThan(20);
    // A handful under way, the loop busy with other work (pages, boards): the next round follows
    // after about a tick (5 ms), not after as long again.
    expect(steady).toBeLessThan(rush / 2);
  });

  it('pings only the raffles that had nothing to say since the last round, from one interval', async () => {
    const streams = createLiveStreams({ eventsSince: () => null, tickMs: 5, heartbeatMs: 60 });
    const quiet = recorder(true);
    const busy = recorder(true);
    streams.join('quiet', quiet.sink, null);
    streams.join('busy', busy.sink, null);
    let version = 0;
    const chatter = setInterval(() => {
      streams.push('busy', [{ number: 1, status: 'apartado', version: ++version }]);
    }, 10);
    await new Promise((resolve) => setTimeout(resolve, 300));
    clearInterval(chatter);
    streams.stop();
    const text = (r: ReturnType<typeof recorder>) => r.sink.chunks.map((c) => c.toString()).join('');
    expect(text(quiet)).toContain(': ping');
    expect(text(busy)).not.toContain(': ping');
  });
});
