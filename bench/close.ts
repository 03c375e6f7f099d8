// Issue 20, target 3: publishing at close. A raffle with 100,000 live sales (seeded by SQL) is closed
// through the API while the server process watches its own event loop (perf_hooks histogram, through
// the bench's control route); then its published list is downloaded once (compressed once) and
// again and again (served from the bytes made once), with the server's CPU time per download.
// Part of `npm run bench` (`BENCH_ONLY=close`); writes bench/CLOSE.md.
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Target } from './harness';
import { checkpointSeed, createRaffle } from './harness';
import { client, expect, request } from './http';
import type { Outcome } from './report/results';
import { median, now } from './stats';

/** `closes`: raffles of `sold` numbers closed one after another (a single close is a noisy sample). */
export type CloseSizes = { sold: number; downloads: number; closes: number };
export type CloseResult = {
  sold: number;
  seedMs: number;
  /** The median close, and every close in the order they ran. */
  closeMs: number;
  closesMs: number[];
  /** Worst over the closes. */
  loopMaxMs: number;
  /** Each close's own max, in the order they ran. */
  loopMaxesMs: number[];
  loopP99Ms: number;
  lineCount: number;
  firstDownloadMs: number;
  repeatDownloadMs: number;
  cpuMsPerDownload: number;
  /**
   * The cheapest recompression of the list (gzip level 1, in the bench process, median of 3): a
   * download that recompressed would cost at least this much CPU.
   */
  recompressMs: number;
  bytes: { raw: number; br: number };
  /** The public draw answer's size: with the list's text in it, megabytes on every visit. */
  drawAnswerBytes: number;
};

type Cpu = { user: number; system: number };

export async function benchClose(t: Target, s: CloseSizes): Promise<CloseResult> {
  const admin = client(t.port, 2, t.token);
  const reader = client(t.port, 1);
  try {
    const digits = String(s.sold - 1).length;
    const closesMs: number[] = [];
    const loops: { maxMs: number; p99Ms: number }[] = [];
    let id = '';
    let seedMs = 0;
    for (let k = 0; k < s.closes; k++) {
      ({ id } = await createRaffle(admin, s.sold, `Cierre bench ${s.sold} #${k + 1}`));
      const seedStart = now();
      await t.query(
        `insert into tickets (raffle_id, number, ticket_number, status, buyer_name, buyer_phone, buyer_cedula,
           price_cents, remaining_cents, reserved_until, purchased_at, version)
         select $1::uuid, n, lpad(n::text, $2::int, '0'), 'apartado', 'comprador bench', '04141234567',
           'V-' || (10000000 + n), 100, 100, now() + interval '1 day', now(), nextval('ticket_version_seq')
         from generate_series(0, $3::int - 1) as n`,
        [id, digits, s.sold],
      );
      seedMs = now() - seedStart;
      await checkpointSeed(t);

      await t.control('loopDelayStart');
      const closed = expect(
        await request(admin, 'POST', `/api/raffles/${id}/close`, { auth: true }),
        200,
        'close',
      );
      loops.push(await t.control<{ maxMs: number; p99Ms: number }>('loopDelayStop'));
      closesMs.push(closed.ms);
    }
    const draw = JSON.parse(
      expect(await request(reader, 'GET', `/api/raffles/${id}/draw`), 200, 'draw').body.toString('utf8'),
    ) as { line_count: number; sold_list_url: string; sold_list: string | null };
    const drawAnswer = await request(reader, 'GET', `/api/raffles/${id}/draw`, {
      headers: { 'accept-encoding': 'identity' },
    });

    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    const first = expect(
      await request(reader, 'GET', draw.sold_list_url, { headers }),
      200,
      'first download',
    );
    const raw = expect(
      await request(reader, 'GET', draw.sold_list_url, { headers: { 'accept-encoding': 'identity' } }),
      200,
      'raw download',
    );
    const cpuBefore = await t.control<Cpu>('cpu');
    const times: number[] = [];
    for (let i = 0; i < s.downloads; i++) {
      times.push(expect(await request(reader, 'GET', draw.sold_list_url, { headers }), 200, 'download').ms);
    }
    const cpuAfter = await t.control<Cpu>('cpu');
    const cpuMs = (cpuAfter.user - cpuBefore.user + cpuAfter.system - cpuBefore.system) / 1000;
    return {
      sold: s.sold,
      seedMs,
      closeMs: median(closesMs),
      closesMs,
      loopMaxMs: Math.max(...loops.map((l) => l.maxMs)),
      loopMaxesMs: loops.map((l) => l.maxMs),
      loopP99Ms: Math.max(...loops.map((l) => l.p99Ms)),
      lineCount: draw.line_count,
      firstDownloadMs: first.ms,
      repeatDownloadMs: median(times),
      cpuMsPerDownload: cpuMs / s.downloads,
      recompressMs: median(
        [0, 1, 2].map(() => {
          const start = now();
          gzipSync(raw.body, { level: 1 });
          return now() - start;
        }),
      ),
      bytes: { raw: raw.body.length, br: first.body.length },
      drawAnswerBytes: drawAnswer.body.length,
    };
  } finally {
    admin.agent.destroy();
    reader.agent.destroy();
  }
}

export function renderCloseReport(options: {
  date: Date;
  sizes: CloseSizes;
  results: Record<string, Outcome<CloseResult> | { skipped: string } | undefined>;
  load: [number, number];
  commit: string;
}): string {
  const cpus = os.cpus();
  const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
  const lines = [
    '# Publishing at close bench (issue 20, target 3)',
    '',
    `Run ${options.date.toISOString()} at commit ${options.commit} by \`BENCH_ONLY=close npm run bench\` (also part of \`npm run bench\`).`,
    `Machine: ${cpus.length} × ${cpus[0]?.model ?? '?'}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.version}.`,
    `Load average (1 min) at start ${options.load[0].toFixed(2)}, at end ${options.load[1].toFixed(2)}.`,
    '',
    `Workload: ${options.sizes.closes} raffles of ${options.sizes.sold.toLocaleString('en-US')} numbers, all sold (seeded by SQL), each closed through`,
    'the API while the server process samples its own event-loop delay (perf_hooks, 1 ms resolution: it overstates a stall by at most 1 ms); the close is the',
    'median of the closes (all of them in brackets), the stall the worst of them. Then the last list is downloaded once and',
    `${options.sizes.downloads} more times (br), with the server's CPU time per download, beside the cheapest recompression`,
    'of that list (gzip level 1 in the bench process): a download that recompressed would cost at least that.',
    '',
    'Targets: close of 100,000 sold < 300 ms on PostgreSQL; no event-loop stall over 50 ms; repeated downloads cost no recompression.',
    '',
    '| database | close (HTTP) | event loop max (each close) / p99 during close | lines | list raw / br | draw answer | first download | repeated download (median) | server CPU per download | cheapest recompression | targets |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [label, outcome] of Object.entries(options.results)) {
    if (!outcome) lines.push(`| ${label} | not measured | | | | | | | | | |`);
    else if ('skipped' in outcome) lines.push(`| ${label} | skipped: ${outcome.skipped} | | | | | | | | | |`);
    else if (!outcome.ok) lines.push(`| ${label} | failed: ${outcome.error} | | | | | | | | | |`);
    else {
      const r = outcome.value;
      const met = [
        label === 'PostgreSQL' ? (r.closeMs < 300 ? 'close ✔' : 'close ✘') : null,
        r.loopMaxMs <= 50 ? 'stall ✔' : 'stall ✘',
        r.cpuMsPerDownload < r.recompressMs / 2 ? 'no recompression ✔' : 'recompression ✘',
      ]
        .filter(Boolean)
        .join(', ');
      lines.push(
        `| ${label} | ${ms(r.closeMs)} (${r.closesMs.map((c) => c.toFixed(0)).join(', ')}) | ${ms(r.loopMaxMs)} (${r.loopMaxesMs.map((m) => m.toFixed(0)).join(', ')}) / ${ms(r.loopP99Ms)} | ${r.lineCount.toLocaleString('en-US')} | ${(r.bytes.raw / 1e6).toFixed(1)} MB / ${(r.bytes.br / 1e6).toFixed(1)} MB | ${(r.drawAnswerBytes / 1e3).toFixed(1)} kB | ${ms(r.firstDownloadMs)} | ${ms(r.repeatDownloadMs)} | ${ms(r.cpuMsPerDownload)} | ${ms(r.recompressMs)} | ${met} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
