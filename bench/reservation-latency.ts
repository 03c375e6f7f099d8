// Reservation latency under a crowd, on PGlite on disk through HTTP (decision 009):
//   node --import tsx bench/reservation-latency.ts [--in-process] [--seconds 10] [--buyers 50]
// `--in-process` runs PGlite on the HTTP thread, as before the worker, to compare on the same machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type Database, type Db, openDatabase } from '../server/db/client';
import { pgliteExtensions } from '../server/db/pglite-extensions';
import * as schema from '../server/db/schema';
import { startApp } from './scenarios';

const { values } = parseArgs({
  options: {
    'in-process': { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    buyers: { type: 'string', default: '50' },
  },
});
const seconds = Number(values.seconds);
const buyers = Number(values.buyers);

async function openInProcess(dataDir: string): Promise<Database> {
  const client = await PGlite.create({ dataDir, extensions: pgliteExtensions });
  const db = drizzle({ client, schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder: path.join(import.meta.dirname, '../server/db/migrations') });
  return {
    kind: 'pglite',
    db,
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => client.close(),
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-latency-'));
const database = values['in-process'] ? await openInProcess(dir) : await openDatabase({ pgliteDataDir: dir });
const { app, base, token } = await startApp(database);
const created = await fetch(`${base}/api/raffles`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify({ name: 'Latencia', price_cents: 100, total_numbers: 100_000, digit_count: 5 }),
});
const raffleId = ((await created.json()) as { id: string }).id;

// The crowd runs on its own thread, so its fetch calls do not queue behind the server's event loop.
const crowd = new Worker(
  `const { parentPort, workerData: { url, buyers, until } } = require('node:worker_threads');
  const latencies = [];
  const statuses = {};
  let next = 0;
  async function buyer() {
    while (Date.now() < until) {
      const i = next++;
      const start = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          numbers: [i],
          buyer: { name: 'Comprador ' + i, phone: '0414-1234567', address: 'Av. Bolívar, San Cristóbal', cedula: 'V-' + (10000000 + i) },
        }),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - start);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  }
  Promise.all(Array.from({ length: buyers }, buyer)).then(() => parentPort.postMessage({ latencies, statuses }));`,
  {
    eval: true,
    workerData: {
      url: `${base}/api/raffles/${raffleId}/reservations`,
      buyers,
      until: Date.now() + seconds * 1000,
    },
  },
);
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const { latencies, statuses } = await new Promise<{ latencies: number[]; statuses: Record<string, number> }>(
  (resolve, reject) => crowd.once('message', resolve).once('error', reject),
);
loopDelay.disable();
await crowd.terminate();

const sorted = [...latencies].sort((a, b) => a - b);
const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
const p50 = at(0.5);
const p99 = at(0.99);
console.log(
  JSON.stringify({
    pglite: values['in-process'] ? 'in-process' : 'worker',
    buyers,
    requests: latencies.length,
    per_s: Math.round(latencies.length / seconds),
    statuses,
    p50_ms: p50,
    p99_ms: p99,
    max_ms: Math.round(sorted.at(-1) ?? 0),
    p99_over_p50: Math.round((p99 / Math.max(p50, 1)) * 10) / 10,
    loop_delay_max_ms: Math.round(loopDelay.max / 1e6),
    loop_delay_p99_ms: Math.round(loopDelay.percentile(99) / 1e6),
  }),
);
await app.close();
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
