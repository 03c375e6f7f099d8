// What test runs killed before their teardown (Ctrl-C, a CI timeout) leave behind: a 28 MB PGlite
// dump, a worker build, a browser-test data folder, a PostgreSQL database each. They would pile up
// on a developer's machine, so each run's setup removes the old ones. Only old ones: a run going on
// beside this one keeps its own.
import fs from 'node:fs';
import pg from 'pg';

/** The databases of a vitest run: its migrated template, and each test file's copy of it. */
export const TEMPLATE_DATABASE_PREFIX = 'rifas_template';
export const TEST_DATABASE_PREFIX = 'rifas_test';

/** A run older than this is over. */
export const STALE_MS = 6 * 60 * 60 * 1000;

/** Removes the folders `prefix*` in `dir` last changed more than STALE_MS ago. */
export function sweepStaleFolders(dir: string, prefix: string, now = Date.now()) {
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (!name.startsWith(prefix)) continue;
    const folder = `${dir}/${name}`;
    try {
      if (now - fs.statSync(folder).mtimeMs > STALE_MS) fs.rmSync(folder, { recursive: true, force: true });
    } catch {
      // Gone meanwhile, or not ours to remove: either way nothing to do.
    }
  }
}

/**
 * A database name that says when it was made (`<prefix>_<seconds since 1970, base 36>_<random>`),
 * since PostgreSQL keeps no creation time a plain user may read.
 */
export function datedDatabaseName(prefix: string, random: string, now = Date.now()) {
  return `${prefix}_${Math.floor(now / 1000).toString(36)}_${random}`;
}

/** The dated databases `prefix_*` made more than STALE_MS before `now`, of the names given. */
export function staleDatabaseNames(names: string[], prefix: string, now = Date.now()) {
  const dated = new RegExp(`^${prefix}_([0-9a-z]+)_[0-9a-f]+$`);
  return names.filter((name) => {
    const made = dated.exec(name);
    return made !== null && now - Number.parseInt(made[1], 36) * 1000 > STALE_MS;
  });
}

/** Drops the stale dated databases of each prefix on the server of `serverUrl`. */
export async function sweepStaleDatabases(serverUrl: string, prefixes: string[]) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database');
    const names = rows.map((row) => row.datname);
    for (const prefix of prefixes) {
      for (const name of staleDatabaseNames(names, prefix)) {
        // A template refuses connections (global-setup.ts); DROP … WITH (FORCE) does not need any.
        await client.query(`drop database if exists ${name} with (force)`).catch(() => {});
      }
    }
  } finally {
    await client.end();
  }
}
