// Staff tools at scale (issue 20, target 4): a 1,000,000-number raffle with 100,000 sold (seeded by
// direct SQL at scattered numbers, 5 tickets per buyer), then over HTTP: the staff list's search by
// cédula, name, phone and number (p50/p99), the buyers screen page 1, and the CSV export of every
// number — its time, the server's RSS growth while it streams, and the latencies of reservations on
// another raffle made meanwhile by a separate process (bench/reservation-load.ts). Run by
// bench/run.ts for each database behind BENCH_ONLY=staff; staff-report.ts writes the figures to
// bench/STAFF.md.
import http from 'node:http';
import { checkpointSeed, createRaffle, type Target } from './harness';
import { client, expect, request } from './http';
import { type Latencies, startLoad } from './reconcile';
import { now, percentile, sleep } from './stats';

/**
 * Each load process reserves this long unrecorded first: its first requests open connections and
 * run cold code, the generator's latency rather than the server's. (The 300-400 ms maxima of
 * "reservations alone" on PGlite stayed with it: bench/STAFF.md, 2026-11-29.)
 */
export const LOAD_WARMUP_MS = 500;

export type StaffSizes = {
  total: number;
  sold: number;
  /** Searches of each kind (each a different buyer or number). */
  searches: number;
  buyersPages: number;
  loadBuyers: number;
  baselineMs: number;
  /** Sold after the second seed (the same raffle filled up), for the searches at scale. */
  soldLarge: number;
  searchesLarge: number;
};

type Latency = { n: number; p50: number; p99: number; max: number };

export type StaffResult = {
  seedMs: number;
  searches: Record<string, Latency & { rows: number }>;
  buyersPage1: Latency;
  csv: Export;
  xlsx: Export;
  /** A second XLSX of the same raffle: exceljs already loaded. */
  xlsxAgain: Export;
  reservations: {
    baseline: Latencies;
    duringCsv: Latencies;
    duringXlsx: Latencies;
    duringXlsxAgain: Latencies;
  };
  /**
   * The server's event-loop delay (max / p99, 1 ms resolution: it overstates a stall by at most 1 ms) over each phase of reservations: a
   * slowest reservation as long as the loop's longest stall waited for the main thread, not for
   * the database.
   */
  loop: Record<'alone' | 'csv' | 'xlsx' | 'xlsxAgain', LoopDelay>;
  /** Reservations alone with the trigram index, then without it (dropped for the phase), same run. */
  trigram: { withIndex: Rate; withoutIndex: Rate; rebuildMs: number };
  /** After the raffle is filled up to `soldLarge`. */
  large: { seedMs: number; searches: Record<string, Latency & { rows: number }>; buyersPage1: Latency };
};

export type LoopDelay = { maxMs: number; p99Ms: number };

/** At the RSS's peak, what grew since the export started: V8's heap, Buffers, and the rest (code, native, WASM). */
type Growth = { heapMb: number; buffersMb: number; restMb: number };
export type Export = {
  ms: number;
  bytes: number;
  lines: number;
  rssBeforeMb: number;
  rssPeakAddedMb: number;
  peakGrowth: Growth;
};
type Rate = Latencies & { perSecond: number };

const FIRST = ['maría', 'josé', 'ana', 'luis', 'carmen', 'pedro', 'rosa', 'jesús', 'yusmary', 'wilmer'];
const LAST = ['pérez', 'gonzález', 'rodríguez', 'hernández', 'garcía', 'martínez', 'lópez', 'díaz'];
export const BUYER_TICKETS = 5;
const sqlArray = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

/** The buyer `b`, as the seed writes it (every fifth sale belongs to the next buyer). */
function buyerOf(b: number) {
  return {
    name: `${FIRST[b % FIRST.length]} ${LAST[Math.floor(b / FIRST.length) % LAST.length]} ${LAST[Math.floor(b / 80) % LAST.length]}`,
    cedula: `V-${10_000_000 + b}`,
    phone: `0414-${1_000_000 + b}`,
  };
}

/** Sale i holds number (i × 7919) mod total: scattered, never twice (7919 is prime, total is 10^k). */
const numberOf = (i: number, total: number) => (i * 7919) % total;

export async function seed(t: Target, raffleId: string, s: Pick<StaffSizes, 'total' | 'sold'>, first = 0) {
  const digits = String(s.total - 1).length;
  // In slices: PGlite runs each statement on the one connection the server also needs.
  for (let from = first; from < s.sold; from += 100_000) {
    const to = Math.min(from + 100_000, s.sold) - 1;
    await t.query(
      `insert into tickets (raffle_id, number, ticket_number, status, buyer_name, buyer_phone, buyer_address,
         buyer_cedula, buyer_email, payment_method, purchased_at, reserved_until, price_cents, remaining_cents,
         total_paid_cents, version)
       select $1::uuid, n, lpad(n::text, ${digits}, '0'), case when i % 3 = 0 then 'pagado' else 'apartado' end,
         (${sqlArray(FIRST)})[1 + b % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (b / ${FIRST.length}) % ${LAST.length}]
           || ' ' || (${sqlArray(LAST)})[1 + (b / 80) % ${LAST.length}],
         '0414-' || (1000000 + b), 'Av. Bolívar, San Cristóbal', 'V-' || (10000000 + b), null, 'pago_movil',
         now() - interval '1 day', now() + interval '1 day', 100, 100, 0, nextval('ticket_version_seq')
       from (select i, i / ${BUYER_TICKETS} as b, (i::bigint * 7919 % ${s.total})::int as n
             from generate_series(${from}, ${to}) as i) x`,
      [raffleId],
    );
  }
  await t.query('analyze tickets');
  await checkpointSeed(t);
}

const latency = (xs: number[]): Latency => ({
  n: xs.length,
  p50: percentile(xs, 50),
  p99: percentile(xs, 99),
  max: xs.length ? Math.max(...xs) : Number.NaN,
});

/** The server's resident set (MB), asked through the bench control route. */
const MB = 1024 ** 2;

/** GET streamed and counted, never held: the bench's own memory stays out of the picture. */
function streamGet(port: number, path: string, token: string) {
  return new Promise<{ status: number; bytes: number; lines: number; ms: number }>((resolve, reject) => {
    const start = now();
    const req = http.get(
      { host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        let bytes = 0;
        let lines = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, lines, ms: now() - start }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

/** Streams an export while sampling the server's RSS; answers its size, time and peak growth. */
async function exportWithRss(t: Target, path: string): Promise<Export> {
  const sample = async () => {
    const m = await t.control<NodeJS.MemoryUsage>('memoryNow');
    return { rss: m.rss / MB, heap: m.heapTotal / MB, buffers: m.arrayBuffers / MB };
  };
  const before = await sample();
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const now = await sample();
      if (now.rss > peak.rss) peak = now;
      await sleep(25);
    }
  })();
  const got = await streamGet(t.port, path, t.token);
  sampling = false;
  await sampler;
  if (got.status !== 200) throw new Error(`${path} answered ${got.status}`);
  const heapMb = peak.heap - before.heap;
  const buffersMb = peak.buffers - before.buffers;
  return {
    ms: got.ms,
    bytes: got.bytes,
    lines: got.lines,
    rssBeforeMb: before.rss,
    rssPeakAddedMb: peak.rss - before.rss,
    peakGrowth: { heapMb, buffersMb, restMb: peak.rss - before.rss - heapMb - buffersMb },
  };
}

/** The trigram index as the migrations made it (expression and storage settings), to build it again. */
async function trigramIndexDefinition(t: Target): Promise<string> {
  const { rows } = await t.query(
    "select indexdef from pg_indexes where indexname = 'tickets_search_trgm_idx'",
  );
  const definition = (rows[0] as { indexdef?: string } | undefined)?.indexdef;
  if (!definition) throw new Error('tickets_search_trgm_idx not found');
  return definition;
}

export async function benchStaff(t: Target, s: StaffSizes): Promise<StaffResult> {
  const c = client(t.port, 2, t.token);
  try {
    const raffle = await createRaffle(c, s.total, 'Bench personal 100k vendidos');
    const seedStart = now();
    await seed(t, raffle.id, s);
    const seedMs = now() - seedStart;
    const digits = String(s.total - 1).length;
    const list = (search: string) =>
      request(
        c,
        'GET',
        `/api/raffles/${raffle.id}/tickets?search=${encodeURIComponent(search)}&per_page=50`,
        {
          auth: true,
        },
      );
    /** Each kind of search `n` times (each a different buyer or number among the first `sold`). */
    const searchAll = async (sold: number, n: number) => {
      const buyers = Math.ceil(sold / BUYER_TICKETS);
      const pick = (k: number) => (k * 104_729 + 17) % buyers;
      const kinds: Record<string, (k: number) => string> = {
        'cédula (V-…)': (k) => buyerOf(pick(k)).cedula,
        'cédula (digits)': (k) => buyerOf(pick(k)).cedula.slice(2),
        'name (full)': (k) => buyerOf(pick(k)).name,
        'phone (digits)': (k) => buyerOf(pick(k)).phone.slice(5),
        number: (k) => String(numberOf(pick(k) * BUYER_TICKETS, s.total)).padStart(digits, '0'),
      };
      const searches: StaffResult['searches'] = {};
      await list('warm-up');
      for (const [kind, term] of Object.entries(kinds)) {
        const times: number[] = [];
        let rows = 0;
        for (let k = 0; k < n; k++) {
          const reply = expect(await list(term(k)), 200, `search ${kind}`);
          times.push(reply.ms);
          rows += (JSON.parse(reply.body.toString('utf8')) as { count: number }).count;
        }
        searches[kind] = { ...latency(times), rows: rows / n };
      }
      return searches;
    };
    const buyersPage = async (n: number) => {
      const times: number[] = [];
      for (let k = 0; k < n; k++)
        times.push(
          expect(
            await request(c, 'GET', `/api/raffles/${raffle.id}/buyers?page=1&per_page=50`, { auth: true }),
            200,
            'buyers page 1',
          ).ms,
        );
      return latency(times);
    };
    const searches = await searchAll(s.sold, s.searches);
    const buyersPage1 = await buyersPage(s.buyersPages);

    // Reservations on another raffle: alone, alone without the trigram index (what the index
    // costs a reservation, same run), then while the whole CSV and the whole XLSX stream.
    const loadRaffle = await createRaffle(c, 200_000, 'Bench personal carga');
    const loop = {} as StaffResult['loop'];
    /** Reservations from `firstNumber` on while `work` runs, with the server's event-loop delay meanwhile. */
    const during = async <T>(
      phase: keyof StaffResult['loop'],
      firstNumber: number,
      work: () => Promise<T>,
    ) => {
      const load = await startLoad(t.port, loadRaffle.id, s.loadBuyers, firstNumber, LOAD_WARMUP_MS);
      await t.control('loopDelayStart');
      const result = await work();
      const reservations = await load.stop();
      loop[phase] = await t.control<LoopDelay>('loopDelayStop');
      return { reservations, result };
    };
    const rate = async (firstNumber: number, phase?: 'alone'): Promise<Rate> => {
      const run = async () => {
        const load = await startLoad(t.port, loadRaffle.id, s.loadBuyers, firstNumber, LOAD_WARMUP_MS);
        const start = now();
        await sleep(s.baselineMs);
        const l = await load.stop();
        return { ...l, perSecond: l.requests / ((now() - start) / 1000) };
      };
      if (!phase) return run();
      await t.control('loopDelayStart');
      const r = await run();
      loop[phase] = await t.control<LoopDelay>('loopDelayStop');
      return r;
    };
    const withIndex = await rate(0, 'alone');
    const trigramIndex = await trigramIndexDefinition(t);
    await t.query('drop index if exists tickets_search_trgm_idx');
    const withoutIndex = await rate(25_000);
    const rebuildStart = now();
    await t.query(trigramIndex);
    const rebuildMs = now() - rebuildStart;
    await t.query('analyze tickets');

    const exporting = (path: string) => async () => {
      await sleep(200);
      return exportWithRss(t, path);
    };
    const { reservations: duringCsv, result: csv } = await during(
      'csv',
      50_000,
      exporting(`/api/raffles/${raffle.id}/tickets.csv`),
    );
    const { reservations: duringXlsx, result: xlsx } = await during(
      'xlsx',
      100_000,
      exporting(`/api/raffles/${raffle.id}/tickets.xlsx`),
    );
    // Once more, with the same load: the first export also loads exceljs (its code stays loaded).
    const { reservations: duringXlsxAgain, result: xlsxAgain } = await during(
      'xlsxAgain',
      150_000,
      exporting(`/api/raffles/${raffle.id}/tickets.xlsx`),
    );

    // The same raffle filled up: searches and the buyers screen at `soldLarge` sold.
    // The trigram index is built once after the rows are in (a bulk build), not entry by entry:
    // on PGlite the 900,000 inserts took ~290 s with it in place.
    const largeStart = now();
    await t.query('drop index if exists tickets_search_trgm_idx');
    await seed(t, raffle.id, { total: s.total, sold: s.soldLarge }, s.sold);
    await t.query(trigramIndex);
    await t.query('analyze tickets');
    const largeSeedMs = now() - largeStart;
    const large = {
      seedMs: largeSeedMs,
      searches: await searchAll(s.soldLarge, s.searchesLarge),
      buyersPage1: await buyersPage(Math.min(3, s.buyersPages)),
    };
    return {
      seedMs,
      searches,
      buyersPage1,
      csv,
      xlsx,
      xlsxAgain,
      reservations: { baseline: withIndex, duringCsv, duringXlsx, duringXlsxAgain },
      loop,
      trigram: { withIndex, withoutIndex, rebuildMs },
      large,
    };
  } finally {
    c.agent.destroy();
  }
}
