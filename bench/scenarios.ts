import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { type Database, openDatabase } from '../server/db/client';

export type BenchTarget = {
  label: string;
  open: () => Promise<{ database: Database; drop: () => Promise<void> }>;
};

/** PGlite on disk (as `npm start` runs it) and, when reachable, a real PostgreSQL in a fresh database. */
export function targets(pgUrl?: string): BenchTarget[] {
  const list: BenchTarget[] = [
    {
      label: 'pglite',
      open: async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-bench-'));
        const database = await openDatabase({ pgliteDataDir: dir });
        return {
          database,
          drop: async () => {
            await database.close();
            fs.rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    },
  ];
  if (pgUrl) {
    list.push({
      label: 'postgres',
      open: async () => {
        const name = `rifas_bench_${randomBytes(4).toString('hex')}`;
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const url = new URL(pgUrl);
        url.pathname = `/${name}`;
        const database = await openDatabase({ databaseUrl: url.toString() });
        return {
          database,
          drop: async () => {
            await database.close();
            const c = new pg.Client({ connectionString: pgUrl });
            await c.connect();
            await c.query(`drop database if exists ${name} with (force)`);
            await c.end();
          },
        };
      },
    });
  }
  return list;
}

/** An app in this process with the production defaults, rate limits out of the way of the load. */
export async function startApp(database: Database, env: Record<string, string> = {}) {
  const config = loadConfig({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-bench-')),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_SIGN_IN: '100000',
    RATE_LIMIT_RESERVATIONS: '1000000',
    RATE_LIMIT_TRACKING: '100000',
    TRACKING_MISSES_PER_CEDULA: '1000000',
    ORDER_MISSES_PER_CODE: '1000000',
    RATE_LIMIT_UPLOADS: '100000',
    RESERVATION_CHALLENGE_PER_MINUTE: '0', // the bench measures reservations, not proofs of work
    ...env,
  });
  const app = await buildApp({ database, config });
  await app.services.users.ensureFirstAdmin(
    { adminEmail: 'bench@rifas.local', adminPassword: 'Bench12345' },
    app.log,
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@rifas.local', password: 'Bench12345' }),
  });
  const token = ((await signIn.json()) as { session: { access_token: string } }).session.access_token;
  return { app, base, token };
}

export const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
