// Issue 20, target 5: boards stay cheap at scale. A 1,000,000-number raffle with 500,000 sold at
// random positions (seeded by SQL through the app's own table, then the server loads its board
// once), then for a while buyers reserve one random free number after another (each a new board
// version) while phones load the board (brotli, gzip, identity; half revalidate with If-None-Match).
// The server reports the main-thread time it spent making board bodies (board-body.ts, through the
// bench's control route) and its event-loop delay over the same time. For reference, the bench
// process times the old per-version work (JSON.stringify + SHA-1 + brotli + gzip, synchronous) on
// the same board. Part of `npm run bench` (`BENCH_ONLY=board1m`); writes bench/BOARD.md.
import { createHash } from 'node:crypto';
import os from 'node:os';
import { brotliCompressSync, gunzipSync, gzipSync, constants as zlib } from 'node:zlib';
import { boardSchema } from '../domain/reservations';
import { boardChar } from '../domain/tickets';
import type { Target } from './harness';
import { checkpointSeed, createRaffle } from './harness';
import { client, expect, request } from './http';
import type { Outcome } from './report/results';
import { median, now, percentile, shuffled, sleep } from './stats';
import { buyer } from './workloads';

export type Board1mSizes = {
  total: number;
  sold: number;
  driveMs: number;
  sellers: number;
  /** Pause of each seller between reservations. */
  sellerPauseMs: number;
  readers: number;
};

type BodyStats = {
  bodies: number;
  compressions: number;
  mainThreadMs: number;
  maxMainThreadMs: number;
  recentMs: number[];
};

export type Board1mResult = {
  sold: number;
  seedMs: number;
  firstLoadMs: number;
  bytes: { identity: number; gzip: number; br: number };
  drive: {
    ms: number;
    reservations: number;
    reads: { ok200: number; notModified304: number; other: number; p50: number; p99: number };
    bodies: number;
    compressions: number;
    mainThreadMsPerBody: number;
    maxMainThreadMs: number;
    /** Each synchronous step (serialize a version, start a compression): p50 / p99. */
    stepP50Ms: number;
    stepP99Ms: number;
    loopP99Ms: number;
    loopMaxMs: number;
  };
  /** The old synchronous work per version on this board, timed in the bench process (median of 3). */
  oldPerVersionMs: { serialize: number; sha1: number; br: number; gzip: number };
  /** The board served after the drive equals the live sales read from the database. */
  matchesDatabase: boolean;
};

const BROWSER = 'gzip, deflate, br';

async function seed(t: Target, raffleId: string, sold: number[], digits: number) {
  // In slices: PGlite runs each statement on the one connection the server also needs.
  // 10,000 numbers per statement: the control route that carries PGlite's SQL takes 256 KiB bodies.
  for (let from = 0; from < sold.length; from += 10_000) {
    await t.query(
      `insert into tickets (raffle_id, number, ticket_number, status, buyer_name, buyer_phone, buyer_cedula,
         price_cents, remaining_cents, reserved_until, purchased_at, version)
       select $1::uuid, n, lpad(n::text, $2::int, '0'), case when n % 3 = 0 then 'pagado' else 'apartado' end,
         'comprador bench', '04141234567', 'V-' || (10000000 + n), 100, 100, now() + interval '1 day', now(),
         nextval('ticket_version_seq')
       from unnest($3::int[]) as n`,
      [raffleId, digits, sold.slice(from, from + 10_000)],
    );
  }
  await t.query('analyze tickets');
  await checkpointSeed(t);
}

function timeOld(identity: Buffer) {
  const board = JSON.parse(identity.toString('utf8')) as Record<string, unknown> & { statuses: string };
  const runs: { serialize: number; sha1: number; br: number; gzip: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = now();
    const body = Buffer.from(JSON.stringify(boardSchema.encode(board as never)));
    const t1 = now();
    createHash('sha1').update(board.statuses).digest('base64url');
    const t2 = now();
    brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const t3 = now();
    gzipSync(body, { level: 6 });
    runs.push({ serialize: t1 - t0, sha1: t2 - t1, br: t3 - t2, gzip: now() - t3 });
  }
  const med = (k: keyof (typeof runs)[number]) => median(runs.map((r) => r[k]));
  return { serialize: med('serialize'), sha1: med('sha1'), br: med('br'), gzip: med('gzip') };
}

export async function benchBoard1m(t: Target, s: Board1mSizes): Promise<Board1mResult> {
  const admin = client(t.port, 2, t.token);
  const readers = client(t.port, s.readers);
  const sellers = client(t.port, s.sellers);
  try {
    const { id } = await createRaffle(admin, s.total, 'Bench tablero 1M');
    const path = `/api/raffles/${id}/board`;
    const order = shuffled(
      Array.from({ length: s.total }, (_, i) => i),
      20,
    );
    const sold = order.slice(0, s.sold);
    const free = order.slice(s.sold);
    const seedStart = now();
    await seed(t, id, sold, String(s.total - 1).length);
    const seedMs = now() - seedStart;

    const first = expect(
      await request(readers, 'GET', path, { headers: { 'accept-encoding': 'identity' } }),
      200,
      'first board',
    );
    const bytes = { identity: first.body.length, gzip: 0, br: 0 };
    for (const encoding of ['gzip', 'br'] as const) {
      const reply = expect(
        await request(readers, 'GET', path, { headers: { 'accept-encoding': encoding } }),
        200,
        'board',
      );
      bytes[encoding] = reply.body.length;
    }
    const oldPerVersionMs = timeOld(first.body);

    const before = await t.control<BodyStats>('boardBodyStats', { reset: true });
    await t.control('loopDelayStart');
    const deadline = now() + s.driveMs;
    let next = 0;
    let reservations = 0;
    const latencies: number[] = [];
    const reads = { ok200: 0, notModified304: 0, other: 0 };
    const start = now();
    await Promise.all([
      ...Array.from({ length: s.sellers }, async () => {
        while (now() < deadline) {
          const number = free[next++];
          if (number === undefined) break;
          const reply = await request(sellers, 'POST', `/api/raffles/${id}/reservations`, {
            body: { numbers: [number], buyer: buyer(2_000_000 + number) },
          });
          if (reply.status === 201) reservations++;
          await sleep(s.sellerPauseMs);
        }
      }),
      ...Array.from({ length: s.readers }, async (_, i) => {
        // Most phones take brotli; one in five gzip, one identity (a proxy that compresses itself).
        const encoding = i === 0 ? 'identity' : i % 5 === 1 ? 'gzip' : BROWSER;
        let etag = '';
        while (now() < deadline) {
          const headers: Record<string, string> = { 'accept-encoding': encoding };
          if (i % 2 === 0 && etag) headers['if-none-match'] = etag;
          const reply = await request(readers, 'GET', path, { headers }).catch(() => null);
          if (!reply) reads.other++;
          else {
            latencies.push(reply.ms);
            if (reply.status === 200) {
              reads.ok200++;
              etag = String(reply.headers.etag ?? '');
            } else if (reply.status === 304) reads.notModified304++;
            else reads.other++;
          }
        }
      }),
    ]);
    const driveMs = now() - start;
    const loop = await t.control<{ maxMs: number; p99Ms: number }>('loopDelayStop');
    const after = await t.control<BodyStats>('boardBodyStats');

    // The served board against a fresh read of the live sales.
    await sleep(300);
    const gz = expect(
      await request(readers, 'GET', path, { headers: { 'accept-encoding': 'gzip' } }),
      200,
      'board',
    );
    const served = JSON.parse(gunzipSync(gz.body).toString('utf8')) as { statuses: string };
    const live = await t.query(
      'select number, status from tickets where raffle_id = $1 and ended_at is null order by number',
      [id],
    );
    const fresh = Buffer.alloc(s.total, 'd');
    for (const row of live.rows) fresh[Number(row.number)] = boardChar(String(row.status)).charCodeAt(0);
    const bodies = after.bodies - before.bodies;
    return {
      sold: s.sold,
      seedMs,
      firstLoadMs: first.ms,
      bytes,
      drive: {
        ms: driveMs,
        reservations,
        reads: { ...reads, p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
        bodies,
        compressions: after.compressions - before.compressions,
        mainThreadMsPerBody: bodies > 0 ? (after.mainThreadMs - before.mainThreadMs) / bodies : Number.NaN,
        maxMainThreadMs: after.maxMainThreadMs,
        stepP50Ms: percentile(after.recentMs, 50),
        stepP99Ms: percentile(after.recentMs, 99),
        loopP99Ms: loop.p99Ms,
        loopMaxMs: loop.maxMs,
      },
      oldPerVersionMs,
      matchesDatabase: served.statuses === fresh.toString('latin1'),
    };
  } finally {
    for (const c of [admin, readers, sellers]) c.agent.destroy();
  }
}

export function renderBoard1mReport(options: {
  date: Date;
  sizes: Board1mSizes;
  results: Record<string, Outcome<Board1mResult> | { skipped: string } | undefined>;
  load: [number, number];
  commit: string;
}): string {
  const cpus = os.cpus();
  const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;
  const kb = (v: number) => `${(v / 1024).toFixed(0)} KiB`;
  const s = options.sizes;
  const lines = [
    '# Boards at scale bench (issue 20, target 5)',
    '',
    `Run ${options.date.toISOString()} at commit ${options.commit} by \`BENCH_ONLY=board1m npm run bench\`.`,
    `Machine: ${cpus.length} × ${cpus[0]?.model ?? '?'}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.version}.`,
    `Load average (1 min) at start ${options.load[0].toFixed(2)}, at end ${options.load[1].toFixed(2)} (the machine is shared: figures are noisy).`,
    '',
    `Workload: a raffle of ${s.total.toLocaleString('en-US')} numbers with ${s.sold.toLocaleString('en-US')} sold at random positions (seeded by SQL,`,
    `a seeded shuffle), the board loaded once; then for ${s.driveMs / 1000} s ${s.sellers} buyers reserve one random free number each`,
    `(pause ${s.sellerPauseMs} ms) while ${s.readers} phones load the board back to back (most brotli, some gzip, one identity; half`,
    'revalidate with If-None-Match). "Main thread per body" is the server\'s own timing (wall clock, so a thread the',
    "machine's load preempts counts too) of the synchronous part of",
    'making a board version (board-body.ts); compression runs on libuv\'s thread pool. "Old way" is the work the',
    'server did per version before (serialize + SHA-1 + brotli + gzip, all synchronous), timed on the same board',
    'in the bench process.',
    '',
    'Target: ≤ 10 ms of main-thread time per board version.',
    '',
    '| database | seed | first load | bytes identity / gzip / br | reservations (versions) | board reads 200 / 304 (p50 / p99) | bodies made / compressions | main thread per body (mean) | per step p50 / p99 / max | event loop p99 / max | old way per version: serialize + SHA-1 + br + gzip | board = database | target |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [label, outcome] of Object.entries(options.results)) {
    if (!outcome) lines.push(`| ${label} | not measured ||||||||||||`);
    else if ('skipped' in outcome) lines.push(`| ${label} | skipped: ${outcome.skipped} ||||||||||||`);
    else if (!outcome.ok) lines.push(`| ${label} | failed: ${outcome.error} ||||||||||||`);
    else {
      const r = outcome.value;
      const d = r.drive;
      const o = r.oldPerVersionMs;
      lines.push(
        `| ${label} | ${(r.seedMs / 1000).toFixed(1)} s | ${ms(r.firstLoadMs)} | ${kb(r.bytes.identity)} / ${kb(r.bytes.gzip)} / ${kb(r.bytes.br)} | ${d.reservations} in ${(d.ms / 1000).toFixed(1)} s | ${d.reads.ok200} / ${d.reads.notModified304} (${ms(d.reads.p50)} / ${ms(d.reads.p99)})${d.reads.other ? `, ${d.reads.other} failed` : ''} | ${d.bodies} / ${d.compressions} | ${ms(d.mainThreadMsPerBody)} | ${ms(d.stepP50Ms)} / ${ms(d.stepP99Ms)} / ${ms(d.maxMainThreadMs)} | ${ms(d.loopP99Ms)} / ${ms(d.loopMaxMs)} | ${ms(o.serialize)} + ${ms(o.sha1)} + ${ms(o.br)} + ${ms(o.gzip)} = ${ms(o.serialize + o.sha1 + o.br + o.gzip)} | ${r.matchesDatabase ? 'yes' : 'NO'} | ${d.mainThreadMsPerBody <= 10 ? '✔' : '✘'} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
