import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-main-'));
const children: ChildProcess[] = [];

/** Starts `server/main.ts` as `npm start` does, on the embedded database. */
function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return res.json();
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

/** A port that was free a moment ago (fixed ports would collide with a parallel run). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('server/main.ts on the embedded database', () => {
  it('prints a generated admin password once, refuses a second server on the same DATA_DIR, and restarts cleanly', async () => {
    const [p1, p2, p3] = [await freePort(), await freePort(), await freePort()];
    const first = startServer(p1);
    expect(await waitForHealth(p1)).toEqual({
      status: 'ok',
      database: 'pglite',
      disk_free_mb: expect.any(Number),
    });
    const password = /password: (\S+)/.exec(first.output())?.[1];
    expect(password).toBeTruthy();

    const second = startServer(p2);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already using DATA_DIR/);

    const signIn = await fetch(`http://127.0.0.1:${p1}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@rifas.local', password }),
    });
    expect(signIn.status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const again = startServer(p3);
    await waitForHealth(p3);
    expect(again.output()).not.toMatch(/password:/);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 240_000);
});
