import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeFigures, killStorm } from './kill-storm';

// The embedded database (PGlite pass): its data folder in a temp DATA_DIR.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-kill-storm-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('keeps every reservation answered 201 through a kill -9 mid-storm, and no number gets two owners (PGlite)', async () => {
  const figures = await killStorm({
    database: 'PGlite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    directDatabase: { pgliteDataDir: path.join(dataDir, 'pgdata') },
  });
  console.log(describeFigures(figures));
  expect(figures.acceptedBeforeKill).toBeGreaterThan(0);
  expect(figures.inFlightAtKill).toBeGreaterThan(0);
  expect(figures.missing).toEqual([]);
  expect(figures.changed).toEqual([]);
  expect(figures.doubleOwners).toEqual([]);
}, 180_000);
