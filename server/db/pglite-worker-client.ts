// The HTTP thread's side of the PGlite worker (decision 009): the part of PGlite's API that drizzle's
// pglite session calls (query, transaction, and query inside a transaction) plus listen and close,
// each forwarded to pglite-worker.ts as a message and answered by id.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { WorkerData, WorkerError, WorkerMessage, WorkerQuery, WorkerRequest } from './pglite-worker';

type Request = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;
type Query = (sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

export type PgliteWorkerClient = {
  query: Query;
  /**
   * The same statements on the background lane: each waits until no other statement is pending
   * (at most `BACKGROUND_MAX_WAIT_MS`), so a buyer's statement never queues behind more than the
   * one in flight. For long reads made of many short statements: the staff exports' chunks.
   */
  backgroundQuery: Query;
  transaction<T>(callback: (tx: { query: Query }) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/** The error PGlite threw in the worker, with the same fields: code (SQLSTATE), detail, constraint… */
function fromWorkerError({ message, name, stack, fields }: WorkerError): Error {
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  if (stack) error.stack = stack;
  return error;
}

const PROBE = '\u0000pglite-worker-probe';

/**
 * How long a background statement may wait for the foreground to go quiet before it runs anyway:
 * under a steady stream of buyers an export still moves (a chunk every 25 ms at worst), and a
 * buyer meets at most one chunk.
 */
export const BACKGROUND_MAX_WAIT_MS = 25;
const converted = new WeakMap<QueryOptions, Omit<WorkerQuery, 'sql' | 'params'>>();

/**
 * Functions cannot cross threads. drizzle's parsers only keep dates, intervals and numeric arrays
 * as PostgreSQL's text, so they travel as a list of type OIDs; anything else is refused loudly.
 */
function toWorkerOptions(options: QueryOptions = {}): Omit<WorkerQuery, 'sql' | 'params'> {
  const known = converted.get(options);
  if (known) return known;
  const { rowMode, parsers = {}, paramTypes, ...rest } = options;
  const unsupported = Object.keys(rest).filter((key) => rest[key as keyof typeof rest] !== undefined);
  if (unsupported.length)
    throw new Error(`PGlite worker: unsupported query options ${unsupported.join(', ')}`);
  const rawTypes = Object.entries(parsers).map(([oid, parse]) => {
    if (parse(PROBE, Number(oid)) !== PROBE)
      throw new Error(`PGlite worker: only pass-through parsers can cross threads (type ${oid})`);
    return Number(oid);
  });
  const result = { rowMode, rawTypes, paramTypes };
  converted.set(options, result);
  return result;
}

/**
 * Starts the worker, opens PGlite in it (in memory without `dataDir`; from a dump with `loadDataDir`)
 * and resolves once it is ready. `entry`: the worker's script, pglite-worker.mjs beside this file
 * unless given (the tests' one build of it per run, server/test/global-setup.ts).
 */
export async function startPgliteWorker(
  workerData: WorkerData = {},
  entry: string | URL = new URL('./pglite-worker.mjs', import.meta.url),
): Promise<PgliteWorkerClient> {
  const { dataDir } = workerData;
  if (dataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) {
    // A new data dir: PGlite runs initdb in a second WASM instance that, closed, stays in the
    // thread's heap until a collection the idle server never makes (decision 032). It runs in a
    // thread of its own that ends here, and the server's thread opens the initialized cluster.
    await (await openWorker({ dataDir, sharedBuffers: workerData.sharedBuffers }, entry)).close();
  }
  return openWorker(workerData, entry);
}

async function openWorker(workerData: WorkerData, entry: string | URL): Promise<PgliteWorkerClient> {
  // execArgv: [] because the entry registers tsx itself (or is built JavaScript); the parent's
  // flags (vitest's, --watch) are not for it.
  const worker = new Worker(entry, { workerData, execArgv: [] });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<number, (payload: string) => void>();
  let lastId = 0;
  let stopped: Error | null = null;
  /** Foreground requests sent and not yet answered; background ones wait in order, one sent at a time. */
  let foreground = 0;
  const background: { since: number; send: () => Promise<unknown> }[] = [];
  let backgroundBusy = false;
  let backgroundTimer: NodeJS.Timeout | null = null;
  const scheduleBackground = (delay: number) => {
    if (backgroundTimer) clearTimeout(backgroundTimer);
    backgroundTimer = setTimeout(sendBackground, delay);
  };
  /**
   * Sends the next background statement once nothing else is pending, checked a timer's turn
   * later: a request whose statement was just answered sends its next one from the answer's
   * continuation, before that turn, and goes first.
   */
  function sendBackground() {
    backgroundTimer = null;
    const next = background[0];
    if (!next || backgroundBusy) return;
    const waited = performance.now() - next.since;
    if (foreground > 0 && waited < BACKGROUND_MAX_WAIT_MS)
      return scheduleBackground(BACKGROUND_MAX_WAIT_MS - waited);
    background.shift();
    backgroundBusy = true;
    void next.send().finally(() => {
      backgroundBusy = false;
      if (background.length > 0) scheduleBackground(0);
    });
  }

  let ready: { resolve: () => void; reject: (error: Error) => void } | null = null;
  const started = new Promise<void>((resolve, reject) => {
    ready = { resolve, reject };
  });

  worker.on('message', (message: WorkerMessage) => {
    if (message.kind === 'reply') {
      const call = pending.get(message.id);
      pending.delete(message.id);
      // Idle, the worker must not keep the process alive (in-process PGlite never did).
      if (pending.size === 0) worker.unref();
      if (message.ok) call?.resolve(message.value);
      else call?.reject(fromWorkerError(message.error));
    } else if (message.kind === 'notification') {
      listeners.get(message.listenId)?.(message.payload);
    } else if (message.kind === 'ready') {
      ready?.resolve();
    } else {
      ready?.reject(fromWorkerError(message.error));
    }
  });
  const stop = (error: Error) => {
    stopped ??= error;
    ready?.reject(stopped);
    for (const call of pending.values()) call.reject(stopped);
    pending.clear();
  };
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`PGlite worker stopped (exit code ${code})`)));

  function send(message: Request): Promise<unknown> {
    if (stopped) return Promise.reject(stopped);
    const id = ++lastId;
    if (pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id } satisfies WorkerRequest);
    });
  }

  async function request(message: Request): Promise<unknown> {
    foreground++;
    try {
      return await send(message);
    } finally {
      foreground--;
      if (foreground === 0 && background.length > 0 && !backgroundBusy) scheduleBackground(0);
    }
  }

  function backgroundRequest(message: Request): Promise<unknown> {
    return new Promise((resolve, reject) => {
      background.push({ since: performance.now(), send: () => send(message).then(resolve, reject) });
      if (!backgroundTimer) scheduleBackground(0);
    });
  }

  const query =
    (txId?: number, lane = request): Query =>
    async (sql, params = [], options) =>
      (await lane({ op: 'query', txId, query: { sql, params, ...toWorkerOptions(options) } })) as Results;

  try {
    await started;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  worker.unref();

  return {
    query: query(),
    backgroundQuery: query(undefined, backgroundRequest),
    async transaction<T>(callback: (tx: { query: Query }) => Promise<T>): Promise<T> {
      // The worker holds PGlite's transaction open until told how it ends; see begin() there.
      const txId = (await request({ op: 'begin' })) as number;
      let result: T;
      try {
        result = await callback({ query: query(txId) });
      } catch (error) {
        await request({ op: 'end', txId, commit: false });
        throw error;
      }
      await request({ op: 'end', txId, commit: true });
      return result;
    },
    async listen(channel, onPayload) {
      // Registered before LISTEN runs, so no notification can arrive before its handler.
      const listenId = ++lastId;
      listeners.set(listenId, onPayload);
      try {
        await request({ op: 'listen', channel, listenId });
      } catch (error) {
        listeners.delete(listenId);
        throw error;
      }
      return async () => {
        listeners.delete(listenId);
        await request({ op: 'unlisten', listenId });
      };
    },
    async close() {
      if (stopped) return;
      await request({ op: 'close' });
      await worker.terminate();
    },
  };
}
