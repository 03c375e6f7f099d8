// `npm run bench:drill`: the admin test bench's concurrency drill (POST /api/test-bench/drill) on
// PGlite and PostgreSQL, 3 runs each at 200 buyers (BENCH_DRILL_BUYERS), through the app as
// `npm start` runs it (bench/server-entry.ts). Writes bench/DRILL.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanupAll, type DbKind, defaultPgUrl, reachable, root, startTarget } from './harness';
import { client, expect, json, request } from './http';

type Drill = {
  buyers: number;
  reservations_per_s: number;
  p50_ms: number;
  p99_ms: number;
  double_sales: number;
  conflicts: number;
};

const BUYERS = Number(process.env.BENCH_DRILL_BUYERS ?? 200);
const RUNS = 3;

async function drills(kind: DbKind): Promise<Drill[] | string> {
  if (kind === 'postgres' && !(await reachable(defaultPgUrl))) return 'PostgreSQL not reachable';
  const target = await startTarget(kind);
  try {
    const admin = client(target.port, 1, target.token);
    const runs: Drill[] = [];
    for (let i = 0; i < RUNS; i++) {
      const reply = await request(admin, 'POST', '/api/test-bench/drill', {
        body: { buyers: BUYERS },
        auth: true,
      });
      runs.push(json<Drill>(expect(reply, 200, 'drill')));
    }
    return runs;
  } finally {
    await target.stop();
  }
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
function rows(label: string, result: Drill[] | string) {
  if (typeof result === 'string') return [`| ${label} | ${result} | | | | |`];
  return result.map(
    (d, i) =>
      `| ${label} #${i + 1} | ${fmt(d.reservations_per_s, 1)} | ${fmt(d.p50_ms)} ms | ${fmt(d.p99_ms)} ms | ${d.double_sales} | ${d.conflicts} |`,
  );
}

try {
  const load = os.loadavg()[0]?.toFixed(1);
  const pglite = await drills('pglite');
  const postgres = await drills('postgres');
  const markdown = [
    '# Concurrency drill (admin test bench)',
    '',
    `Written by \`npm run bench:drill\` on ${new Date().toISOString()} — ${os.cpus().length} cores, load ${load} at start.`,
    `${BUYERS} simulated buyers at once on overlapping numbers, through the real reservation path.`,
    '',
    '| run | reservations_per_s (attempts answered/s, 201 and 409) | p50 | p99 | double sales | conflicts (409) |',
    '|---|---|---|---|---|---|',
    ...rows('PGlite', pglite),
    ...rows('PostgreSQL', postgres),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(root, 'bench/DRILL.md'), markdown);
  console.log(markdown);
} finally {
  await cleanupAll();
}
process.exit(0);
