import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { SignInResponse } from '../../domain/auth';
import { buildApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import { datedDatabaseName, TEST_DATABASE_PREFIX } from './stale-leftovers';
import { type TestConfigOverrides, testConfig } from './test-config';

export const TEST_ADMIN = { email: 'admin@test.local', password: 'Admin12345!' };

/**
 * A fresh database per test file, a copy of the run's migrated one (global-setup.ts): in-memory
 * PGlite loaded from the migrated dump, or a new randomly named database created from the template
 * on the PostgreSQL server of TEST_DATABASE_URL, dropped afterwards.
 */
async function openTestDatabase(
  attachTo?: string,
): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  if (attachTo) {
    // A second app instance on another test app's database: closing it leaves the database.
    const database = await openDatabase({ databaseUrl: attachTo, migrate: false });
    return { database, url: attachTo, drop: () => database.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dump = inject('pgliteDump');
    if (!dump) throw new Error('no migrated PGlite dump: vitest.config.ts globalSetup did not run');
    const database = await openDatabase({
      pgliteLoadDataDir: dump,
      pgliteWorkerEntry: inject('pgliteWorker') ?? undefined,
      migrate: false,
    });
    return { database, drop: () => database.close() };
  }
  const template = inject('pgTemplate');
  if (!template) throw new Error('no template database: vitest.config.ts globalSetup did not run');
  const name = datedDatabaseName(TEST_DATABASE_PREFIX, randomBytes(6).toString('hex'));
  await createFromTemplate(serverUrl, name, template);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), migrate: false });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * CREATE DATABASE … TEMPLATE refuses while any session is connected to the template (SQLSTATE
 * 55006, "source database is being accessed by other users"). Nobody connects to it after the
 * global setup, but PostgreSQL may still be ending the setup's sessions: try again a few times.
 */
async function createFromTemplate(serverUrl: string, name: string, template: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt === 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
}

export type ApiResponse<T = unknown> = { status: number; body: T; headers: Headers };

export async function createTestApp(
  overrides: { config?: TestConfigOverrides; attachToDatabaseUrl?: string } = {},
) {
  const { database, url: databaseUrl, drop } = await openTestDatabase(overrides.attachToDatabaseUrl);
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-uploads-'));
  const config = testConfig({ uploadsDir, ...overrides.config });
  const app = await buildApp({ config, database });
  await app.services.users.ensureFirstAdmin(
    { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password },
    app.log,
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  /** Real HTTP against the listening app. `raw` sends a string body as is. */
  async function api<T = unknown>(
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.raw !== undefined) {
      body = options.raw;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(baseUrl + path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  async function signIn(email: string, password: string) {
    const res = await api<SignInResponse>('POST', '/api/auth/sign-in', { body: { email, password } });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  return {
    app,
    database,
    /** PostgreSQL only: the URL of this app's database, for a second instance to attach to. */
    databaseUrl,
    db: database.db,
    baseUrl,
    api,
    signIn,
    signInAdmin: async () => (await signIn(TEST_ADMIN.email, TEST_ADMIN.password)).session.access_token,
    async close() {
      await app.close();
      await drop();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
