// PostgreSQL only (run in the PostgreSQL pass): two instances on one database. The public raffle
// answer cached on one sees a change made on the other through LISTEN/NOTIFY (decision 027), not
// through the row's time to live, which is set here far beyond the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicRaffle } from '../../../domain/raffles';
import { buyer, makeRaffle, withoutDeclaredSource } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let a: TestApp;
let b: TestApp;
const config = { publicRaffleRowTtlMs: 10 * 60_000 };
beforeAll(async () => {
  a = await createTestApp({ config });
  b = await createTestApp({ attachToDatabaseUrl: a.databaseUrl, config });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** Asks `t` until `check` holds (a notification takes a moment to cross). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 5_000) {
  const until = Date.now() + ms;
  let value = await read();
  while (!check(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

describe('the public raffle answers on two instances', () => {
  it('an edit, a sale, a close and an archive on A reach the page and home list cached on B', async () => {
    const raffle = await makeRaffle(a, { total_numbers: 30, name: 'Moto' });
    const page = () => b.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
    const home = async () => (await b.api<PublicRaffle[]>('GET', '/api/raffles')).body;
    expect((await page()).body.name).toBe('Moto');
    expect((await home()).find((r) => r.id === raffle.id)?.name).toBe('Moto');
    const admin = await a.signInAdmin();

    await a.api('PATCH', `/api/raffles/${raffle.id}`, { token: admin, body: { name: 'Carro' } });
    expect((await eventually(page, (r) => r.body.name === 'Carro')).body.name).toBe('Carro');
    const listed = await eventually(home, (list) =>
      list.some((r) => r.id === raffle.id && r.name === 'Carro'),
    );
    expect(listed.find((r) => r.id === raffle.id)?.name).toBe('Carro');

    await a.api('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [3, 4], buyer: buyer() },
    });
    expect((await eventually(page, (r) => r.body.stats.apartado === 2)).body.stats).toMatchObject({
      apartado: 2,
      disponible: 28,
    });

    await a.api('POST', `/api/raffles/${raffle.id}/close`, { token: admin });
    expect((await eventually(page, (r) => r.body.status === 'cerrada')).body.status).toBe('cerrada');

    await withoutDeclaredSource(a, raffle.id); // the winner typed, as before declared sources
    await a.api('POST', `/api/raffles/${raffle.id}/draw`, { token: admin, body: { winning_number: 3 } });
    expect((await a.api('POST', `/api/raffles/${raffle.id}/archive`, { token: admin })).status).toBe(200);
    // Off the home list; its page stays (the result and its proof), told it was archived.
    const archived = await eventually(page, (r) => r.status === 200 && Boolean(r.body.archived_at));
    expect(archived.body).toMatchObject({ status: 'finalizada', winning_number: 3 });
    expect(
      (await eventually(home, (list) => !list.some((r) => r.id === raffle.id))).map((r) => r.id),
    ).not.toContain(raffle.id);
  });
});
