// Starting and stopping what the bench measures: the app server as a child process (bench/server-entry.ts)
// on PGlite in a temp dir or on a fresh PostgreSQL database, the admin session, and a cleanup list
// that runs however the bench ends.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../server/db/client';
import * as schema from '../server/db/schema';
import { type Client, client, expect, json, request } from './http';
import { BENCH_PRICE_CENTS, type Query } from './workloads';

export const root = path.resolve(import.meta.dirname, '..');

// ---------------------------------------------------------------------------------------- cleanup
const cleanups: { what: string; run: () => Promise<void> | void }[] = [];

/** Registers an undo step; returns a function that runs it now (once) and forgets it. */
export function onCleanup(what: string, run: () => Promise<void> | void): () => Promise<void> {
  const entry = { what, run };
  cleanups.push(entry);
  return async () => {
    const i = cleanups.indexOf(entry);
    if (i < 0) return;
    cleanups.splice(i, 1);
    await entry.run();
  };
}

/** Runs every pending undo step, newest first; a failing one does not stop the others. */
export async function cleanupAll() {
  while (cleanups.length > 0) {
    const entry = cleanups.pop();
    if (!entry) break;
    try {
      await entry.run();
    } catch (error) {
      console.error(`cleanup "${entry.what}" failed:`, error instanceof Error ? error.message : error);
    }
  }
}

// ---------------------------------------------------------------------------------------- targets
export type DbKind = 'pglite' | 'postgres';

export type Target = {
  kind: DbKind;
  label: string;
  port: number;
  /** The server process (its CPU is read from /proc). */
  pid: number;
  /** PostgreSQL only: the fresh database the server runs on. */
  databaseUrl?: string;
  /** Admin session (Bearer) for creating raffles and the staff list. */
  token: string;
  /** Runs a bench-only operation inside the server process (see server-entry.ts). */
  control: <T>(op: string, args?: Record<string, unknown>) => Promise<T>;
  /** Direct SQL on the target database: PostgreSQL through `pool`, PGlite through `control`. */
  query: Query;
  /** PostgreSQL only: a pool of 50 connections of the bench's own, straight to the database. */
  pool?: pg.Pool;
  /** PostgreSQL only: drizzle over `pool`, to run the app's repository code straight on the database. */
  db?: Db;
  stop: () => Promise<void>;
};

const ADMIN_EMAIL = 'bench@rifas.local';
const ADMIN_PASSWORD = `Bench-${randomBytes(6).toString('hex')}`;

export const defaultPgUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

/** Only loopback: the bench never loads anything but this machine. */
export function assertLoopback(url: string) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host))
    throw new Error(`the bench only runs against loopback, not ${host}`);
}

export async function reachable(url: string) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

async function adminQuery(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end().catch(() => {});
  }
}

/**
 * PGlite in a fresh temp dir, or a fresh random PostgreSQL database; the server child on top.
 * `env`: settings of the server on top of the bench's (e.g. a cache switched off, for a before figure).
 */
export async function startTarget(
  kind: DbKind,
  pgUrl = defaultPgUrl,
  env: Record<string, string> = {},
): Promise<Target> {
  const undo: (() => Promise<void>)[] = [];
  const stop = async () => {
    while (undo.length > 0) await undo.pop()?.();
  };
  try {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rifas-bench-${kind}-`));
    undo.push(onCleanup(`remove ${dataDir}`, () => fs.rmSync(dataDir, { recursive: true, force: true })));
    let databaseUrl = '';
    let pool: pg.Pool | undefined;
    if (kind === 'postgres') {
      assertLoopback(pgUrl);
      const name = `rifas_bench_${randomBytes(5).toString('hex')}`;
      await adminQuery(pgUrl, `create database ${name}`);
      undo.push(
        onCleanup(`drop database ${name}`, () =>
          adminQuery(pgUrl, `drop database if exists ${name} with (force)`),
        ),
      );
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    const controlToken = randomBytes(24).toString('hex');
    const server = await spawnServer({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      BENCH_CONTROL_TOKEN: controlToken,
      ...env,
    });
    undo.push(onCleanup(`stop ${kind} server (pid ${server.child.pid})`, () => stopChild(server.child)));
    if (kind === 'postgres') {
      pool = new pg.Pool({ connectionString: databaseUrl, max: 50 });
      pool.on('error', () => {});
      const p = pool;
      undo.push(onCleanup('close bench pool', () => p.end()));
    }

    const c = client(server.port, 4);
    const signIn = expect(
      await request(c, 'POST', '/api/auth/sign-in', {
        body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      }),
      200,
      'sign in',
    );
    const token = json<{ session: { access_token: string } }>(signIn).session.access_token;
    c.agent.destroy();

    const controlClient = client(server.port, 64);
    undo.push(async () => controlClient.agent.destroy());
    const control = async <T>(op: string, args: Record<string, unknown> = {}) => {
      const reply = await request(controlClient, 'POST', '/__bench/control', {
        body: { op, args },
        headers: { 'x-bench-token': controlToken },
      });
      if (reply.status !== 200) throw new Error(`control ${op}: ${reply.status} ${reply.body.toString()}`);
      return json<{ result: T }>(reply).result;
    };
    const query: Query = pool
      ? (text, params) => (pool as pg.Pool).query(text, params)
      : (text, params) => control('query', { text, params });
    return {
      kind,
      label: kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
      port: server.port,
      pid: server.child.pid ?? 0,
      databaseUrl: databaseUrl || undefined,
      token,
      control,
      query,
      pool,
      db: pool ? (drizzle({ client: pool, schema }) as unknown as Db) : undefined,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** package.json's start script after its build steps: `A=1 node dist/server/main.mjs` → env and args. */
export function startCommand(): { env: Record<string, string>; args: string[] } {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const last = pkg.scripts.start.split('&&').at(-1)?.trim().split(/\s+/) ?? [];
  const env: Record<string, string> = {};
  while (last[0]?.includes('=')) {
    const [key, value] = (last.shift() as string).split('=') as [string, string];
    env[key] = value;
  }
  if (last.shift() !== 'node') throw new Error(`unexpected start script: ${pkg.scripts.start}`);
  return { env, args: last };
}

async function spawnServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  // BENCH_SERVER_CPU_PROF=<dir>: the server writes a V8 CPU profile there on exit (where the time goes).
  const profile = process.env.BENCH_SERVER_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF}`]
    : [];
  // BENCH_SERVER_V8_FLAGS="--trace-gc …": V8 flags for the server only (where its pauses come from).
  const v8Flags = process.env.BENCH_SERVER_V8_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  // The node flags and environment of `npm start` (V8's and malloc's settings: decisions 032, 047),
  // so the bench measures the server as it runs in production, only under tsx.
  const start = startCommand();
  const nodeFlags = start.args.filter((arg) => arg.startsWith('--'));
  const child = spawn(
    process.execPath,
    [...profile, ...nodeFlags, ...v8Flags, '--import', 'tsx', path.join(root, 'bench/server-entry.ts')],
    {
      cwd: root,
      stdio: ['pipe', 'pipe', 'inherit'],
      env: {
        ...process.env,
        ...start.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        // Every buyer of the bench comes from 127.0.0.1: the per-IP limits would measure themselves.
        RATE_LIMIT_SIGN_IN: '1000000',
        RATE_LIMIT_RESERVATIONS: '1000000000',
        RATE_LIMIT_TRACKING: '1000000',
        TRACKING_MISSES_PER_CEDULA: '1000000',
        ORDER_MISSES_PER_CODE: '1000000',
        RATE_LIMIT_UPLOADS: '1000000',
        RATE_LIMIT_BOARD: '1000000000',
        SSE_MAX_PER_IP: '10000',
        RESERVATION_MAX_NUMBERS_PER_IP: '1000000000',
        RESERVATION_CHALLENGE_PER_MINUTE: '0', // the bench measures reservations, not proofs of work
        MIN_FREE_DISK_MB: '1',
        WEB_DIST_DIR: path.join(os.tmpdir(), 'rifas-bench-no-web'),
        RATES_URL: '',
        // The bench's raffles are drand raffles and this machine may have no network: a draw due
        // would fail and log every 15 s through the run, burying the bench's lines.
        BEACON_CHECK_SECONDS: '3600',
        TRUST_PROXY: '',
        ...env,
      },
    },
  );
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bench server did not start within 120 s')), 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the bench server exited during start-up (code ${code})`));
    });
    lines.on('line', (line) => {
      const match = /^BENCH_LISTENING (\d+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      } else console.error(`[server] ${line}`);
    });
  }).catch(async (error) => {
    await stopChild(child);
    throw error;
  });
  return { child, port };
}

/** SIGTERM, then SIGKILL after 10 s; resolves when the child is gone. */
export async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

// ---------------------------------------------------------------------------------------- helpers
/** Creates an active raffle through the API; answers its id and the time the request took. */
export async function createRaffle(
  c: Client,
  totalNumbers: number,
  name = `Rifa bench ${totalNumbers}`,
): Promise<{ id: string; ms: number }> {
  const digitCount = Math.max(1, String(totalNumbers - 1).length);
  const reply = expect(
    await request(c, 'POST', '/api/raffles', {
      auth: true,
      // No cap per buyer: a bench's buyers are counted, not judged.
      body: {
        name,
        price_cents: BENCH_PRICE_CENTS,
        total_numbers: totalNumbers,
        digit_count: digitCount,
        max_numbers_per_buyer: 1_000_000,
        draw_kind: 'drand',
      },
    }),
    201,
    `create a ${totalNumbers}-number raffle`,
  );
  return { id: json<{ id: string }>(reply).id, ms: reply.ms };
}

/**
 * After a bulk seed, before anything is measured: the seed's dirty pages written out now
 * (docs/decisions/071). A seed writes in seconds what buyers write over days; left to PostgreSQL's
 * own checkpoint, that write-back ran across the phases measured after it (1.2 s stalls).
 */
export async function checkpointSeed(t: Target) {
  await t.query('checkpoint');
}

/** Probes GET /api/health back to back (a 10 ms pause between) until stopped: latencies in ms. */
export function healthProbe(c: Client) {
  const samples: number[] = [];
  let failures = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      try {
        const reply = await request(c, 'GET', '/api/health');
        if (reply.status === 200) samples.push(reply.ms);
        else failures++;
      } catch {
        failures++;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return { samples, failures };
    },
  };
}
