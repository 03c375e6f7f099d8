// `npm run bench`: measures the figures the issues ask for, on PGlite and (if reachable) PostgreSQL.
import fs from 'node:fs';
import pg from 'pg';
import { benchLighthouse } from './lighthouse';
import { benchRaffle100k } from './raffle-100k';
import { benchReservations } from './reservations';
import { targets } from './scenarios';

async function reachable(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const pgUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const list = targets((await reachable(pgUrl)) ? pgUrl : undefined);
const results = [];
for (const target of list) {
  for (const scenario of [benchRaffle100k, benchReservations]) {
    const result = await scenario(target);
    console.log(JSON.stringify(result));
    results.push(result);
  }
}
// Phone-first delivery: Lighthouse mobile on the public pages (PGlite; the database hardly matters).
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chrome)) {
  for (const result of await benchLighthouse({ runs: 3, reference: true })) {
    console.log(JSON.stringify(result));
    results.push(result);
  }
} else {
  console.log(
    `Lighthouse skipped: no Chromium at ${chrome} (apt-get install -y chromium, or set CHROME_PATH)`,
  );
}
for (const result of results) console.table([result]);
process.exit(0);
