import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { LOCK_KEYS } from '../lib/lock-keys';
import type { WorkerData } from './pglite-worker';
import { startPgliteWorker } from './pglite-worker-client';
import { DEFAULT_PARALLEL_SETUP_COST } from './postgres-settings';
import * as coreSchema from './schema';
import * as moneySchema from './schema-money';
import * as operationsSchema from './schema-operations';
import * as prizesSchema from './schema-prizes';
import * as reconciliationSchema from './schema-reconciliation';
import * as sellerSchema from './schema-sellers';

const schema = {
  ...coreSchema,
  ...moneySchema,
  ...prizesSchema,
  ...operationsSchema,
  ...sellerSchema,
  ...reconciliationSchema,
};
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or an open transaction. */
export type Executor = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  kind: DatabaseKind;
  db: Db;
  /**
   * For long reads made of many short statements (the staff exports): on PGlite their statements
   * wait while a buyer's is pending (pglite-worker-client.ts, decision 070); `db` without it.
   */
  exportDb?: Db;
  /** Subscribe to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Called after the listening connection was lost and is back: notifications sent meanwhile are
   * gone, so whoever caches what they said must read it again. (PGlite's never drops.)
   */
  onListenerReset?(callback: () => void): void;
  close(): Promise<void>;
};

/** Waits between attempts to get the LISTEN connection back: 0.5 s doubling to 30 s. */
const relistenDelay = (attempt: number) => Math.min(30_000, 500 * 2 ** attempt);
/** How often the LISTEN connection is asked a trivial query, and how long it has to answer. */
const LISTENER_HEARTBEAT_MS = 5_000;
const LISTENER_TIMEOUT_MS = 3_000;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions = {
  databaseUrl?: string | null;
  pgliteDataDir?: string;
  /** PGlite: start from this file, a tarball of PGlite's dumpDataDir(), instead of an empty cluster. */
  pgliteLoadDataDir?: string;
  /** PGlite's shared_buffers (config PGLITE_SHARED_BUFFERS); its worker's default without it. */
  pgliteSharedBuffers?: string;
  /**
   * PGlite: the worker thread's script, a built pglite-worker.mjs (the tests build it once per run:
   * a worker that registers tsx takes ~0.4 s longer to start); the one beside client.ts without it.
   */
  pgliteWorkerEntry?: string;
  /** PostgreSQL: parallel_setup_cost on every connection (postgres-settings.ts). */
  pgParallelSetupCost?: number;
  /**
   * false when the database comes already migrated (the tests' template database or dump): saves
   * reading every migration again. Servers always migrate at start.
   */
  migrate?: boolean;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrate = options.migrate ?? true;
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, migrate, options.pgParallelSetupCost ?? DEFAULT_PARALLEL_SETUP_COST)
    : openPglite(
        {
          dataDir: options.pgliteDataDir,
          loadDataDir: options.pgliteLoadDataDir,
          sharedBuffers: options.pgliteSharedBuffers,
        },
        migrate,
        options.pgliteWorkerEntry,
      );
}

async function openPglite(location: WorkerData, migrate: boolean, workerEntry?: string): Promise<Database> {
  // PGlite runs each statement synchronously (WASM): a worker thread owns it, so a long statement
  // never freezes the HTTP thread (decision 009). No dataDir = in-memory (tests).
  const client = await startPgliteWorker(location, workerEntry);
  const db = drizzlePglite({ client: client as never, schema }) as unknown as Db;
  try {
    if (migrate) await migratePglite(db as never, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  const exportDb = drizzlePglite({
    client: { query: client.backgroundQuery, transaction: client.transaction } as never,
    schema,
  }) as unknown as Db;
  return { kind: 'pglite', db, exportDb, listen: client.listen, close: client.close };
}

async function openPostgres(
  connectionString: string,
  migrate: boolean,
  parallelSetupCost: number,
): Promise<Database> {
  // A database that stops answering must not hold requests forever: a connection not made within
  // 5 s fails (503 DATABASE_UNAVAILABLE), and TCP keep-alive finds connections cut silently.
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    // Each new connection runs this before its first query (a SET, not a startup option: PgBouncer
    // refuses `options`). A connection where it fails is closed, and its first query fails with it.
    onConnect: (client) =>
      client.query(`SET parallel_setup_cost = ${Math.max(0, Math.trunc(parallelSetupCost))}`).then(() => {}),
  });
  pool.on('error', () => {
    /* idle client errors are reported by the query that meets them */
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  if (migrate) {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [LOCK_KEYS.migrations]);
      await migratePg(db as never, { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [LOCK_KEYS.migrations]).catch(() => {});
      lockClient.release();
    }
  }
  // LISTEN needs one dedicated connection for the life of the process; when it drops (a database
  // restart, a network cut) it is opened again, every channel listened again, and the resets told.
  let listener: pg.Client | null = null;
  let closing = false;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const resets = new Set<() => void>();
  const listenTo = (client: pg.Client, channel: string) =>
    client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
  async function connectListener() {
    const client = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: 5_000 });
    client.on('notification', (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    const lost = () => {
      if (listener !== client) return;
      listener = null;
      client.removeAllListeners('end');
      client.end().catch(() => {});
      if (!closing) void relisten(0);
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    // A cut that sends nothing (a proxy or a network that drops packets) never ends the socket:
    // a query every few seconds that must answer in time finds it, and the client is replaced.
    const heartbeat = setInterval(() => {
      if (listener !== client) return clearInterval(heartbeat);
      const timeout = new Promise((_, reject) =>
        setTimeout(() => reject(new Error('LISTEN connection silent')), LISTENER_TIMEOUT_MS).unref(),
      );
      Promise.race([client.query('select 1'), timeout]).catch(() => {
        clearInterval(heartbeat);
        lost();
      });
    }, LISTENER_HEARTBEAT_MS);
    heartbeat.unref();
    return client;
  }
  async function relisten(attempt: number) {
    await new Promise((resolve) => setTimeout(resolve, relistenDelay(attempt)).unref());
    if (closing || listener) return;
    try {
      const client = await connectListener();
      for (const channel of handlers.keys()) await listenTo(client, channel);
      listener = client;
      for (const reset of resets) reset();
    } catch {
      if (!closing) void relisten(attempt + 1);
    }
  }
  async function ensureListener() {
    if (listener) return listener;
    listener = await connectListener();
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
        await listenTo(client, channel);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    onListenerReset: (callback) => resets.add(callback),
    async close() {
      closing = true;
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

/**
 * A hot statement prepared once per PostgreSQL connection (a named statement: parsed and planned
 * once, then only bound and run). `text` uses $1..$n, each once and in order. Inside a transaction,
 * or on PGlite (one connection in a worker, no parse cost worth a cache), it runs as a plain
 * parameterized query, rebuilt from the same text.
 */
export async function preparedRows<T>(
  db: Executor,
  name: string,
  text: string,
  params: unknown[],
): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool && !(db instanceof PgTransaction)) {
    return (await client.query({ name, text, values: params })).rows as T[];
  }
  const parts = text.split(/\$\d+/);
  return queryRows<T>(
    db,
    sql.join(parts.map((part, i) => (i < params.length ? sql`${sql.raw(part)}${params[i]}` : sql.raw(part)))),
  );
}

/** Raw SQL (always parameterized through drizzle's `sql` tag) returning typed rows on both drivers. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The total behind a page read with `count(*) over ()`: from its first row, or, when the page is
 * empty past the first one (an offset beyond the rows), from `countQuery`; an empty first page is 0.
 */
export async function pageTotal(
  db: Executor,
  firstRowTotal: number | undefined,
  offset: number,
  countQuery: SQL,
): Promise<number> {
  if (firstRowTotal !== undefined) return Number(firstRowTotal);
  if (offset <= 0) return 0;
  return Number((await queryRows<{ n: number }>(db, countQuery))[0]?.n ?? 0);
}
