// PostgreSQL only (run in the PostgreSQL pass): two app instances share one database, as in a
// horizontally scaled deployment. PGlite is one process by design.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ attachToDatabaseUrl: a.databaseUrl });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('two instances on one PostgreSQL', () => {
  it('a reservation on instance A reaches the live stream of instance B', async () => {
    const raffle = await makeRaffle(a);
    const controller = new AbortController();
    const res = await fetch(`${b.baseUrl}/api/raffles/${raffle.id}/events`, { signal: controller.signal });
    const reader = res.body?.getReader();
    const decoder = new TextDecoder();
    let text = '';
    await reader?.read(); // the stream is open and subscribed
    await a.api('POST', `/api/raffles/${raffle.id}/reservations`, { body: { numbers: [3], buyer: buyer() } });
    const until = Date.now() + 5000;
    while (!text.includes('event: ticket') && Date.now() < until) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    controller.abort();
    expect(text).toMatch(/event: ticket\nid: \d+\ndata: \{"number":3,"status":"apartado","version":\d+\}/);
  });

  it('the same number is sold once even when buyers hit different instances', async () => {
    const raffle = await makeRaffle(a);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 ? a : b).api('POST', `/api/raffles/${raffle.id}/reservations`, {
          body: { numbers: [7], buyer: buyer({ cedula: `V-${30_000_000 + i}` }) },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(59);
  });
});
