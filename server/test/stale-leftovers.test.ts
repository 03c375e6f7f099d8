import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { datedDatabaseName, STALE_MS, staleDatabaseNames, sweepStaleFolders } from './stale-leftovers';

const HOUR = 60 * 60 * 1000;

describe('folders left by killed runs', () => {
  let dir: string;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('removes only the old folders with the prefix', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-sweep-test-'));
    const old = new Date(Date.now() - STALE_MS - HOUR);
    for (const name of ['rifas-e2e-old', 'rifas-e2e-new', 'other-old']) {
      fs.mkdirSync(path.join(dir, name));
      fs.writeFileSync(path.join(dir, name, 'pgdata'), 'x');
    }
    fs.utimesSync(path.join(dir, 'rifas-e2e-old'), old, old);
    fs.utimesSync(path.join(dir, 'other-old'), old, old);

    sweepStaleFolders(dir, 'rifas-e2e-');

    expect(fs.readdirSync(dir).sort()).toEqual(['other-old', 'rifas-e2e-new']);
  });

  it('does nothing when the folder is not there', () => {
    dir = path.join(os.tmpdir(), 'rifas-sweep-test-missing');
    expect(() => sweepStaleFolders(dir, 'rifas-e2e-')).not.toThrow();
  });
});

describe('databases left by killed runs', () => {
  const now = Date.UTC(2026, 11, 5, 12);

  it('names a database with the second it was made', () => {
    const name = datedDatabaseName('rifas_test', 'ab12cd', now);
    expect(name).toMatch(/^rifas_test_[0-9a-z]+_ab12cd$/);
    expect(staleDatabaseNames([name], 'rifas_test', now + STALE_MS - 1000)).toEqual([]);
    expect(staleDatabaseNames([name], 'rifas_test', now + STALE_MS + 1000)).toEqual([name]);
  });

  it('picks only the old dated databases of the prefix', () => {
    const old = datedDatabaseName('rifas_test', '0a', now - STALE_MS - HOUR);
    const fresh = datedDatabaseName('rifas_test', '0b', now - HOUR);
    const oldTemplate = datedDatabaseName('rifas_template', '0c', now - STALE_MS - HOUR);
    const names = [old, fresh, oldTemplate, 'rifas_test_0d0e0f', 'postgres', 'rifas_test_x_y_z'];
    expect(staleDatabaseNames(names, 'rifas_test', now)).toEqual([old]);
    expect(staleDatabaseNames(names, 'rifas_template', now)).toEqual([oldTemplate]);
  });
});
