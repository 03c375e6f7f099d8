// The staff bench's section of bench/STAFF.md (issue 20, target 4): what bench/staff.ts measured,
// as tables, with each target's verdict.
import os from 'node:os';
import type { Latencies } from './reconcile';
import type { Outcome as ReportOutcome } from './report/results';
import {
  BUYER_TICKETS,
  type Export,
  LOAD_WARMUP_MS,
  type LoopDelay,
  type StaffResult,
  type StaffSizes,
} from './staff';

/** "+92 MB (heap +40, Buffers +10, rest +42)". */
const growthText = (e: Export) =>
  `+${Math.round(e.rssPeakAddedMb)} MB (heap ${signed(e.peakGrowth.heapMb)}, Buffers ${signed(e.peakGrowth.buffersMb)}, rest ${signed(e.peakGrowth.restMb)})`;
const signed = (mb: number) => `${mb < 0 ? '−' : '+'}${Math.abs(Math.round(mb))}`;

type Outcome = ReportOutcome<StaffResult>;
const ms = (x: number) => (Number.isFinite(x) ? `${x < 10 ? x.toFixed(1) : Math.round(x)} ms` : '–');
const pass = (ok: boolean) => (ok ? 'yes' : '**NO**');

/** The run's section of bench/STAFF.md (the file keeps earlier runs: before and after). */
export function renderStaffReport(options: {
  date: Date;
  sizes: StaffSizes;
  results: Record<string, Outcome | { skipped: string }>;
  load: [number, number];
  commit: string;
  quick: boolean;
}): string {
  const { sizes } = options;
  const cpus = os.cpus();
  const lines = [
    `## Run ${options.date.toISOString()} at commit ${options.commit}${options.quick ? ' (BENCH_QUICK)' : ''}`,
    '',
    `Machine: ${cpus.length} × ${cpus[0]?.model ?? '?'}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.version}.`,
    `Load average (1 min) at start ${options.load[0].toFixed(2)}, at end ${options.load[1].toFixed(2)}.`,
    `Workload: a ${sizes.total.toLocaleString('en-US')}-number raffle, ${sizes.sold.toLocaleString('en-US')} sold (seeded by SQL, ${BUYER_TICKETS} per buyer);`,
    `${sizes.searches} searches of each kind, ${sizes.buyersPages} loads of buyers page 1; the CSV, then the XLSX, of every number while`,
    `${sizes.loadBuyers} buyers in another process reserve back to back on another raffle (each load process ${LOAD_WARMUP_MS} ms unrecorded first; ${sizes.baselineMs / 1000} s alone first, with`,
    `and then without the trigram index); then the raffle is filled up to ${sizes.soldLarge.toLocaleString('en-US')} sold and searched again (${sizes.searchesLarge} of each kind).`,
    '',
    `| database | kind | p50 at ${sizes.sold.toLocaleString('en-US')} | p99 | max | matches | p50 at ${sizes.soldLarge.toLocaleString('en-US')} | p99 | max | matches |`,
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  const rest: string[] = [
    '',
    '| database | seed | buyers page 1 p50 / p99 | CSV time | CSV size | server RSS before / peak added (what grew) | reservations alone p50 / p99 / max | during CSV p50 / p99 / max (n) | targets met |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const stalls: string[] = [
    '',
    "What the slowest reservations waited for: beside each phase's reservations, the server's event-loop delay over the phase (max / p99, 1 ms resolution: it overstates a stall by at most 1 ms). A reservation maximum close to the loop's longest stall waited for the main thread; one well above it, for the database.",
    '',
    '| database | alone: reservations max / loop max, p99 | during CSV | during XLSX (loads exceljs) | during the same XLSX again |',
    '|---|---|---|---|---|',
  ];
  const more: string[] = [
    '',
    `| database | XLSX time | XLSX size | server RSS before / peak added (what grew) | the same XLSX again: RSS before / peak added (time) | reservations during XLSX p50 / p99 / max (n) | reservations/s with / without the trigram index (p50) | index rebuilt in (${sizes.sold.toLocaleString('en-US')} sold) | seed to ${sizes.soldLarge.toLocaleString('en-US')} (rows, then the trigram index) | buyers page 1 at ${sizes.soldLarge.toLocaleString('en-US')} p50 / p99 |`,
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [label, outcome] of Object.entries(options.results)) {
    if (outcome === undefined) continue;
    if ('skipped' in outcome) {
      rest.push(`| ${label} | skipped: ${outcome.skipped} | | | | | | | |`);
      continue;
    }
    if (!outcome.ok) {
      rest.push(`| ${label} | failed: ${outcome.error} | | | | | | | |`);
      continue;
    }
    const r = outcome.value;
    for (const [kind, l] of Object.entries(r.searches)) {
      const big = r.large.searches[kind];
      lines.push(
        `| ${label} | ${kind} | ${ms(l.p50)} | ${ms(l.p99)} | ${ms(l.max)} | ${l.rows} | ${big ? `${ms(big.p50)} | ${ms(big.p99)} | ${ms(big.max)} | ${big.rows}` : '– | – | – | –'} |`,
      );
    }
    const base = r.reservations.baseline;
    const during = r.reservations.duringCsv;
    const searchP99 = Math.max(...Object.values(r.searches).map((l) => l.p99));
    const largeP99 = Math.max(...Object.values(r.large.searches).map((l) => l.p99));
    rest.push(
      `| ${label} | ${ms(r.seedMs)} | ${ms(r.buyersPage1.p50)} / ${ms(r.buyersPage1.p99)} | ${ms(r.csv.ms)} | ${(r.csv.bytes / 1024 ** 2).toFixed(1)} MB, ${r.csv.lines.toLocaleString('en-US')} lines | ${Math.round(r.csv.rssBeforeMb)} / ${growthText(r.csv)} | ${ms(base.p50)} / ${ms(base.p99)} / ${ms(base.max)} | ${ms(during.p50)} / ${ms(during.p99)} / ${ms(during.max)} (${during.requests}) | searches p99 < 50 ms ${pass(searchP99 < 50)}, at ${sizes.soldLarge.toLocaleString('en-US')} < 200 ms ${pass(largeP99 < 200)}, buyers < 100 ms ${pass(r.buyersPage1.p50 < 100)}, CSV +< 50 MB ${pass(r.csv.rssPeakAddedMb < 50)}, XLSX +< 50 MB ${pass(r.xlsx.rssPeakAddedMb < 50)} (again ${pass(r.xlsxAgain.rssPeakAddedMb < 50)}), reservations max ≤ 100 ms ${pass(during.max <= 100 && r.reservations.duringXlsx.max <= 100)} |`,
    );
    const x = r.reservations.duringXlsx;
    const g = r.trigram;
    const stall = (l: Latencies, d: LoopDelay | undefined) =>
      `${ms(l.max)} / ${d ? `${ms(d.maxMs)}, ${ms(d.p99Ms)}` : '–'} (${l.requests})`;
    stalls.push(
      `| ${label} | ${stall(base, r.loop.alone)} | ${stall(during, r.loop.csv)} | ${stall(x, r.loop.xlsx)} | ${stall(r.reservations.duringXlsxAgain, r.loop.xlsxAgain)} |`,
    );
    more.push(
      `| ${label} | ${ms(r.xlsx.ms)} | ${(r.xlsx.bytes / 1024 ** 2).toFixed(1)} MB | ${Math.round(r.xlsx.rssBeforeMb)} / ${growthText(r.xlsx)} | ${Math.round(r.xlsxAgain.rssBeforeMb)} / ${growthText(r.xlsxAgain)} (${ms(r.xlsxAgain.ms)}) | ${ms(x.p50)} / ${ms(x.p99)} / ${ms(x.max)} (${x.requests}) | ${g.withIndex.perSecond.toFixed(0)} (${ms(g.withIndex.p50)}) / ${g.withoutIndex.perSecond.toFixed(0)} (${ms(g.withoutIndex.p50)}) | ${ms(g.rebuildMs)} | ${ms(r.large.seedMs)} | ${ms(r.large.buyersPage1.p50)} / ${ms(r.large.buyersPage1.p99)} |`,
    );
  }
  return [...lines, ...rest, ...more, ...stalls, ''].join('\n');
}
