// PostgreSQL only (run in the PostgreSQL pass): two app instances share one database, as in a
// horizontally scaled deployment. PGlite is one process by design.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buyer, makeRaffle } from '../../test/factories';
import { openRaffleStream } from '../../test/sse';
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

  it("an edit of the raffle on instance A tells instance B's open pages to read it again", async () => {
    const raffle = await makeRaffle(a);
    const page = await openRaffleStream(b.baseUrl, raffle.id, {}, '?batch=1');
    await vi.waitFor(() => expect(page.text()).toContain(': conectado'));
    const before = await b.api<{ price_cents: number }>('GET', `/api/raffles/${raffle.id}`);
    expect(before.body.price_cents).toBe(500); // B now holds the answer in memory
    const edit = await a.api('PATCH', `/api/raffles/${raffle.id}`, {
      token: await a.signInAdmin(),
      body: { price_cents: 900 },
    });
    expect(edit.status).toBe(200);
    await vi.waitFor(() => expect(page.text()).toContain('event: raffle\ndata: {"spread_ms":3000}\n\n'), {
      timeout: 5_000,
    });
    // What the page then reads on B is the new price, not B's cached answer.
    const read = await b.api<{ price_cents: number }>('GET', `/api/raffles/${raffle.id}`);
    expect(read.body.price_cents).toBe(900);
    await page.close();
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
