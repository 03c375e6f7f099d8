import net from 'node:net';
import { expect, it } from 'vitest';
import { createTestApp } from './test/test-app';

it('a stopping server cuts a connection whose request never ends, after the grace', async () => {
  const t = await createTestApp({ config: { shutdownGraceMs: 300 } });
  const port = Number(new URL(t.baseUrl).port);
  // A client that sends half a request body and then goes quiet (a phone that lost its signal).
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    'POST /api/auth/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
  );
  const cut = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise((resolve) => setTimeout(resolve, 100));
  const started = Date.now();
  await t.close();
  await cut;
  expect(Date.now() - started).toBeLessThan(5_000);
});
