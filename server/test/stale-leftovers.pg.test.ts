import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, it } from 'vitest';
import { datedDatabaseName, STALE_MS, sweepStaleDatabases } from './stale-leftovers';

// Its own prefix: the sweep must not touch the databases of the run it is part of.
const PREFIX = 'rifas_sweeptest';

async function databases(serverUrl: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database');
    return rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

async function admin(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

it('drops the old dated databases of a prefix and keeps the fresh ones', async () => {
  const serverUrl = process.env.TEST_DATABASE_URL as string;
  const old = datedDatabaseName(PREFIX, randomBytes(4).toString('hex'), Date.now() - STALE_MS - 60_000);
  const fresh = datedDatabaseName(PREFIX, randomBytes(4).toString('hex'));
  await admin(serverUrl, `create database ${old}`);
  await admin(serverUrl, `create database ${fresh}`);
  // As global-setup.ts leaves a template: nobody may connect.
  await admin(serverUrl, `alter database ${old} with allow_connections false`);
  try {
    await sweepStaleDatabases(serverUrl, [PREFIX]);
    const after = await databases(serverUrl);
    expect(after).not.toContain(old);
    expect(after).toContain(fresh);
  } finally {
    await admin(serverUrl, `drop database if exists ${old} with (force)`);
    await admin(serverUrl, `drop database if exists ${fresh} with (force)`);
  }
});
