import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeFigures, killStorm } from './kill-storm';

// PostgreSQL pass: a fresh database of its own on TEST_DATABASE_URL's server, dropped afterwards.
const serverUrl = process.env.TEST_DATABASE_URL as string;
const name = `rifas_kill_storm_${randomBytes(6).toString('hex')}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
beforeAll(() => admin(`create database ${name}`));
afterAll(() => admin(`drop database if exists ${name} with (force)`));

it('keeps every reservation answered 201 through a kill -9 mid-storm, and no number gets two owners (PostgreSQL)', async () => {
  const figures = await killStorm({
    database: 'PostgreSQL',
    env: { DATABASE_URL: databaseUrl },
    directDatabase: { databaseUrl },
  });
  console.log(describeFigures(figures));
  expect(figures.acceptedBeforeKill).toBeGreaterThan(0);
  expect(figures.inFlightAtKill).toBeGreaterThan(0);
  expect(figures.missing).toEqual([]);
  expect(figures.changed).toEqual([]);
  expect(figures.doubleOwners).toEqual([]);
}, 180_000);
