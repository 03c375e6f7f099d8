// The database references of the reservations section, in a process of their own (bench/child.ts):
//   node --import tsx bench/db-reference.ts postgres <databaseUrl> | pglite
// PostgreSQL: a pg.Pool of 50 connections to the server's database. PGlite is embedded: nothing
// else can open the server's data directory, so this process owns a PGlite of its own, on disk in
// a temp dir, migrated like the server's and run the way the server runs it (decision 009: in a
// worker thread, fed by callers on the main thread). Its ceiling is "a process that does nothing
// but write sales to its PGlite, as fast as its callers ask": no HTTP, no app.
// Commands: prepare (three raffles on sale), single, batched, path (the app's batcher), the naive flow.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Db, openDatabase } from '../server/db/client';
import * as schema from '../server/db/schema';
import { serveCommands } from './child';
import { percentile } from './stats';
import {
  batchedCeiling,
  ceiling,
  createNaiveTable,
  dropNaiveTable,
  naive,
  type Query,
  reservationStatement,
} from './workloads';

const [kind, databaseUrl] = process.argv.slice(2);
let query: Query;
let db: Db;
if (kind === 'postgres') {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 50 });
  pool.on('error', () => {});
  query = (text, params) => pool.query(text, params);
  db = drizzle({ client: pool, schema }) as unknown as Db;
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-bench-reference-'));
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const database = await openDatabase({ pgliteDataDir: dataDir });
  db = database.db;
  const driver = (db as unknown as { $client: { query: Query } }).$client;
  query = (text, params) => driver.query(text, params);
}

type Phase = { raffleId: string; from: number; count: number; concurrency: number; timeLimitMs: number };

serveCommands(async (command) => {
  const { op, ...args } = command as { op: string } & Record<string, unknown>;
  switch (op) {
    case 'prepare': {
      // Raffles on sale, as the API makes them: 100,000 numbers (5 digits, as the rows written).
      const ids: string[] = [];
      for (const name of ['Bench techo SQL', 'Bench techo por lotes', 'Bench camino de reserva']) {
        const { rows } = await query(
          `insert into raffles (name, price_cents, total_numbers, digit_count, status)
           values ($1, 100, 100000, 5, 'activa') returning id`,
          [name],
        );
        ids.push(String(rows[0]?.id));
      }
      return { single: ids[0], batched: ids[1], path: ids[2] };
    }
    case 'single':
      return strip(await ceiling(query, args as Phase));
    case 'batched':
      return strip(await batchedCeiling(query, args as Phase & { rowsPerTransaction: number }));
    // The naive flow (SPEC 7) on a scratch table here too: on PostgreSQL the pool of 50 is this one
    // (a second pool of 50 in the bench would pass max_connections = 100 with the server's 10).
    case 'createNaiveTable':
      return createNaiveTable(query);
    case 'dropNaiveTable':
      return dropNaiveTable(query);
    case 'naive': {
      const { latencies: _, ...rest } = await naive(query, args as Parameters<typeof naive>[1]);
      return rest;
    }
    case 'path':
      return strip(await reservationStatement(db, args as Phase));
    default:
      throw new Error(`unknown op ${op}`);
  }
});

/** Percentiles here: thousands of latencies need not cross the pipe. */
function strip(run: { ms: number; done: number; latencies: number[] }) {
  return {
    ms: run.ms,
    done: run.done,
    p50: percentile(run.latencies, 50),
    p99: percentile(run.latencies, 99),
  };
}
