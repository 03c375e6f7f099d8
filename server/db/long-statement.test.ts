import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer, makeRaffle } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

// Decision 009: on PGlite a statement used to run on the HTTP thread, so a long one froze every
// request. Requests that wait for the database still queue behind it (one session); the rest must not.
describe('a long statement does not freeze the server', () => {
  it('serves the board from memory and rejects a bad form while the statement still runs', async () => {
    const raffle = await makeRaffle(t);
    const readBoard = () => t.api('GET', `/api/raffles/${raffle.id}/board`);
    const sendBadForm = () =>
      t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
        body: { numbers: [1], buyer: buyer({ cedula: 'no es una cédula' }) },
      });
    expect((await readBoard()).status).toBe(200); // the board is in memory from now on
    expect((await sendBadForm()).status).toBe(422);

    let running = true;
    const statement = t.db.execute(sql`select pg_sleep(2)`).finally(() => {
      running = false;
    });
    const started = performance.now();
    const [board, badForm] = await Promise.all([readBoard(), sendBadForm()]);
    const elapsed = performance.now() - started;

    expect(running).toBe(true);
    expect(elapsed).toBeLessThan(1000);
    expect(board.status).toBe(200);
    expect(badForm.status).toBe(422);
    await statement;
    expect((await t.api('GET', '/api/health')).status).toBe(200);
  });
});
