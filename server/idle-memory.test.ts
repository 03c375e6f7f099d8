import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, freshPostgres, IDLE_TARGET_MB, measureIdleServer } from '../bench/memory';

// Issue 20, target 6: a server started as `npm start` starts it (its build, its command line) idles
// within the memory target of its database (PostgreSQL when TEST_DATABASE_URL is set, as every HTTP
// test), idle 10 s as the target says.
const IDLE_MS = 10_000;
const pgUrl = process.env.TEST_DATABASE_URL;
const kind = pgUrl ? 'postgres' : 'pglite';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-idle-memory-'));

beforeAll(() => buildServer());
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('an idle server started as npm start', () => {
  it(`stays within ${IDLE_TARGET_MB[kind]} MB of RSS on a new ${kind} database`, {
    timeout: 120_000,
  }, async () => {
    const database = pgUrl ? await freshPostgres(pgUrl) : null;
    try {
      const idle = await measureIdleServer({ dataDir, databaseUrl: database?.url, idleMs: IDLE_MS });
      expect(idle.rssMb).toBeGreaterThan(30); // a real reading of a live process
      // A failure says where the memory was: anonymous (heaps, WASM memory, malloc's arenas) or
      // mapped files, and the peak of the start.
      const where = `anon ${idle.anonMb.toFixed(0)} MB, file ${idle.fileMb.toFixed(0)} MB, peak ${idle.peakMb.toFixed(0)} MB, ${idle.threads} threads, load ${os.loadavg()[0].toFixed(1)}`;
      expect(idle.rssMb, where).toBeLessThanOrEqual(IDLE_TARGET_MB[kind]);
    } finally {
      await database?.drop();
    }
  });
});
