import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import { messages } from '../../../domain/messages';
import { defaultStreamsTotal } from '../../lib/descriptor-limit';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue 21, item 5: live streams from many addresses cannot take every descriptor. A total of 6
// keeps the test small; each stream comes from its own loopback address (127.0.0.x).
const TOTAL = 6;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { sseMaxTotal: TOTAL, sseMaxPerIp: 2 } });
});
afterAll(() => t?.close());

type Stream = { status: number; headers: http.IncomingHttpHeaders; body: string; close: () => void };

/** A live stream opened from `localAddress`, as another visitor's machine would. */
function openStream(raffleId: string, localAddress: string): Promise<Stream> {
  const url = new URL(`${t.baseUrl}/api/raffles/${raffleId}/events`);
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: url.hostname, port: url.port, path: url.pathname, localAddress, agent: false },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        const stream: Stream = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: '',
          close: () => request.destroy(),
        };
        response.on('data', (chunk: string) => {
          body += chunk;
          stream.body = body;
          resolve(stream);
        });
        response.on('end', () => {
          stream.body = body;
          resolve(stream);
        });
      },
    );
    request.on('error', reject);
  });
}

describe('live streams of every address together', () => {
  it('refuses past the total with 503 and Retry-After while health and reservations answer', async () => {
    const raffle = await makeRaffle(t);
    const open: Stream[] = [];
    // Eight addresses want two streams each: 16 wanted, 6 allowed.
    const answers: Stream[] = [];
    for (let i = 0; i < 16; i++) answers.push(await openStream(raffle.id, `127.0.0.${2 + (i % 8)}`));
    for (const answer of answers) if (answer.status === 200) open.push(answer);
    const refused = answers.filter((a) => a.status === 503);
    expect(open).toHaveLength(TOTAL);
    expect(refused).toHaveLength(16 - TOTAL);
    const error = (JSON.parse(refused[0]?.body ?? '{}') as ApiError).error;
    expect(error).toEqual({ code: 'STREAMS_FULL', message: messages.http.streamsFull });
    expect(refused[0]?.headers['retry-after']).toBe('5');

    expect((await t.api('GET', '/api/health')).status).toBe(200);
    const sale = await t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [1], buyer: buyer() },
    });
    expect(sale.status).toBe(201);

    // A page that leaves frees its slot for the next visitor.
    open.pop()?.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const next = await openStream(raffle.id, '127.0.0.20');
    expect(next.status).toBe(200);
    next.close();
    for (const stream of open) stream.close();
  });

  it('defaults to the descriptor limit minus a reserve for everything else', () => {
    expect(defaultStreamsTotal(20_000)).toBe(19_000);
    expect(defaultStreamsTotal(1_024)).toBe(512);
    expect(defaultStreamsTotal(null)).toBe(1_000);
  });
});
