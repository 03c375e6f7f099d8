import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRaffle } from './test/factories';
import { createTestApp, type TestApp } from './test/test-app';

// Review of holds and abuse (2026-12-01): Fastify turns off Node's own bound on receiving a request
// (requestTimeout 0), so a client that sent its headers and then a body a byte at a time (or never)
// kept its connection, and its descriptor, for ever: a few thousand of them from one machine
// left the server unable to accept anyone (slowloris). REQUEST_TIMEOUT_SECONDS bounds it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { requestTimeoutSeconds: 1 } });
});
afterAll(() => t?.close());

/** Sends the headers and part of a body, then nothing; what the server answers and when it hangs up. */
function slowRequest(): Promise<{ answer: string; ms: number }> {
  const url = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(
        'POST /api/tracking HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"ced',
      );
    });
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
    socket.on('error', reject);
    // Far past the bound: a connection still open then is held for ever.
    setTimeout(() => {
      socket.destroy();
      resolve({ answer: 'still open', ms: Date.now() - started });
    }, 8_000).unref();
  });
}

describe('a request that never finishes arriving', () => {
  it('is answered 408 in Spanish and its connection closed once the bound passes', async () => {
    const { answer, ms } = await slowRequest();
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('"code":"REQUEST_TIMEOUT"');
    expect(ms).toBeLessThan(5_000);
    // Everyone else is answered meanwhile.
    expect((await t.api('GET', '/api/health')).status).toBe(200);
  });

  it('leaves a live stream open: its request arrived whole', async () => {
    const raffle = await makeRaffle(t);
    const url = new URL(`${t.baseUrl}/api/raffles/${raffle.id}/events`);
    const closedEarly = await new Promise<boolean>((resolve, reject) => {
      const request = http.get(
        { host: url.hostname, port: url.port, path: url.pathname, agent: false },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.resume();
          response.on('close', () => resolve(true));
          // Three times the bound.
          setTimeout(() => {
            resolve(false);
            request.destroy();
          }, 3_000);
        },
      );
      request.on('error', reject);
    });
    expect(closedEarly).toBe(false);
  });
});
