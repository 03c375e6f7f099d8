import { type BenchTarget, median, ms, startApp } from './scenarios';

/** Time to create a 100,000-number raffle over HTTP, and to load its board (cold and warm). */
export async function benchRaffle100k(target: BenchTarget) {
  const { database, drop } = await target.open();
  const { app, base, token } = await startApp(database);
  try {
    const createTimes: number[] = [];
    let raffleId = '';
    for (let i = 0; i < 3; i++) {
      const start = process.hrtime.bigint();
      const res = await fetch(`${base}/api/raffles`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          name: `Bench ${i}`,
          price_cents: 100,
          total_numbers: 100_000,
          digit_count: 5,
        }),
      });
      createTimes.push(ms(start));
      if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
      raffleId = ((await res.json()) as { id: string }).id;
    }
    const boardTimes: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 10; i++) {
      const start = process.hrtime.bigint();
      const res = await fetch(`${base}/api/raffles/${raffleId}/board`, {
        headers: { 'accept-encoding': 'identity' },
      });
      const body = await res.text();
      boardTimes.push(ms(start));
      bytes = Buffer.byteLength(body);
    }
    return {
      scenario: 'raffle-100k',
      database: target.label,
      create_ms_median_of_3: Math.round(median(createTimes)),
      board_ms_median_of_10: Math.round(median(boardTimes) * 10) / 10,
      board_bytes: bytes,
      board_bytes_per_number: Math.round((bytes / 100_000) * 1000) / 1000,
    };
  } finally {
    await app.close();
    await drop();
  }
}
