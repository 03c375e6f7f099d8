// The app server the bench loads, in its own process: what server/main.ts does (config from the
// environment, the data-dir lock, migrations, first admin, the expiry and PGlite ANALYZE jobs), but
// listening on 127.0.0.1 and a free port (printed as `BENCH_LISTENING <port>`), plus one bench-only
// route, `POST /__bench/control`, answering only with the BENCH_CONTROL_TOKEN the bench generated.
// Through it the bench runs SQL workloads on PGlite's one connection inside this process (nothing
// else can open an embedded database that a server holds). It exits when the bench's pipe closes.
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { acquireDataDirLock } from '../server/lib/data-dir-lock';
import { startAnalyzeJobIfNeeded } from '../server/modules/tickets/analyze.job';
import { startReservationExpiryJob } from '../server/modules/tickets/expiry.job';
import {
  ceiling,
  createNaiveTable,
  doubleSold,
  dropNaiveTable,
  naive,
  oldCreate,
  type Query,
  reservationStatement,
} from './workloads';

const config = loadConfig();
const controlToken = process.env.BENCH_CONTROL_TOKEN ?? '';
if (controlToken.length < 16) throw new Error('BENCH_CONTROL_TOKEN is required');

const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDataDir: path.join(config.dataDir, 'pgdata'),
});
const app = await buildApp({
  config: { ...config, uploadsDir: path.join(config.dataDir, 'uploads') },
  database,
  logger: { level: config.logLevel },
});
await app.services.users.ensureFirstAdmin(config, app.log);
const stopExpiryJob = startReservationExpiryJob(
  app.services.tickets,
  app.log,
  config.reservationSweepSeconds * 1000,
);
const stopAnalyzeJob = await startAnalyzeJobIfNeeded(database.kind, app.services.tickets, app.log);

// The driver under drizzle: PGlite's client or the pg.Pool; both answer query(text, params) -> { rows }.
const driver = (database.db as unknown as { $client: { query: Query } }).$client;
const query: Query = (text, params) => driver.query(text, params);

type Control = { op: string; args?: Record<string, unknown> };
const operations: Record<string, (args: never) => Promise<unknown>> = {
  query: (args: { text: string; params?: unknown[] }) => query(args.text, args.params),
  ceiling: (args: Parameters<typeof ceiling>[1]) => ceiling(query, args),
  reservationStatement: (args: Parameters<typeof reservationStatement>[1]) =>
    reservationStatement(database.db, args),
  cpu: async () => process.cpuUsage(),
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

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  stopExpiryJob();
  stopAnalyzeJob();
  await app.close().catch(() => {});
  await database.close().catch(() => {});
  releaseLock();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
// The bench holds our stdin: when it goes away (even killed), so do we.
process.stdin.on('end', () => void shutdown());
process.stdin.on('error', () => void shutdown());
process.stdin.resume();

// Hundreds of SSE streams and load clients: no per-server connection cap in the way.
app.server.maxConnections = 10_000;
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`BENCH_LISTENING ${port} ${database.kind}\n`);
