import { sql } from 'drizzle-orm';
import { queryRows } from '../server/db/client';
import { type BenchTarget, ms, startApp } from './scenarios';

const buyer = (i: number) => ({
  name: `Comprador ${i}`,
  phone: '0414-1234567',
  address: 'Av. Bolívar, San Cristóbal',
  cedula: `V-${10_000_000 + i}`,
});

async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

/**
 * Reservations over HTTP vs. the database's own single-row update rate on the same machine,
 * and a crowd of buyers fighting for one number (must be exactly one winner).
 */
export async function benchReservations(
  target: BenchTarget,
  options = { count: 2000, concurrency: 32, crowd: 300 },
) {
  const { database, drop } = await target.open();
  const { app, base, token } = await startApp(database);
  try {
    const create = await fetch(`${base}/api/raffles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Bench', price_cents: 100, total_numbers: 100_000, digit_count: 5 }),
    });
    const raffleId = ((await create.json()) as { id: string }).id;

    // Baseline: the same conditional single-row update, straight to the database, same concurrency.
    const ids = await queryRows<{ id: string }>(
      database.db,
      sql`select id from tickets where raffle_id = ${raffleId} and number >= 50000 order by number limit ${options.count}`,
    );
    let start = process.hrtime.bigint();
    await pool(ids.length, options.concurrency, (i) =>
      database.db.execute(
        sql`update tickets set status = 'cancelado', version = nextval('ticket_version_seq') where id = ${ids[i]?.id} and status = 'disponible'`,
      ),
    );
    const dbPerSecond = ids.length / (ms(start) / 1000);

    start = process.hrtime.bigint();
    const statuses = await pool(options.count, options.concurrency, async (i) => {
      const res = await fetch(`${base}/api/raffles/${raffleId}/reservations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ numbers: [i], buyer: buyer(i) }),
      });
      await res.arrayBuffer();
      return res.status;
    });
    const httpPerSecond = options.count / (ms(start) / 1000);
    if (statuses.some((s) => s !== 201)) throw new Error('a distinct-number reservation failed');

    const crowd = await Promise.all(
      Array.from({ length: options.crowd }, (_, i) =>
        fetch(`${base}/api/raffles/${raffleId}/reservations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ numbers: [99_999], buyer: buyer(100_000 + i) }),
        }).then((r) => r.status),
      ),
    );
    return {
      scenario: 'reservations',
      database: target.label,
      db_updates_per_s: Math.round(dbPerSecond),
      http_reservations_per_s: Math.round(httpPerSecond),
      http_vs_db_ratio: Math.round((httpPerSecond / dbPerSecond) * 100) / 100,
      crowd_buyers_for_one_number: options.crowd,
      crowd_winners: crowd.filter((s) => s === 201).length,
      crowd_refused_409: crowd.filter((s) => s === 409).length,
    };
  } finally {
    await app.close();
    await drop();
  }
}
