// Live updates for 10,000 open pages on one instance (issue 20, target 2; decision 030). Per database,
// on a server of its own:
// - reservations alone: 50 buyers back to back (bench/reservation-load.ts, own process), a phase;
// - 10,000 live streams opened by bench/sse-streams.ts (own process, `?batch=1` as the web app);
//   the server's heap + external memory before and after, after a GC: bytes per open stream;
// - 200 reservations a second for 20 s (bench/paced-reservations.ts, own process): per sampled
//   number, the time from its 201 to its arrival on every stream (computed in the streams' process),
//   and every change counted on every stream: delivered vs expected, duplicates, out of order;
// - reservations again, back to back, with the 10,000 streams open (the streams' process keeps
//   reading their bytes), then alone with them closed, then with them opened again, then alone:
//   the ratio of the means, with ÷ alone (the machine's other load drifts between phases).
// - the reference, after the app's server stopped: the same streams' process and paced buyers against
//   bench/sse-reference-server.ts (a bare node:http server that coalesces per tick and writes one
//   frame per stream, nothing of the app), for the floor this machine puts under delivery.
// Targets: delivery p99 < 250 ms, every event delivered, ≤ 10 KB per stream, ratio ≥ 0.5.
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { spawnBenchChild } from './child';
import {
  createRaffle,
  type DbKind,
  defaultPgUrl,
  onCleanup,
  root,
  startTarget,
  stopChild,
  type Target,
} from './harness';
import { client } from './http';
import { spawnReservationLoad } from './load-process';
import { processCpuMs } from './proc-cpu';
import { sleep } from './stats';

export type Live10kSizes = {
  streams: number;
  perSecond: number;
  seconds: number;
  /** Length of each back-to-back reservation phase. */
  phaseMs: number;
  buyers: number;
  /** Every n-th number of the steady phase is timed on every stream. */
  sampleEvery: number;
};

type Delivery = {
  streams: number;
  expected: number;
  delivered: number;
  unanswered: number;
  duplicates: number;
  cpuMs: number;
  outOfOrder: number;
  samples: number;
  missingSamples: number;
  beforeReply: number;
  p50: number;
  p99: number;
  max: number;
  closedByServer: number;
  bytes: number;
};
type Paced = {
  statuses: Record<string, number>;
  skipped: number;
  offeredPerSecond: number;
  answeredPerSecond: number;
  p50: number;
  p99: number;
};
type Memory = { heapUsed: number; external: number; rss: number };
type Percentiles = { p50: number | null; p99: number | null; max: number | null };
/** The server's rounds over its streams (`stats().rounds` of live-streams.ts; `wallMs` the app's only). */
type Rounds = {
  ended: number;
  writes: Percentiles;
  workMs: Percentiles;
  wallMs?: Percentiles;
  periodMs: Percentiles;
};
type LiveStats = {
  flushes: number;
  lagP50Ms: number | null;
  lagP99Ms: number | null;
  lagMaxMs: number | null;
  rounds?: Rounds;
};
export type Live10kResult = {
  connectMs: number;
  bytesPerStream: number;
  rssPerStream: number;
  /** CPU time per second of the steady phase: the server's and the streams' processes. */
  serverCpu: number;
  streamsCpu: number;
  serverLag: LiveStats | null;
  paced: Paced;
  delivery: Delivery;
  alone: number[];
  withStreams: number[];
  streamsCutMeanwhile: number;
  load: [number, number];
  /** The same streams and steady buyers against the bare reference server (null: it failed). */
  reference: Reference | null;
};
type Reference = {
  connectMs: number;
  rounds: Rounds | null;
  paced: Paced;
  delivery: Delivery;
  serverCpu: number;
  streamsCpu: number;
};

/** Numbers of the raffle each phase reserves from (a phase never reaches the next one's). */
const RAFFLE_SIZE = 500_000;
const FIRST = {
  warm: 450_000,
  alone: [0, 200_000, 350_000],
  steady: 100_000,
  loaded: [150_000, 300_000],
};

function child(script: string, args: (string | number)[]) {
  const proc: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, script), ...args.map(String)],
    { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const forget = onCleanup(`stop ${script} (pid ${proc.pid})`, () => stopChild(proc));
  const waiting: ((line: string) => void)[] = [];
  readline
    .createInterface({ input: proc.stdout as NodeJS.ReadableStream })
    .on('line', (line) => waiting.shift()?.(line));
  return {
    proc,
    forget,
    nextLine: () => new Promise<string>((resolve) => waiting.push(resolve)),
    send: (line: string) => proc.stdin?.write(`${line}\n`),
  };
}

/** Reservations per second that `buyers` back-to-back buyers got (201s) during `ms`. */
async function backToBack(t: Target, raffleId: string, buyers: number, first: number, ms: number) {
  const load = await spawnReservationLoad(t.port, raffleId, buyers, first);
  await sleep(ms);
  const samples = await load.stop();
  return (samples.statuses['201'] ?? 0) / (ms / 1000);
}

/** Opens the streams' process on `port` and waits until every stream is open. */
async function openStreamsOn(port: number, raffleId: string, s: Live10kSizes) {
  const streams = child('bench/sse-streams.ts', [
    port,
    raffleId,
    s.streams,
    FIRST.steady,
    s.perSecond * s.seconds,
    s.sampleEvery,
  ]);
  const opened = await Promise.race([
    streams.nextLine(),
    sleep(120_000).then(() => 'timeout'),
    new Promise<string>((resolve) => streams.proc.once('exit', (code) => resolve(`exit ${code}`))),
  ]);
  const connectMs = Number(/^STREAMS_OPEN (\d+)$/.exec(opened)?.[1] ?? Number.NaN);
  if (Number.isNaN(connectMs)) throw new Error(`the streams did not open: ${opened}`);
  return { ...streams, connectMs };
}

/**
 * The steady phase: `s.perSecond` reservations a second from their own process while the streams
 * are open; delivery as the streams saw it, and each process's CPU per second of the phase.
 */
async function steadyPhase(
  port: number,
  raffleId: string,
  s: Live10kSizes,
  streams: Awaited<ReturnType<typeof openStreamsOn>>,
  serverCpuMs: () => Promise<number>,
) {
  streams.send('report []');
  const streamsCpuBefore = (JSON.parse(await streams.nextLine()) as Delivery).cpuMs;
  const serverCpuBefore = await serverCpuMs();
  const steadyStart = performance.now();
  const buyers = child('bench/paced-reservations.ts', [port, raffleId, s.perSecond, s.seconds, FIRST.steady]);
  const pacedAll = JSON.parse(await buyers.nextLine()) as Paced & { replied: [number, number][] };
  await buyers.forget();
  await sleep(1_500); // the last ones' frames
  const steadyMs = performance.now() - steadyStart;
  const serverCpu = ((await serverCpuMs()) - serverCpuBefore) / steadyMs;
  streams.send(`report ${JSON.stringify(pacedAll.replied)}`);
  const delivery = JSON.parse(await streams.nextLine()) as Delivery;
  const streamsCpu = (delivery.cpuMs - streamsCpuBefore) / steadyMs;
  const { replied: _, ...paced } = pacedAll;
  return { paced, delivery, serverCpu, streamsCpu };
}

/** The steady phase against the bare reference server (bench/sse-reference-server.ts). */
async function measureReference(s: Live10kSizes): Promise<Reference | null> {
  const server = await spawnBenchChild('sse-reference-server.ts');
  try {
    const { port } = await server.call<{ port: number }>({});
    const streams = await openStreamsOn(port, 'reference', s);
    await sleep(1_000);
    const steady = await steadyPhase(port, 'reference', s, streams, async () => processCpuMs(server.pid));
    const { rounds } = await server.call<{ rounds: Rounds }>({});
    streams.send('stop');
    await streams.forget();
    console.error('  [reference] steady:', JSON.stringify({ ...steady, rounds }));
    return { connectMs: streams.connectMs, rounds, ...steady };
  } catch (error) {
    console.error('  [reference] failed:', error);
    return null;
  } finally {
    await server.stop();
  }
}

/** How the server writes its streams: on its main thread (the default) or from its fan-out process (decision 067). */
export const liveFanout = process.env.BENCH_LIVE_FANOUT === 'process' ? 'process' : 'inline';

export async function benchLive10k(kind: DbKind, s: Live10kSizes): Promise<Live10kResult> {
  const loadAtStart = os.loadavg()[0] ?? Number.NaN;
  const t = await startTarget(kind, defaultPgUrl, { LIVE_FANOUT: liveFanout });
  try {
    const admin = client(t.port, 2, t.token);
    const raffleId = (await createRaffle(admin, RAFFLE_SIZE, 'Bench 10.000 páginas')).id;
    admin.agent.destroy();
    await backToBack(t, raffleId, s.buyers, FIRST.warm, 2_000); // JIT, pools, plans: not measured
    const alone: number[] = [];
    const withStreams: number[] = [];
    const measureAlone = async () => {
      alone.push(await backToBack(t, raffleId, s.buyers, FIRST.alone[alone.length] ?? 0, s.phaseMs));
      console.error(`  [${t.label}] reservations alone: ${alone.at(-1)?.toFixed(0)}/s`);
    };
    const openStreams = () => openStreamsOn(t.port, raffleId, s);
    /** Back to back with the streams open (their process reads the bytes, parses nothing). */
    const measureWithStreams = async (streams: Awaited<ReturnType<typeof openStreams>>) => {
      streams.send('drain');
      streams.send('report []');
      const closedBefore = (JSON.parse(await streams.nextLine()) as Delivery).closedByServer;
      withStreams.push(
        await backToBack(t, raffleId, s.buyers, FIRST.loaded[withStreams.length] ?? 0, s.phaseMs),
      );
      streams.send('report []');
      const cut = (JSON.parse(await streams.nextLine()) as Delivery).closedByServer - closedBefore;
      console.error(`  [${t.label}] reservations with the streams open: ${withStreams.at(-1)?.toFixed(0)}/s`);
      streams.send('stop');
      await streams.forget();
      await sleep(1_000);
      return cut;
    };

    await measureAlone();
    const before = await t.control<Memory>('memory');
    const streams = await openStreams();
    const { connectMs } = streams;
    await sleep(1_000);
    const after = await t.control<Memory>('memory');
    const bytesPerStream = (after.heapUsed + after.external - before.heapUsed - before.external) / s.streams;
    const rssPerStream = (after.rss - before.rss) / s.streams;
    console.error(
      `  [${t.label}] ${s.streams} streams open in ${connectMs} ms; ${(bytesPerStream / 1024).toFixed(1)} KB heap+external per stream`,
    );

    type Cpu = { user: number; system: number };
    const cpuMs = (c: Cpu) => (c.user + c.system) / 1000;
    // An overloaded server may not answer its control route in time: the CPU figure is then n/a.
    const serverCpuMs = () => t.control<Cpu>('cpu').then(cpuMs, () => Number.NaN);
    const { paced, delivery, serverCpu, streamsCpu } = await steadyPhase(
      t.port,
      raffleId,
      s,
      streams,
      serverCpuMs,
    );
    // The server's own share of the delay (change in → written to every stream), apart from the
    // streams' process, which reads 10,000 sockets on the same 2 cores; before decision 030: n/a.
    const serverLag = await t.control<LiveStats>('liveStats').catch(() => null);
    console.error(`  [${t.label}] steady ${s.perSecond}/s:`, JSON.stringify({ paced, delivery }));

    // Alternated: with, alone, with, alone; the machine's other load drifts between phases.
    let cut = await measureWithStreams(streams);
    await measureAlone();
    cut += await measureWithStreams(await openStreams());
    await measureAlone();
    const load: [number, number] = [loadAtStart, os.loadavg()[0] ?? Number.NaN];
    await t.stop();
    const reference = await measureReference(s);
    return {
      connectMs,
      bytesPerStream,
      rssPerStream,
      serverCpu,
      streamsCpu,
      serverLag,
      paced,
      delivery,
      alone,
      withStreams,
      streamsCutMeanwhile: cut,
      load,
      reference,
    };
  } finally {
    await t.stop();
  }
}
