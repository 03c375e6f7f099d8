// The app server the bench loads, in its own process: what server/main.ts starts (startServer: config
// from the environment, the data-dir lock, migrations, first admin, every job, redacted logs), on the
// 127.0.0.1 and free port the bench sets (printed as `BENCH_LISTENING <port>`), plus one bench-only
// route, `POST /__bench/control`, answering only with the BENCH_CONTROL_TOKEN the bench generated.
// Through it the bench runs SQL on PGlite's one connection inside this process (nothing else can
// open an embedded database that a server holds): checks and the naive flow, never a ceiling (one
// measured here would share the server's CPU; bench/db-reference.ts runs them in a process of its
// own). It exits when the bench's pipe closes.
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { loadConfig } from '../server/config';
import { boardBodyStats } from '../server/modules/tickets/board-body';
import { startServer } from '../server/start-server';
import { createNaiveTable, doubleSold, dropNaiveTable, naive, oldCreate, type Query } from './workloads';

// A collection on demand, for memory figures that are not a GC's timing (the live10k section).
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const config = loadConfig();
const controlToken = process.env.BENCH_CONTROL_TOKEN ?? '';
if (controlToken.length < 16) throw new Error('BENCH_CONTROL_TOKEN is required');

/** The event-loop delay's timer period (ms): see loopDelayStart. */
const LOOP_DELAY_RESOLUTION_MS = 1;

type Control = { op: string; args?: Record<string, unknown> };

const server = await startServer(config, {
  extend(app, database) {
    // The driver under drizzle: PGlite's client or the pg.Pool; both answer query(text, params) -> { rows }.
    const { db } = database;
    const driver = (db as unknown as { $client: { query: Query } }).$client;
    const query: Query = (text, params) => driver.query(text, params);
    // The event loop's delay while the bench measures something (issue 20: stalls ≤ 50 ms). Node's
    // histogram records the time between two ticks of a timer of `resolution` ms, so its max is the
    // longest stall plus up to one resolution (a 30 ms block reads 30-35 ms at 5 ms): at 1 ms the
    // figure overstates a stall by at most 1 ms, and never understates it.
    let loopDelay: IntervalHistogram | null = null;
    const operations: Record<string, (args: never) => Promise<unknown>> = {
      loopDelayStart: async () => {
        loopDelay?.disable();
        loopDelay = monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS });
        loopDelay.enable();
      },
      loopDelayStop: async () => {
        if (!loopDelay) return { maxMs: Number.NaN, p99Ms: Number.NaN };
        loopDelay.disable();
        return { maxMs: loopDelay.max / 1e6, p99Ms: loopDelay.percentile(99) / 1e6 };
      },
      query: (args: { text: string; params?: unknown[] }) => query(args.text, args.params),
      // The server's and, while it runs, the live streams' fan-out process's (decision 067).
      cpu: async () => {
        const own = process.cpuUsage();
        const fanout = (await app.services.hub.fanoutReport())?.cpu;
        return { user: own.user + (fanout?.user ?? 0), system: own.system + (fanout?.system ?? 0) };
      },
      boardBodyStats: async (args: { reset?: boolean }) => boardBodyStats(args.reset),
      rss: async () => process.memoryUsage.rss(),
      /** What the RSS is made of right now (no collection first: an export's garbage counts). */
      memoryNow: async () => process.memoryUsage(),
      liveStats: async () => app.services.hub.streamStats(),
      /**
       * After a collection, in bytes: live10k reads rss, heapUsed and external; memory all of it. The
       * fan-out process's, while it runs, are added: its streams are the server's (decision 067).
       */
      memory: async () => {
        collectGarbage();
        const own = process.memoryUsage();
        const fanout = (await app.services.hub.fanoutReport(true))?.memory;
        if (!fanout) return own;
        return {
          ...own,
          rss: own.rss + fanout.rss,
          heapUsed: own.heapUsed + fanout.heapUsed,
          external: own.external + fanout.external,
        };
      },
      createNaiveTable: () => createNaiveTable(query),
      dropNaiveTable: () => dropNaiveTable(query),
      naive: (args: Parameters<typeof naive>[1]) => naive(query, args),
      doubleSold: (args: { table: 'tickets' | 'bench_naive_tickets'; raffleId?: string }) =>
        doubleSold(query, args.table, args.raffleId),
      oldCreate: (args: Parameters<typeof oldCreate>[1]) => oldCreate(query, args),
    };
    app.post('/__bench/control', async (request, reply) => {
      if (request.headers['x-bench-token'] !== controlToken) return reply.status(404).send();
      const { op, args } = request.body as Control;
      const operation = operations[op];
      if (!operation) return reply.status(400).send({ error: `unknown op ${op}` });
      try {
        return { result: await operation((args ?? {}) as never) };
      } catch (error) {
        return reply.status(500).send({ error: error instanceof Error ? error.message : String(error) });
      }
    });
    // 10,000 SSE streams plus the load clients: no per-server connection cap in the way.
    app.server.maxConnections = 20_000;
  },
});

async function shutdown() {
  await server.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
// The bench holds our stdin: when it goes away (even killed), so do we.
process.stdin.on('end', () => void shutdown());
process.stdin.on('error', () => void shutdown());
process.stdin.resume();

process.stdout.write(`BENCH_LISTENING ${server.port} ${server.database.kind}\n`);
