// The raffle page when a raffle goes viral (issue 20, target 1; decision 027). A raffle of 200,000
// numbers with 100,000 sold at random positions (seeded by SQL, as a rush would leave it), and
// another raffle buyers reserve on. Measured in one run per database, each against two servers:
// the public-answer cache switched off (PUBLIC_RAFFLE_CACHE=false: every request counts the sales,
// as before) and on. Per server:
// - GET /api/raffles/:id/board, GET /api/raffles/:id and the home list GET /api/raffles?status=activa,
//   each looped by 16 clients (a browser's Accept-Encoding, no If-None-Match: first-time visitors);
// - reservations on the other raffle alone, then while the raffle page is requested 200 times a
//   second (open loop: a viral share's 12,000 views a minute), alternated; the reservations come from
//   bench/reservation-load.ts in its own process, 50 buyers back to back;
// - the page again after the raffle closed (the row then carries the published sold list);
// - with the cache on, an edit of the raffle while `herdPages` pages have it open: each reads it again
//   once within the spread the server names for that many pages (decision 089), an open loop of herdPages ÷ spread requests a
//   second, while the buyers reserve on the other raffle.
// Targets: page rate ≥ 0.5× the board's rate; reservations while the page is loaded ≥ 0.8× alone.
// The herd has no target: it is measured so decision 089's cost is a figure, not a guess.
import os from 'node:os';
import { RAFFLE_REFRESH_MIN_MS, raffleRefreshSpreadMs } from '../domain/live-events';
import { checkpointSeed, createRaffle, type DbKind, startTarget, type Target } from './harness';
import { type Client, client, expect, request } from './http';
import { spawnReservationLoad } from './load-process';
import type { Outcome } from './report/results';
import { now, percentile, sleep } from './stats';

export type PageSizes = {
  total: number;
  sold: number;
  /** Length of each rate phase. */
  phaseMs: number;
  /** Alternated phases of reservations alone / with the page loaded. */
  reps: number;
  /** Raffle page requests per second while reservations run. */
  pagePerSecond: number;
  reservationBuyers: number;
  /** Open pages that read the raffle again after an edit (decision 089). */
  herdPages: number;
};

type Rate = {
  rate: number;
  n: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  bytes: number;
};
type ModeResult = {
  board: Rate;
  page: Rate;
  page304: Rate;
  home: Rate;
  closedPage: Rate;
  reservationsAlone: number[];
  reservationsLoaded: number[];
  /** What the page loader achieved while reservations ran (requests answered per second, p99). */
  loadedPage: { rate: number; p99: number; dropped: number }[];
  pageBytes: number;
  /** After an edit, with the cache on: the pages' reads and the reservations meanwhile. */
  herd: Herd | null;
};
type Herd = { pages: number; rate: number; p99: number; dropped: number; reservations: number };
export type PageResult = { seedMs: number; off: ModeResult; on: ModeResult };

const BROWSER = 'gzip, deflate, br';

/** `clients` loops of `make` for `ms`: answers per second and their latencies. */
async function loop(
  clients: number,
  ms: number,
  make: () => Promise<{ status: number; ms: number; bytes: number }>,
) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let bytes = 0;
  const start = now();
  const deadline = start + ms;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (now() < deadline) {
        const reply = await make();
        latencies.push(reply.ms);
        bytes += reply.bytes;
        statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
      }
    }),
  );
  const elapsed = now() - start;
  return {
    rate: (latencies.length / elapsed) * 1000,
    n: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    statuses,
    bytes: latencies.length ? bytes / latencies.length : 0,
  } satisfies Rate;
}

function get(c: Client, url: string, headers: Record<string, string> = { 'accept-encoding': BROWSER }) {
  return async () => {
    const reply = await request(c, 'GET', url, { headers });
    return { status: reply.status, ms: reply.ms, bytes: reply.body.length };
  };
}

/** Requests `url` `perSecond` times a second whatever the answers take (at most `cap` in flight). */
function openLoop(c: Client, url: string, perSecond: number, cap = 400) {
  const latencies: number[] = [];
  let inFlight = 0;
  let dropped = 0;
  const start = now();
  let sent = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((now() - start) / 1000) * perSecond) - sent;
    for (let i = 0; i < due; i++) {
      sent++;
      if (inFlight >= cap) {
        dropped++;
        continue;
      }
      inFlight++;
      request(c, 'GET', url, { headers: { 'accept-encoding': BROWSER } })
        .then((reply) => {
          if (reply.status === 200) latencies.push(reply.ms);
        })
        .catch(() => {})
        .finally(() => inFlight--);
    }
  }, 5);
  return {
    async stop() {
      clearInterval(timer);
      const elapsed = now() - start;
      while (inFlight > 0) await sleep(10);
      return { rate: (latencies.length / elapsed) * 1000, p99: percentile(latencies, 99), dropped };
    },
  };
}

/** bench/reservation-load.ts in its own process for `ms`: 201s per second. */
async function reservationsFor(
  port: number,
  raffleId: string,
  buyers: number,
  firstNumber: number,
  ms: number,
) {
  const load = await spawnReservationLoad(port, raffleId, buyers, firstNumber);
  const start = now();
  await sleep(ms);
  const elapsed = now() - start;
  const { statuses } = await load.stop();
  if (statuses.error || Object.keys(statuses).some((s) => s !== '201'))
    throw new Error(`reservations answered ${JSON.stringify(statuses)}`);
  return ((statuses['201'] ?? 0) / elapsed) * 1000;
}

/**
 * `sold` live sales at scattered positions of the raffle, by SQL in chunks (each statement well under
 * the control route's timeout on PGlite): number = i × 7919 mod total, a permutation of the numbers
 * (7919 is prime and does not divide the total), so the first `sold` of it are distinct.
 */
async function seed(target: Target, raffleId: string, sizes: PageSizes) {
  const digits = String(sizes.total - 1).length;
  const chunk = 10_000;
  for (let from = 0; from < sizes.sold; from += chunk) {
    await target.query(
      `insert into tickets (raffle_id, number, ticket_number, status, buyer_name, buyer_phone, buyer_address,
                            buyer_cedula, payment_method, purchased_at, reserved_until, total_paid_cents,
                            remaining_cents, price_cents, version)
       select $1, n, lpad(n::text, $2::int, '0'), 'apartado', 'comprador bench ' || n, '0414-1234567',
              'Av. Bolívar, San Cristóbal', 'V-' || (20000000 + n), 'transfer', now(), now() + interval '30 days',
              0, 100, 100, nextval('ticket_version_seq')
       from (select ((i::bigint * 7919) % $3::int)::int as n
             from generate_series($4::int, least($4::int + ${chunk}, $5::int) - 1) i) picked`,
      [raffleId, digits, sizes.total, from, sizes.sold],
    );
  }
  await target.query('analyze tickets');
  await checkpointSeed(target);
}

/**
 * An admin edits the viral raffle while `herdPages` pages have it open: after the floor, each page
 * reads it again at a random moment of the spread (use-raffle-live.ts), which the open loop plays as
 * herdPages ÷ spread requests a second, no If-None-Match (the answer changed). Meanwhile buyers
 * reserve on the other raffle; their rate is over the floor and the spread.
 */
async function herdAfterEdit(
  target: Target,
  admin: Client,
  viewers: Client,
  viral: string,
  other: string,
  sizes: PageSizes,
  first: number,
): Promise<Herd> {
  const load = await spawnReservationLoad(target.port, other, sizes.reservationBuyers, first);
  const start = now();
  const edit = await request(admin, 'PATCH', `/api/raffles/${viral}`, {
    auth: true,
    body: { description: `Editada ${new Date().toISOString()}` },
  });
  expect(edit, 200, 'edit');
  await sleep(RAFFLE_REFRESH_MIN_MS);
  // The spread the server names in `event: raffle` for that many pages of one instance.
  const spreadMs = raffleRefreshSpreadMs(sizes.herdPages);
  const reading = openLoop(viewers, `/api/raffles/${viral}`, sizes.herdPages / (spreadMs / 1000));
  await sleep(spreadMs);
  const pages = await reading.stop();
  const elapsed = now() - start;
  const { statuses } = await load.stop();
  return { pages: sizes.herdPages, ...pages, reservations: ((statuses['201'] ?? 0) / elapsed) * 1000 };
}

async function measureMode(
  kind: DbKind,
  cache: boolean,
  sizes: PageSizes,
  seedMs: { ms: number },
): Promise<ModeResult> {
  const target = await startTarget(kind, undefined, { PUBLIC_RAFFLE_CACHE: String(cache) });
  const admin = client(target.port, 2, target.token);
  const readers = client(target.port, 16);
  const viewers = client(target.port, 64);
  try {
    const viral = (await createRaffle(admin, sizes.total, 'Rifa viral 100k vendidos')).id;
    const other = (await createRaffle(admin, 1_000_000, 'Otra rifa')).id;
    const seedStart = now();
    await seed(target, viral, sizes);
    seedMs.ms = now() - seedStart;
    const boardUrl = `/api/raffles/${viral}/board`;
    const pageUrl = `/api/raffles/${viral}`;
    const homeUrl = '/api/raffles?status=activa';
    const page = expect(
      await request(readers, 'GET', pageUrl, { headers: { 'accept-encoding': BROWSER } }),
      200,
      'page',
    );
    const etag = String(page.headers.etag ?? '');
    const warm = Math.min(1_000, sizes.phaseMs / 3);
    await loop(16, warm, get(readers, boardUrl));
    const board = await loop(16, sizes.phaseMs, get(readers, boardUrl));
    await loop(16, warm, get(readers, pageUrl));
    const pageRate = await loop(16, sizes.phaseMs, get(readers, pageUrl));
    const page304 = etag
      ? await loop(
          16,
          sizes.phaseMs,
          get(readers, pageUrl, { 'accept-encoding': BROWSER, 'if-none-match': etag }),
        )
      : { rate: 0, n: 0, p50: 0, p99: 0, statuses: {}, bytes: 0 };
    const home = await loop(16, sizes.phaseMs, get(readers, homeUrl));

    const alone: number[] = [];
    const loaded: number[] = [];
    const loadedPage: ModeResult['loadedPage'] = [];
    let first = 0;
    const step = 100_000; // the other raffle's 1,000,000 numbers cover 2 × reps + 1 phases up to reps = 4
    await reservationsFor(target.port, other, sizes.reservationBuyers, first, warm); // warm-up
    first += step;
    for (let rep = 0; rep < sizes.reps; rep++) {
      alone.push(await reservationsFor(target.port, other, sizes.reservationBuyers, first, sizes.phaseMs));
      first += step;
      const viewing = openLoop(viewers, pageUrl, sizes.pagePerSecond);
      await sleep(300); // the page load is on before the buyers start
      loaded.push(await reservationsFor(target.port, other, sizes.reservationBuyers, first, sizes.phaseMs));
      first += step;
      loadedPage.push(await viewing.stop());
    }
    const herd = cache ? await herdAfterEdit(target, admin, viewers, viral, other, sizes, first) : null;

    expect(await request(admin, 'POST', `/api/raffles/${viral}/close`, { auth: true }), 200, 'close');
    await loop(16, warm, get(readers, pageUrl));
    const closedPage = await loop(16, sizes.phaseMs, get(readers, pageUrl));
    return {
      board,
      page: pageRate,
      page304,
      home,
      closedPage,
      reservationsAlone: alone,
      reservationsLoaded: loaded,
      loadedPage,
      pageBytes: page.body.length,
      herd,
    };
  } finally {
    for (const c of [admin, readers, viewers]) c.agent.destroy();
    await target.stop();
  }
}

export async function benchPage(kind: DbKind, sizes: PageSizes): Promise<PageResult> {
  const seedMs = { ms: 0 };
  const off = await measureMode(kind, false, sizes, seedMs);
  const on = await measureMode(kind, true, sizes, seedMs);
  return { seedMs: seedMs.ms, off, on };
}

const f = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—');
const x = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}×` : '—');
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const pass = (ok: boolean) => (ok ? 'met' : '**missed**');

export function renderPageReport(options: {
  date: Date;
  quick: boolean;
  sizes: PageSizes;
  results: Record<string, Outcome<PageResult> | { skipped: string }>;
  loads: Record<string, [number, number]>;
  commit: string;
}): string {
  const { sizes } = options;
  const cpus = os.cpus();
  const lines = [
    '# Raffle page and home from memory (issue 20, target 1)',
    '',
    `Run ${options.date.toISOString()} at commit ${options.commit} by \`BENCH_ONLY=page npm run bench\`${options.quick ? ' (BENCH_QUICK=1)' : ''}.`,
    `Machine: ${cpus.length} × ${cpus[0]?.model ?? '?'}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.version}; other agents share it (see the load averages).`,
    '',
    `Workload: a raffle of ${f(sizes.total)} numbers with ${f(sizes.sold)} live sales at random positions (one SQL`,
    'statement), and another raffle of 1,000,000 numbers. Each database runs two servers one after the other:',
    '**before** = `PUBLIC_RAFFLE_CACHE=false` (every public request counts the sales and reads the whole row, as',
    'before decision 027), **after** = the cache on. Rates: 16 clients in a loop for',
    `${sizes.phaseMs / 1000} s each, browser Accept-Encoding, no If-None-Match (first visits) except the 304 row.`,
    `Reservations: ${sizes.reservationBuyers} buyers back to back in their own process (bench/reservation-load.ts), one number each,`,
    `on the other raffle, ${sizes.reps} phases alone alternated with ${sizes.reps} while the raffle page is requested`,
    `${sizes.pagePerSecond} times a second (open loop, at most 400 in flight; the rest counted as dropped).`,
    '',
    'Targets: `GET /api/raffles/:id` ≥ 0.5× the board in the same run; reservations while the page is loaded ≥ 0.8× alone.',
    '',
    '| database | load avg start → end | server | board /s | page /s (bytes) | page ÷ board | page 304 /s | home /s | page after close /s | reservations alone /s | with page at 200/s | ratio | page load achieved /s (p99 ms, dropped) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const verdicts: string[] = [];
  const herds: string[] = [];
  for (const [label, outcome] of Object.entries(options.results)) {
    const load = options.loads[label];
    const loadText = load ? `${load[0].toFixed(2)} → ${load[1].toFixed(2)}` : '';
    if (outcome === undefined || 'skipped' in outcome) {
      lines.push(`| ${label} | ${loadText} | skipped: ${outcome?.skipped ?? 'not measured'} |||||||||||`);
      continue;
    }
    if (!outcome.ok) {
      lines.push(`| ${label} | ${loadText} | failed: ${outcome.error} |||||||||||`);
      continue;
    }
    for (const [mode, r] of [
      ['before', outcome.value.off],
      ['after', outcome.value.on],
    ] as const) {
      const pageRatio = r.page.rate / r.board.rate;
      const resRatio = sum(r.reservationsLoaded) / sum(r.reservationsAlone);
      const achieved = r.loadedPage.map((p) => `${f(p.rate)} (${f(p.p99)}, ${p.dropped})`).join(', ');
      lines.push(
        `| ${label} | ${loadText} | ${mode} | ${f(r.board.rate)} | ${f(r.page.rate)} (${f(r.pageBytes)}) | ${x(pageRatio)} | ${f(r.page304.rate)} | ${f(r.home.rate)} | ${f(r.closedPage.rate)} | ${r.reservationsAlone.map(f).join(', ')} | ${r.reservationsLoaded.map(f).join(', ')} | ${x(resRatio)} | ${achieved} |`,
      );
      if (mode === 'after' && r.herd)
        herds.push(
          `| ${label} | ${f(r.herd.pages)} | ${f(r.herd.pages / (raffleRefreshSpreadMs(r.herd.pages) / 1000))} | ${f(r.herd.rate)} | ${f(r.herd.p99)} | ${f(r.herd.dropped)} | ${f(r.herd.reservations)} | ${x(r.herd.reservations / (sum(r.reservationsAlone) / r.reservationsAlone.length))} |`,
        );
      if (mode === 'after')
        verdicts.push(
          `- ${label}: page ÷ board ${x(pageRatio)} (≥ 0.5×: ${pass(pageRatio >= 0.5)}); reservations with the page loaded ${x(resRatio)} of alone (≥ 0.8×: ${pass(resRatio >= 0.8)}).`,
        );
    }
  }
  lines.push(
    '',
    `An edit of the raffle while ${f(sizes.herdPages)} pages have it open (decision 089, after only): each page reads it`,
    `again once, at a random moment ${RAFFLE_REFRESH_MIN_MS}-${RAFFLE_REFRESH_MIN_MS + raffleRefreshSpreadMs(sizes.herdPages)} ms after the change (the spread the server names for that many`,
    'pages, use-raffle-live.ts), played as an open loop of pages ÷ spread requests a second over 64 keep-alive sockets (real pages each have their own connection to the',
    'proxy), while the buyers reserve on the other raffle; their rate is over the floor and the spread. No target.',
    '',
    '| database | pages | requests /s asked | answered /s | p99 ms | dropped | reservations /s meanwhile | ÷ alone |',
    '|---|---|---|---|---|---|---|---|',
    ...herds,
    '',
    'Verdict (after):',
    '',
    ...verdicts,
    '',
    '"before" is this branch with the cache off: it still reads the raffle row without its sold list (that part',
    'is not switched off), so its "page after close" is better than the starting commit, whose row read carried',
    'the whole list. The page 304 column is empty before: the counted answer had no ETag.',
    '',
  );
  return lines.join('\n');
}
