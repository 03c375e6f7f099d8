import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { startPgliteWorker } from './pglite-worker-client';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or an open transaction. */
export type Executor = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  kind: DatabaseKind;
  db: Db;
  /** Subscribe to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Arbitrary constant: instances starting together run migrations one at a time.
const MIGRATION_LOCK_KEY = 727_001;

export type DatabaseOptions = { databaseUrl?: string; pgliteDataDir?: string };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.pgliteDataDir);
}

async function openPglite(dataDir?: string): Promise<Database> {
  // PGlite runs each statement synchronously (WASM): a worker thread owns it, so a long statement
  // never freezes the HTTP thread (decision 009). No dataDir = in-memory (tests).
  const client = await startPgliteWorker(dataDir);
  const db = drizzlePglite({ client: client as never, schema }) as unknown as Db;
  try {
    await migratePglite(db as never, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { kind: 'pglite', db, listen: client.listen, close: client.close };
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('error', () => {
    /* idle client errors are reported by the query that meets them */
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(db as never, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  // LISTEN needs one dedicated connection for the life of the process.
  let listener: pg.Client | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  async function ensureListener() {
    if (listener) return listener;
    listener = new pg.Client({ connectionString });
    await listener.connect();
    listener.on('notification', (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    return listener;
  }
  return {
    kind: 'postgres',
    db,
    async listen(channel, onPayload) {
      const client = await ensureListener();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async close() {
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** Raw SQL (always parameterized through drizzle's `sql` tag) returning typed rows on both drivers. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
