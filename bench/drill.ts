// `npm run bench:drill`: the admin test bench's concurrency drill (POST /api/test-bench/drill) on
// PGlite and PostgreSQL, 3 runs each at 200 buyers (BENCH_DRILL_BUYERS), through the app as
// `npm start` runs it (bench/server-entry.ts). Then what drills cost real buyers (issue 21, item
// 12: never more than 2x slower): real buyers at 1.8 reservations/s (108 a minute, just under the
// rush above which a drill is refused), from their own process (bench/paced-reservations.ts), alone
// and while an admin runs drills back to back, alternated twice. Writes bench/DRILL.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  cleanupAll,
  createRaffle,
  type DbKind,
  defaultPgUrl,
  onCleanup,
  reachable,
  root,
  startTarget,
  stopChild,
} from './harness';
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

type Paced = { statuses: Record<string, number>; p50: number; p99: number; answeredPerSecond: number };
type Impact = { alone: Paced[]; withDrills: Paced[]; drills: number; refused: number };
const REAL_PER_SECOND = 1.8;
const PHASE_SECONDS = 30;

/** Real buyers at REAL_PER_SECOND for PHASE_SECONDS, from a process of their own. */
function realBuyers(port: number, raffleId: string, firstNumber: number): Promise<Paced> {
  const proc = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'bench/paced-reservations.ts'),
      String(port),
      raffleId,
      String(REAL_PER_SECOND),
      String(PHASE_SECONDS),
      String(firstNumber),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const forget = onCleanup(`stop paced buyers (pid ${proc.pid})`, () => stopChild(proc));
  let out = '';
  proc.stdout.on('data', (chunk) => {
    out += chunk;
  });
  return new Promise((resolve, reject) =>
    proc.once('exit', () => {
      void forget();
      try {
        const { replied: _, ...paced } = JSON.parse(out) as Paced & { replied: unknown };
        resolve(paced);
      } catch (error) {
        reject(error);
      }
    }),
  );
}

async function impact(kind: DbKind): Promise<Impact | string> {
  if (kind === 'postgres' && !(await reachable(defaultPgUrl))) return 'PostgreSQL not reachable';
  const target = await startTarget(kind);
  try {
    const admin = client(target.port, 1, target.token);
    const raffle = await createRaffle(admin, 100_000, 'Rifa real durante el simulacro');
    const result: Impact = { alone: [], withDrills: [], drills: 0, refused: 0 };
    let first = 0;
    for (let round = 0; round < 2; round++) {
      result.alone.push(await realBuyers(target.port, raffle.id, first));
      first += 1_000;
      let running = true;
      const buyers = realBuyers(target.port, raffle.id, first).finally(() => {
        running = false;
      });
      first += 1_000;
      while (running) {
        const reply = await request(admin, 'POST', '/api/test-bench/drill', {
          body: { buyers: BUYERS },
          auth: true,
        });
        if (reply.status === 200) result.drills++;
        else result.refused++;
      }
      result.withDrills.push(await buyers);
    }
    return result;
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
  const impacts = { PGlite: await impact('pglite'), PostgreSQL: await impact('postgres') };
  const loadAfter = os.loadavg()[0]?.toFixed(1);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  const impactRows = Object.entries(impacts).flatMap(([label, r]) => {
    if (typeof r === 'string') return [`| ${label} | ${r} | | | | |`];
    const p = (xs: Paced[], k: 'p50' | 'p99') => median(xs.map((x) => x[k]));
    const ratio = (k: 'p50' | 'p99') => p(r.withDrills, k) / p(r.alone, k);
    const ok = ratio('p50') <= 2 && ratio('p99') <= 2 ? 'met' : '**missed**';
    const statuses = (xs: Paced[]) => JSON.stringify(Object.assign({}, ...xs.map((x) => x.statuses)));
    return [
      `| ${label} | ${fmt(p(r.alone, 'p50'), 1)} / ${fmt(p(r.alone, 'p99'), 1)} ms ${statuses(r.alone)} | ${fmt(p(r.withDrills, 'p50'), 1)} / ${fmt(p(r.withDrills, 'p99'), 1)} ms ${statuses(r.withDrills)} | ${fmt(ratio('p50'), 2)}x / ${fmt(ratio('p99'), 2)}x | ${r.drills} run, ${r.refused} refused | ${ok} |`,
    ];
  });
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
    '## What drills cost real buyers (issue 21, item 12: at most 2x slower)',
    '',
    `Real buyers at ${REAL_PER_SECOND} reservations/s (just under the rush of 120 changes a minute above which a drill is refused), from their own process, ${PHASE_SECONDS} s per phase: alone, then while the admin runs ${BUYERS}-buyer drills back to back; twice, alternated (medians of the two). Load ${loadAfter} at the end.`,
    '',
    '| database | real buyers alone p50 / p99 | with drills p50 / p99 | slowdown p50 / p99 | drills | ≤ 2x |',
    '|---|---|---|---|---|---|',
    ...impactRows,
    '',
  ].join('\n');
  fs.writeFileSync(path.join(root, 'bench/DRILL.md'), markdown);
  console.log(markdown);
} finally {
  await cleanupAll();
}
process.exit(0);
