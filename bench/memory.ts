// Issue 20, target 6: an idle server's memory. The server is started exactly as `npm start` starts it
// (the command line of package.json's start script, after its build steps), on a new data dir or a
// new database, left idle, and its RSS read from /proc (with the anonymous / file split and the
// threads). Then again on the same data (a restart: no initdb, no migrations to apply). Beside it, the
// bench's own server (bench/server-entry.ts, under tsx) reports where its main thread's memory is
// (process.memoryUsage, V8's heap). Part of `npm run bench` (`BENCH_ONLY=memory`); writes
// bench/MEMORY.md. server/idle-memory.test.ts runs the same measure against the targets.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startCommand, stopChild } from './harness';
import type { Outcome } from './report/results';

const root = path.resolve(import.meta.dirname, '..');

/** Idle RSS targets (DESIGN.md, "Performance targets"). */
export const IDLE_TARGET_MB = { pglite: 300, postgres: 200 } as const;

export type IdleMemory = {
  startMs: number;
  rssMb: number;
  anonMb: number;
  fileMb: number;
  peakMb: number;
  threads: number;
};

/** The build steps of `npm start` for the server (the web app is not served here). */
export function buildServer() {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function procStatus(pid: number) {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    rssMb: kb('VmRSS') / 1024,
    anonMb: kb('RssAnon') / 1024,
    fileMb: kb('RssFile') / 1024,
    peakMb: kb('VmHWM') / 1024,
    threads: kb('Threads'),
  };
}

/**
 * Starts the server as `npm start` does (build it first with buildServer), waits until it answers,
 * leaves it idle `idleMs`, reads its memory and stops it.
 */
export async function measureIdleServer(options: {
  dataDir: string;
  databaseUrl?: string;
  idleMs: number;
  startTimeoutMs?: number;
}): Promise<IdleMemory> {
  const { env, args } = startCommand();
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      ADMIN_PASSWORD: `Memoria-${randomBytes(6).toString('hex')}`,
      LOG_LEVEL: 'warn',
      RATES_URL: '',
      WEB_DIST_DIR: path.join(os.tmpdir(), 'rifas-memory-no-web'),
    },
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = (stderr + d).slice(-2000);
  });
  try {
    const until = Date.now() + (options.startTimeoutMs ?? 120_000);
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited during start-up: ${stderr}`);
      if (Date.now() > until) throw new Error(`the server did not start: ${stderr}`);
      const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const startMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, options.idleMs));
    return { startMs, ...procStatus(child.pid as number) };
  } finally {
    await stopChild(child);
  }
}

/** A fresh random database on the PostgreSQL server of `url`, dropped by the returned function. */
export async function freshPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rifas_memory_${randomBytes(5).toString('hex')}`;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end().catch(() => {});
    }
  };
  await admin(`create database ${name}`);
  const at = new URL(url);
  at.pathname = `/${name}`;
  return { url: at.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export type MemoryResult = {
  fresh: IdleMemory;
  restart: IdleMemory;
  /** The bench's server (under tsx), idle: its main thread's own figures. */
  source: {
    rssMb: number;
    heapUsedMb: number;
    heapTotalMb: number;
    externalMb: number;
    arrayBuffersMb: number;
  } | null;
};

/** The bench server's `memory` answer (bytes, after a collection; live10k reads it too) in MB. */
export function sourceFigures(used: NodeJS.MemoryUsage): MemoryResult['source'] {
  const mb = (bytes: number) => bytes / 1024 / 1024;
  return {
    rssMb: mb(used.rss),
    heapUsedMb: mb(used.heapUsed),
    heapTotalMb: mb(used.heapTotal),
    externalMb: mb(used.external),
    arrayBuffersMb: mb(used.arrayBuffers),
  };
}

export async function benchMemory(
  kind: 'pglite' | 'postgres',
  pgUrl: string,
  idleMs: number,
  source: () => Promise<MemoryResult['source']>,
): Promise<MemoryResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rifas-memory-${kind}-`));
  const database = kind === 'postgres' ? await freshPostgres(pgUrl) : null;
  try {
    const fresh = await measureIdleServer({ dataDir, databaseUrl: database?.url, idleMs });
    const restart = await measureIdleServer({ dataDir, databaseUrl: database?.url, idleMs });
    return { fresh, restart, source: await source() };
  } finally {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function renderMemoryReport(options: {
  date: Date;
  idleMs: number;
  results: Record<string, Outcome<MemoryResult> | { skipped: string } | undefined>;
  load: [number, number];
  commit: string;
}): string {
  const cpus = os.cpus();
  const mb = (v: number) => `${Math.round(v)} MB`;
  const lines = [
    '# Idle memory bench (issue 20, target 6)',
    '',
    `Run ${options.date.toISOString()} at commit ${options.commit} by \`BENCH_ONLY=memory npm run bench\`.`,
    `Machine: ${cpus.length} × ${cpus[0]?.model ?? '?'}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.version}.`,
    `Load average (1 min) at start ${options.load[0].toFixed(2)}, at end ${options.load[1].toFixed(2)}.`,
    '',
    `The server started as \`npm start\` starts it (\`${startCommand().args.join(' ')}\` with ${JSON.stringify(startCommand().env)}),`,
    `on a new data dir / new database ("fresh": initdb and every migration), idle ${options.idleMs / 1000} s, RSS from /proc;`,
    'then again on the same data ("restart"). "Source mode" is the bench\'s own server under tsx (bench/server-entry.ts),',
    "idle, with its main thread's V8 figures: the difference to the built server is tsx (its loader thread and compiled",
    'sources, in the main thread and again in the PGlite worker).',
    '',
    `Targets: PGlite ≤ ${IDLE_TARGET_MB.pglite} MB, PostgreSQL ≤ ${IDLE_TARGET_MB.postgres} MB idle.`,
    '',
    '| database | fresh: RSS (anon / file), threads | start | restart: RSS (anon / file) | peak during fresh start | source mode: RSS, heap used / total, external, array buffers | target |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const [label, outcome] of Object.entries(options.results)) {
    if (!outcome) lines.push(`| ${label} | not measured ||||||`);
    else if ('skipped' in outcome) lines.push(`| ${label} | skipped: ${outcome.skipped} ||||||`);
    else if (!outcome.ok) lines.push(`| ${label} | failed: ${outcome.error} ||||||`);
    else {
      const { fresh, restart, source } = outcome.value;
      const target = label === 'PGlite' ? IDLE_TARGET_MB.pglite : IDLE_TARGET_MB.postgres;
      const worst = Math.max(fresh.rssMb, restart.rssMb);
      lines.push(
        `| ${label} | ${mb(fresh.rssMb)} (${mb(fresh.anonMb)} / ${mb(fresh.fileMb)}), ${fresh.threads} | ${(fresh.startMs / 1000).toFixed(1)} s | ${mb(restart.rssMb)} (${mb(restart.anonMb)} / ${mb(restart.fileMb)}) | ${mb(fresh.peakMb)} | ${source ? `${mb(source.rssMb)}, ${mb(source.heapUsedMb)} / ${mb(source.heapTotalMb)}, ${mb(source.externalMb)}, ${mb(source.arrayBuffersMb)}` : 'n/a'} | ≤ ${target} MB ${worst <= target ? '✔' : '✘'} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
