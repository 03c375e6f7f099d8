// The report of the 10,000-stream section (bench/live10k.ts): bench/LIVE.md.
import { type Live10kResult, type Live10kSizes, liveFanout } from '../live10k';
import type { Outcome } from './results';

type Reference = NonNullable<Live10kResult['reference']>;
type Rounds = NonNullable<Reference['rounds']>;
type Percentiles = Rounds['writes'];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
const p50p99 = (p: Percentiles | undefined, unit: (value: number) => string = ms) =>
  p ? `${unit(p.p50 ?? Number.NaN)} / ${unit(p.p99 ?? Number.NaN)}` : 'n/a';
const count = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : 'n/a');
/**
 * A server's rounds in the steady phase: how often it wrote its streams, how long writing took, and
 * what one frame cost it (work ÷ frames, at the medians). The app yields between slices, so its
 * wall time is also given; the reference's loop is one synchronous stretch.
 */
function roundsCell(r: Rounds | null | undefined) {
  if (!r) return 'n/a (not reported by this server)';
  const perFrame =
    r.workMs.p50 !== null && r.writes.p50 ? `${((r.workMs.p50 * 1000) / r.writes.p50).toFixed(1)} µs` : 'n/a';
  return [
    `${r.ended} rounds; frames ${p50p99(r.writes, count)}`,
    `writing ${p50p99(r.workMs)}`,
    ...(r.wallMs ? [`start → end ${p50p99(r.wallMs)}`] : []),
    `start → next start ${p50p99(r.periodMs)}`,
    `${perFrame} a frame`,
  ].join('; ');
}

/** The reference's rows: the floor this machine puts under delivery, measured in the same run. */
function referenceRows(ref: Reference | null) {
  const what =
    'reference: a bare node:http server, one frame per stream per 50 ms tick, same streams and buyers, run after ours';
  if (!ref) return [`| ${what} | failed (see the bench's log) | |`];
  const d = ref.delivery;
  return [
    `| ${what}: delivery 201 → frame, p50 / p99 / max | ${ms(d.p50)} / ${ms(d.p99)} / ${ms(d.max)} | the floor |`,
    `| reference: delivered / expected; CPU server / streams' process (cores); streams opened | ${d.delivered} / ${d.expected} (duplicates ${d.duplicates}); ${ref.serverCpu.toFixed(2)} / ${ref.streamsCpu.toFixed(2)}; ${d.streams} in ${(ref.connectMs / 1000).toFixed(1)} s | |`,
    `| reference: its rounds in the steady phase, p50 / p99 | ${roundsCell(ref.rounds)} | |`,
  ];
}

export function renderLive10kReport(input: {
  date: Date;
  commit: string;
  sizes: Live10kSizes;
  results: Record<string, Outcome<Live10kResult> | { skipped: string }>;
}) {
  const { sizes: s } = input;
  const lines = [
    `## Run ${input.date.toISOString()} at commit ${input.commit}`,
    '',
    '`BENCH_ONLY=live10k npm run bench` (bench/live10k.ts).',
    `${s.streams} streams (\`?batch=1\`) from one process, ${s.perSecond} reservations/s for ${s.seconds} s from another,`,
    `back-to-back phases of ${s.phaseMs / 1000} s with ${s.buyers} buyers; every ${s.sampleEvery}th number timed on every stream.`,
    'The streams, the buyers, the server and the database share this machine’s 2 cores.',
    `The server writes its streams ${liveFanout === 'process' ? 'from its fan-out process (`BENCH_LIVE_FANOUT=process`, decision 067); its memory and CPU figures include that process' : 'on its main thread (`LIVE_FANOUT=inline`, the default)'}.`,
    '',
  ];
  for (const [label, outcome] of Object.entries(input.results)) {
    lines.push(`### ${label}`, '');
    if (outcome === undefined || 'skipped' in outcome) {
      lines.push(`Skipped: ${outcome?.skipped ?? 'not measured'}`, '');
      continue;
    }
    if (!outcome.ok) {
      lines.push(`Failed: ${outcome.error}`, '');
      continue;
    }
    const r = outcome.value;
    const d = r.delivery;
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ratio = mean(r.withStreams) / mean(r.alone);
    lines.push(
      `Load average (1 min) at start / end: ${r.load[0].toFixed(2)} / ${r.load[1].toFixed(2)}.`,
      '',
      '| figure | value | target |',
      '|---|---|---|',
      `| streams opened | ${d.streams} in ${(r.connectMs / 1000).toFixed(1)} s | 10,000 |`,
      `| server memory per stream (heap + external, after GC) | ${kb(r.bytesPerStream)} (RSS ${kb(r.rssPerStream)}) | ≤ 10 KB |`,
      `| steady reservations: offered / answered 201 | ${r.paced.offeredPerSecond}/s / ${r.paced.answeredPerSecond.toFixed(0)}/s (statuses ${JSON.stringify(r.paced.statuses)}, skipped ${r.paced.skipped}) | 200/s |`,
      `| steady reservations: latency p50 / p99 | ${ms(r.paced.p50)} / ${ms(r.paced.p99)} | |`,
      `| delivery 201 → frame, p50 / p99 / max (${d.samples} samples) | ${ms(d.p50)} / ${ms(d.p99)} / ${ms(d.max)} | p99 < 250 ms |`,
      `| of which in the server: change in → frame written to every stream, p50 / p99 / max (${r.serverLag?.flushes ?? 'n/a'} flushes) | ${r.serverLag ? `${ms(r.serverLag.lagP50Ms ?? Number.NaN)} / ${ms(r.serverLag.lagP99Ms ?? Number.NaN)} / ${ms(r.serverLag.lagMaxMs ?? Number.NaN)}` : 'n/a (not measured by this server)'} | |`,
      `| the server's rounds in the steady phase, p50 / p99 | ${roundsCell(r.serverLag?.rounds)} | |`,
      `| changes delivered / expected (every stream, every number) | ${d.delivered} / ${d.expected}; duplicates ${d.duplicates}; streams closed by the server ${d.closedByServer} | all, once |`,
      `| changes of numbers whose 201 the buyer never got (timed out, yet committed) | ${d.unanswered} | |`,
      `| CPU during the steady phase: server / streams' process (cores) | ${r.serverCpu.toFixed(2)} / ${r.streamsCpu.toFixed(2)} | |`,
      `| changes that arrived after a higher version (concurrent commits announced in another order, decision 011; the page keeps the highest version per number) | ${d.outOfOrder} | |`,
      `| reservations back to back, alone (phases 1, 3, 5) | ${r.alone.map((x: number) => x.toFixed(0)).join(', ')} /s | |`,
      `| reservations back to back with the streams open (phases 2, 4) | ${r.withStreams.map((x: number) => x.toFixed(0)).join(', ')} /s (streams cut meanwhile: ${r.streamsCutMeanwhile}) | |`,
      `| ratio with ÷ alone (means) | ${ratio.toFixed(2)}× | ≥ 0.5× |`,
      ...referenceRows(r.reference),
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}
