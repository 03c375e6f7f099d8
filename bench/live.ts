// Live updates: `streams` open SSE streams on one raffle; reservations one after another; for each,
// the time from its 201 (as the buyer's client sees it) to its `ticket` event on every stream.
import http from 'node:http';
import type { Target } from './harness';
import { createRaffle } from './harness';
import { client, expect, openSse, request, type SseStream } from './http';
import { now, percentile, sleep } from './stats';
import { buyer } from './workloads';

export type LiveSizes = { reps: number; streams: number; reservationsPerRep: number; gapMs: number };

type Rep = {
  expected: number;
  delivered: number;
  beforeReply: number;
  p50: number;
  p99: number;
  max: number;
};
export type LiveResult = { sizes: LiveSizes; connectMs: number; reps: Rep[] };

const STRAGGLER_WAIT_MS = 5_000;

export async function benchLive(t: Target, s: LiveSizes): Promise<LiveResult> {
  const admin = client(t.port, 2, t.token);
  const buyerClient = client(t.port, 2);
  const sseAgent = new http.Agent({ keepAlive: true, maxSockets: s.streams + 10 });
  const streams: SseStream[] = [];
  try {
    const raffleId = (await createRaffle(admin, 10_000, 'Bench en vivo')).id;
    /** arrivals[stream] : number -> arrival time */
    const arrivals: Map<number, number>[] = Array.from({ length: s.streams }, () => new Map());
    const connectStart = now();
    for (let i = 0; i < s.streams; i += 50) {
      const batch: SseStream[] = [];
      for (let j = i; j < Math.min(s.streams, i + 50); j++) {
        const seen = arrivals[j] as Map<number, number>;
        batch.push(
          openSse(sseAgent, t.port, `/api/raffles/${raffleId}/events`, (event, data, at) => {
            if (event !== 'ticket') return;
            const { number } = JSON.parse(data) as { number: number };
            if (!seen.has(number)) seen.set(number, at);
          }),
        );
      }
      streams.push(...batch);
      await Promise.race([
        Promise.all(batch.map((b) => b.connected)),
        sleep(30_000).then(() => {
          throw new Error('SSE streams did not connect within 30 s');
        }),
      ]);
    }
    const connectMs = now() - connectStart;

    const reserve = async (number: number) =>
      expect(
        await request(buyerClient, 'POST', `/api/raffles/${raffleId}/reservations`, {
          body: { numbers: [number], buyer: buyer(400_000 + number) },
        }),
        201,
        'live reservation',
      ).end;

    // Warm-up: two reservations, not measured.
    await reserve(9_999);
    await reserve(9_998);
    await sleep(200);

    const reps: Rep[] = [];
    for (let rep = 0; rep < s.reps; rep++) {
      const replied = new Map<number, number>();
      for (let k = 0; k < s.reservationsPerRep; k++) {
        const number = rep * s.reservationsPerRep + k;
        replied.set(number, await reserve(number));
        await sleep(s.gapMs);
      }
      const expected = replied.size * s.streams;
      const count = () =>
        arrivals.reduce((sum, m) => sum + [...replied.keys()].filter((n) => m.has(n)).length, 0);
      const waitUntil = now() + STRAGGLER_WAIT_MS;
      while (count() < expected && now() < waitUntil) await sleep(20);
      const latencies: number[] = [];
      let beforeReply = 0;
      for (const m of arrivals) {
        for (const [number, at201] of replied) {
          const at = m.get(number);
          if (at === undefined) continue;
          if (at < at201) beforeReply++;
          latencies.push(Math.max(0, at - at201));
        }
      }
      reps.push({
        expected,
        delivered: latencies.length,
        beforeReply,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies.length ? Math.max(...latencies) : Number.NaN,
      });
      console.error(`  [${t.label}] live rep ${rep + 1}/${s.reps}:`, JSON.stringify(reps.at(-1)));
    }
    return { sizes: s, connectMs, reps };
  } finally {
    for (const stream of streams) stream.close();
    sseAgent.destroy();
    admin.agent.destroy();
    buyerClient.agent.destroy();
  }
}
