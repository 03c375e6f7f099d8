// The thread that owns PGlite (decision 009). PGlite runs each statement synchronously in WASM, so
// on the HTTP thread a long statement froze every request; here it only holds up other statements,
// which wait for the one PostgreSQL session anyway. Started by pglite-worker-client.ts through
// pglite-worker.mjs; speaks the messages below and nothing else.
import { openAsBlob } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pgliteExtensions } from './pglite-extensions';
import { DEFAULT_PGLITE_SHARED_BUFFERS, PGLITE_START_SETTINGS } from './pglite-settings';

/** A query as drizzle sends it; `rawTypes` are the type OIDs it wants as the text PostgreSQL sent. */
export type WorkerQuery = {
  sql: string;
  params: unknown[];
  rowMode?: 'array' | 'object';
  rawTypes: number[];
  paramTypes?: number[];
};

export type WorkerRequest = { id: number } & (
  | { op: 'query'; query: WorkerQuery; txId?: number }
  | { op: 'begin' }
  | { op: 'end'; txId: number; commit: boolean }
  | { op: 'listen'; channel: string; listenId: number }
  | { op: 'unlisten'; listenId: number }
  | { op: 'close' }
);

/** An error as plain data: message, name, stack and its own fields (code, detail, constraint…). */
export type WorkerError = { message: string; name: string; stack?: string; fields: Record<string, unknown> };

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; error: WorkerError }
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; error: WorkerError }
  | { kind: 'notification'; listenId: number; payload: string };

/**
 * Where PGlite's data lives: `dataDir` on disk, else in memory; `loadDataDir` is the path of a
 * dumpDataDir() tarball to start from (the tests' migrated dump) instead of an empty cluster.
 */
export type WorkerData = { dataDir?: string; loadDataDir?: string; sharedBuffers?: string };

type OpenTransaction = { tx: Transaction; finish: (commit: boolean) => void; done: Promise<void> };

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const post = (message: WorkerMessage) => port.postMessage(message);

const { dataDir, loadDataDir, sharedBuffers = DEFAULT_PGLITE_SHARED_BUFFERS } = workerData as WorkerData;
const transactions = new Map<number, OpenTransaction>();
const unlisteners = new Map<number, () => Promise<void>>();
let lastTxId = 0;

const passThrough = (value: string) => value;
function queryOptions(query: WorkerQuery): QueryOptions {
  const parsers: Record<number, (value: string) => string> = {};
  for (const oid of query.rawTypes) parsers[oid] = passThrough;
  return { rowMode: query.rowMode, parsers, paramTypes: query.paramTypes };
}

/**
 * PGlite's own transaction(), held open across messages: it runs BEGIN, then the statements sent
 * with this txId, then COMMIT or ROLLBACK when told. Until then PGlite's transaction mutex makes
 * every statement from outside wait, exactly as it does in-process.
 */
function begin(pg: PGlite): Promise<number> {
  const txId = ++lastTxId;
  return new Promise((started, failed) => {
    let finish: (commit: boolean) => void = () => {};
    const decided = new Promise<boolean>((resolve) => {
      finish = resolve;
    });
    const done = pg
      .transaction(async (tx) => {
        transactions.set(txId, { tx, finish, done });
        started(txId);
        if (!(await decided)) await tx.rollback();
      })
      .finally(() => transactions.delete(txId));
    done.catch(failed); // BEGIN failed; once started, the outcome goes to the 'end' request instead
  });
}

async function run(pg: PGlite, request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const { query, txId } = request;
      if (txId === undefined) return pg.query(query.sql, query.params, queryOptions(query));
      const open = transactions.get(txId);
      if (!open) throw new Error('Transaction is closed');
      return open.tx.query(query.sql, query.params, queryOptions(query));
    }
    case 'begin':
      return begin(pg);
    case 'end': {
      const open = transactions.get(request.txId);
      if (!open) throw new Error('Transaction is closed');
      open.finish(request.commit);
      return open.done;
    }
    case 'listen': {
      const { listenId } = request;
      const unlisten = await pg.listen(request.channel, (payload) =>
        post({ kind: 'notification', listenId, payload }),
      );
      unlisteners.set(listenId, unlisten);
      return;
    }
    case 'unlisten': {
      const unlisten = unlisteners.get(request.listenId);
      unlisteners.delete(request.listenId);
      return unlisten?.();
    }
    case 'close':
      return pg.close();
  }
}

function toWorkerError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  // queryOptions holds parser functions, which cannot cross threads; the rest is plain data.
  for (const [key, value] of Object.entries(error)) {
    if (key !== 'queryOptions' && typeof value !== 'function') fields[key] = value;
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

function reply(id: number, outcome: Promise<unknown>) {
  outcome.then(
    (value) => post({ kind: 'reply', id, ok: true, value }),
    (error: unknown) => {
      const details = toWorkerError(error);
      try {
        post({ kind: 'reply', id, ok: false, error: details });
      } catch {
        // A field that cannot be cloned: the message and SQLSTATE are what callers look at.
        const { code, detail, constraint } = details.fields;
        post({ kind: 'reply', id, ok: false, error: { ...details, fields: { code, detail, constraint } } });
      }
    },
  );
}

/**
 * `npm start` runs with --expose-gc (decision 032): once this thread has been idle for a moment, a
 * full collection gives back what start-up, migrations or a large read left behind, which an idle
 * thread would otherwise keep for good. Elsewhere (tests, tsx) there is no gc and nothing happens.
 */
const gc = (globalThis as { gc?: () => void }).gc;
let idleTimer: NodeJS.Timeout | null = null;
function collectWhenIdle() {
  if (!gc) return;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(gc, 2_000);
  idleTimer.unref();
}

try {
  const pg = await PGlite.create({
    extensions: pgliteExtensions,
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${sharedBuffers}`,
      ...PGLITE_START_SETTINGS,
    ],
    ...(dataDir && { dataDir }),
    // A Blob over the file, read by PGlite once: a Blob made from the file's bytes copied them again
    // (the tests' dump, ~28 MB: ~0.4 s more a test file on a 2-core machine, decision 075).
    ...(loadDataDir && { loadDataDir: await openAsBlob(loadDataDir) }),
  });
  port.on('message', (request: WorkerRequest) => {
    collectWhenIdle();
    reply(request.id, run(pg, request));
  });
  post({ kind: 'ready' });
} catch (error) {
  post({ kind: 'failed', error: toWorkerError(error) });
}
