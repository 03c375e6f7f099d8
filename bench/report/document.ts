// bench/RESULTS.md: every figure next to its reference and target, both databases side by side, and a
// line per target saying met or missed. This file writes the header and the targets table; each
// section is its own module.
import { boardSection } from './board';
import { creationSection } from './creation';
import { num } from './format';
import { lighthouseSection } from './lighthouse';
import { liveSection } from './live';
import { reservationsSection } from './reservations';
import { KINDS, type Report } from './results';
import { missedTargets, targetRows } from './verdicts';

export function renderReport(r: Report): string {
  // In document order, which is also the order of the targets table.
  const sections = [
    reservationsSection(r.dbs, r.sizes.reservations),
    creationSection(r.dbs, r.sizes.creation),
    boardSection(r.dbs, r.sizes.board),
    liveSection(r.dbs, r.sizes.live),
    lighthouseSection(r.lighthouse),
  ];
  const verdicts = sections.flatMap((s) => s.verdicts);
  const dbLine = KINDS.map((k) => {
    const d = r.dbs[k];
    return `${d.label}${d.version ? ` ${d.version}` : ''}${d.skipped ? ` — not measured: ${d.skipped}` : ''}`;
  }).join('; ');
  const missed = missedTargets(verdicts, r.dbs);
  return [
    '# Bench results',
    '',
    `Written by \`npm run bench\`${r.quick ? ' in **quick mode** (`BENCH_QUICK=1`: smaller counts, a smoke run — do not quote these figures)' : ''}. Do not edit by hand.`,
    '',
    `- Date: ${r.date.toISOString().replace('T', ' ').slice(0, 19)} UTC (the run took ${num(r.durationMs / 60_000, 1)} min)`,
    `- Machine: ${r.machine.cores} cores (${r.machine.model}), ${num(r.machine.memoryGiB, 1)} GiB memory, ${r.machine.os}, Node ${r.machine.node}`,
    `- Load average (1 min) at start / end: ${num(r.machine.load[0], 1)} / ${num(r.machine.load[1], 1)} on ${r.machine.cores} cores${Math.max(...r.machine.load) > r.machine.cores ? ' — other processes were competing for the CPU: figures are noisy' : ''}`,
    `- Commit: ${r.commit}${r.dirty ? ' (with uncommitted changes in the worktree)' : ''}`,
    `- Databases: ${dbLine}`,
    '- Method: the app runs as a child process (`bench/server-entry.ts`: config from the environment, migrations,',
    '  first admin, jobs, as `npm start`), on PGlite on disk in a temp dir, then on a fresh random PostgreSQL',
    '  database created and dropped by the bench. The load comes over loopback HTTP keep-alive (node:http),',
    '  from the bench process or, for the reservations and their references, from processes of their own.',
    '  Rate limits are raised (every buyer is 127.0.0.1). Each measured pair runs interleaved',
    '  (A, B, A, B, A, B) after a warm-up; a figure is the median of the repetitions with the',
    '  spread (min–max) in brackets; latencies are nearest-rank percentiles. Server and load share the machine.',
    '',
    '## Targets',
    '',
    '| target | result |',
    '|---|---|',
    ...targetRows(verdicts, r.dbs),
    '',
    missed.length
      ? `**Missed in this run:**\n\n${missed.map((m) => `- ${m}`).join('\n')}`
      : 'Every measured target was met in this run.',
    '',
    ...sections.map((s) => s.markdown),
  ].join('\n');
}
