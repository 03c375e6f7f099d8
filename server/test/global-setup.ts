// Vitest globalSetup: migrate one database per test run, and let every test file start from a copy
// of it instead of running every migration again (see test-app.ts `openTestDatabase`).
//   PostgreSQL pass (TEST_DATABASE_URL): a template database, copied by CREATE DATABASE … TEMPLATE.
//   PGlite pass: a migrated data directory dumped to a file, which each PGlite loads at start, and
//   the PGlite worker thread's script built once (each worker started from pglite-worker.mjs
//   registers tsx and compiles the worker's sources again: ~0.4 s more per database opened).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { build } from 'esbuild';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { serverBundleOptions } from '../../scripts/build-server.mjs';
import { migrationsFolder, openDatabase } from '../db/client';
import { pgliteExtensions } from '../db/pglite-extensions';
import {
  datedDatabaseName,
  sweepStaleDatabases,
  sweepStaleFolders,
  TEMPLATE_DATABASE_PREFIX,
  TEST_DATABASE_PREFIX,
} from './stale-leftovers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL pass: the migrated template database on TEST_DATABASE_URL's server. */
    pgTemplate: string | null;
    /** PGlite pass: a file holding a migrated PGlite data directory (dumpDataDir tarball). */
    pgliteDump: string | null;
    /** PGlite pass: the worker thread's script, built from server/db/pglite-worker.ts for this run. */
    pgliteWorker: string | null;
  }
}

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function postgresTemplate(serverUrl: string) {
  const name = datedDatabaseName(TEMPLATE_DATABASE_PREFIX, randomBytes(6).toString('hex'));
  await sweepStaleDatabases(serverUrl, [TEMPLATE_DATABASE_PREFIX, TEST_DATABASE_PREFIX]);
  await onServer(serverUrl, `create database ${name}`);
  const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const database = await openDatabase({ databaseUrl: url });
  await database.close();
  // CREATE DATABASE … TEMPLATE refuses a source anyone is connected to: nobody may connect now.
  await onServer(serverUrl, `alter database ${name} with allow_connections false`);
  return {
    name,
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

const DUMP_PREFIX = 'rifas-pglite-template-';
const WORKER_CACHE = path.resolve(import.meta.dirname, '../../node_modules/.cache');
const WORKER_PREFIX = 'rifas-test-pglite-worker-';

async function pgliteDump() {
  // The same migrations, with the same driver, as openDatabase runs in its worker thread.
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await migrate(drizzle({ client: pglite }), { migrationsFolder });
    // The tests use only the `postgres` database: without template0 and template1 the dump is 28 MB
    // instead of 43, and each test file loads it faster (decision 075).
    await pglite.exec(
      `update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
    );
    // One statement a call: DROP DATABASE refuses to run in a multi-statement string.
    for (const statement of ['drop database template0', 'drop database template1', 'checkpoint'])
      await pglite.exec(statement);
    const dump = await pglite.dumpDataDir('none');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), DUMP_PREFIX));
    const file = path.join(dir, 'pgdata.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return { file, drop: () => fs.rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await pglite.close();
  }
}

/**
 * pglite-worker.ts as JavaScript, built like `npm start`'s (scripts/build-server.mjs) into a folder
 * of this run inside node_modules, where its packages resolve. A watch run keeps the build it
 * started with: a change to the worker's sources needs a new run.
 */
async function pgliteWorkerBuild() {
  fs.mkdirSync(WORKER_CACHE, { recursive: true });
  const dir = fs.mkdtempSync(path.join(WORKER_CACHE, WORKER_PREFIX));
  await build({
    ...serverBundleOptions,
    entryPoints: { 'pglite-worker': 'server/db/pglite-worker.ts' },
    outdir: dir,
  });
  return {
    file: path.join(dir, 'pglite-worker.mjs'),
    drop: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await postgresTemplate(serverUrl);
    project.provide('pgTemplate', template.name);
    project.provide('pgliteDump', null);
    project.provide('pgliteWorker', null);
    return template.drop;
  }
  sweepStaleFolders(os.tmpdir(), DUMP_PREFIX);
  sweepStaleFolders(WORKER_CACHE, WORKER_PREFIX);
  const [dump, worker] = await Promise.all([pgliteDump(), pgliteWorkerBuild()]);
  project.provide('pgTemplate', null);
  project.provide('pgliteDump', dump.file);
  project.provide('pgliteWorker', worker.file);
  return () => {
    dump.drop();
    worker.drop();
  };
}
