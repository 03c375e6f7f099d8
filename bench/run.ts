// `npm run bench`: the performance targets of docs (DESIGN.md, "Performance targets"), measured on PGlite
// and PostgreSQL side by side in one run, written to bench/RESULTS.md.
//
// The app runs as a child process (bench/server-entry.ts); the load comes from this process over
// loopback. `BENCH_QUICK=1` is a smoke run (smaller counts); a full run takes ~45-50 min on 2 cores.
// PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
// (loopback only); a fresh random database is created and dropped. Not reachable = reported as such.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchBoard } from './board';
import { benchBoard1m } from './board1m';
import { benchClose } from './close';
import { benchCreation } from './creation';
import {
  assertLoopback,
  cleanupAll,
  type DbKind,
  defaultPgUrl,
  reachable,
  root,
  startTarget,
  type Target,
} from './harness';
import { benchLive } from './live';
import { buildServer } from './memory';
import { measureLive10k, measureMemory, measurePage, ownServersSkipped } from './own-servers';
import { benchReconcile } from './reconcile';
import { renderReport } from './report/document';
import type { DbResults, LighthouseOutcome } from './report/results';
import { type SharedSectionResults, writeSectionFiles } from './report/section-files';
import { benchReservations } from './reservations';
import { abortRun, measuredHere, NOT_THIS_DB, ONLY, section, wanted } from './sections';
import { board1mSizes, closeSizes, QUICK, sizes } from './sizes';
import { benchStaff } from './staff';
import { now } from './stats';

const resultsFile = process.env.BENCH_RESULTS_FILE ?? path.join(root, 'bench/RESULTS.md');
/** The sections RESULTS.md reports; the others write files of their own (report/section-files.ts). */
const RESULTS_SECTIONS = ['reservations', 'creation', 'board', 'live', 'lighthouse'];

/** Whatever happens, the run ends: a hung section cannot keep servers and databases around. */
// A full run on 2 cores takes ~45-50 min (2026-12-02); at 40 min it ended before writing any report.
const WATCHDOG_MS = (QUICK ? 15 : 90) * 60_000;

/** What the sections of the shared server measured, per database label. */
const shared: SharedSectionResults = { reconcile: {}, close: {}, board1m: {}, staff: {} };

async function measure(kind: DbKind, results: DbResults) {
  let target: Target;
  if (!measuredHere(kind)) {
    results.skipped = NOT_THIS_DB;
    shared.reconcile[results.label] = { skipped: results.skipped };
    shared.staff[results.label] = { skipped: results.skipped };
    return;
  }
  try {
    target = await startTarget(kind);
  } catch (error) {
    results.skipped = `could not start: ${error instanceof Error ? error.message : String(error)}`;
    shared.reconcile[results.label] = { skipped: results.skipped };
    shared.staff[results.label] = { skipped: results.skipped };
    console.error(`[${results.label}] ${results.skipped}`);
    return;
  }
  try {
    const version = String((await target.query('show server_version')).rows[0]?.server_version ?? '?');
    results.version =
      kind === 'pglite'
        ? `${pgliteVersion()} (PostgreSQL ${version}), on disk in a temp dir`
        : `${version.split(' ')[0]} at ${new URL(defaultPgUrl).host}, fresh database`;
    results.reservations = await section(results.label, 'reservations', () =>
      benchReservations(target, sizes.reservations),
    );
    results.creation = await section(results.label, 'creation', () => benchCreation(target, sizes.creation));
    results.board = await section(results.label, 'board', () => benchBoard(target, sizes.board));
    results.live = await section(results.label, 'live updates', () => benchLive(target, sizes.live));
    if (wanted('board1m'))
      shared.board1m[results.label] = await section(results.label, 'board1m', () =>
        benchBoard1m(target, board1mSizes),
      );
    if (wanted('close'))
      shared.close[results.label] = await section(results.label, 'close', () =>
        benchClose(target, closeSizes),
      );
    // Its own raffles: the 100,000 sales it seeds count in no other section's raffle.
    if (wanted('staff'))
      shared.staff[results.label] = await section(results.label, 'staff', () =>
        benchStaff(target, sizes.staff),
      );
    // Last: its approvals and reservations leave rows the sections above would count.
    if (wanted('reconcile'))
      shared.reconcile[results.label] = await section(results.label, 'reconcile', () =>
        benchReconcile(target, sizes.reconcile),
      );
  } finally {
    await target.stop();
  }
}

function pgliteVersion() {
  const file = path.join(root, 'node_modules/@electric-sql/pglite/package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version as string;
}

function git(args: string[]) {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

// ==== HOOK: first paint at 4x CPU slowdown and Lighthouse scores ==========================================
// bench/lighthouse.ts is written on another branch. When the file is here, its `benchLighthouse(options)`
// is called (dynamic import, so this file compiles without it) and its rows go to RESULTS.md as they come;
// when it is not, RESULTS.md says "not measured in this run". It runs after both databases are done, so
// it does not share the machine with the load.
async function lighthouseHook(): Promise<LighthouseOutcome> {
  const file = path.join(root, 'bench/lighthouse.ts');
  if (!fs.existsSync(file)) return { status: 'absent' };
  try {
    const mod = (await import(pathToFileURL(file).href)) as {
      benchLighthouse?: (options: { runs?: number }) => Promise<Record<string, unknown>[]>;
    };
    if (typeof mod.benchLighthouse !== 'function')
      return { status: 'failed', error: 'bench/lighthouse.ts exports no benchLighthouse function' };
    return { status: 'done', rows: await mod.benchLighthouse({ runs: QUICK ? 1 : 3 }) };
  } catch (error) {
    return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
}
// ==== end of hook =========================================================================================

async function main() {
  const date = new Date();
  const start = now();
  const loadAtStart = os.loadavg()[0] ?? Number.NaN;
  // The commit measured is the one the servers start from, not whatever HEAD is when the run ends.
  const commit = git(['rev-parse', '--short', 'HEAD']) || 'unknown';
  const dbs: Record<DbKind, DbResults> = {
    pglite: { label: 'PGlite' },
    postgres: { label: 'PostgreSQL' },
  };
  console.error(
    `bench: ${QUICK ? 'quick smoke run' : 'full run'}, results to ${path.relative(root, resultsFile)}`,
  );
  // Only the page section asked for: no shared server to start.
  const others =
    ONLY.size === 0 || [...ONLY].some((name) => name !== 'page' && name !== 'live10k' && name !== 'memory');
  if (wanted('memory')) buildServer();
  if (others) await measure('pglite', dbs.pglite);
  if (wanted('page')) await measurePage('pglite', dbs.pglite.label);
  if (wanted('live10k')) await measureLive10k('pglite', dbs.pglite.label);
  if (wanted('memory')) await measureMemory('pglite', dbs.pglite.label);
  let pgProblem = '';
  try {
    assertLoopback(defaultPgUrl);
    if (!(await reachable(defaultPgUrl)))
      pgProblem = `PostgreSQL not reachable at ${new URL(defaultPgUrl).host}`;
  } catch (error) {
    pgProblem = error instanceof Error ? error.message : String(error);
  }
  if (pgProblem) {
    dbs.postgres.skipped = pgProblem;
    for (const results of Object.values(shared)) results[dbs.postgres.label] = { skipped: pgProblem };
    ownServersSkipped(dbs.postgres.label, pgProblem);
  } else {
    if (others) await measure('postgres', dbs.postgres);
    if (wanted('page')) await measurePage('postgres', dbs.postgres.label);
    if (wanted('live10k')) await measureLive10k('postgres', dbs.postgres.label);
    if (wanted('memory')) await measureMemory('postgres', dbs.postgres.label);
  }

  writeSectionFiles({ date, commit, load: [loadAtStart, os.loadavg()[0] ?? Number.NaN], shared });
  // A run narrowed to the reconciliation alone leaves RESULTS.md as it was.
  if (!RESULTS_SECTIONS.some(wanted)) return;

  console.error('lighthouse hook...');
  const lighthouse: LighthouseOutcome = wanted('lighthouse')
    ? await lighthouseHook()
    : { status: 'failed', error: 'not measured in this run (BENCH_ONLY)' };

  const cpus = os.cpus();
  const markdown = renderReport({
    date,
    quick: QUICK,
    durationMs: now() - start,
    machine: {
      cores: cpus.length,
      model: cpus[0]?.model ?? 'unknown',
      memoryGiB: os.totalmem() / 1024 ** 3,
      node: process.version,
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      load: [loadAtStart, os.loadavg()[0] ?? Number.NaN],
    },
    commit,
    dirty: git(['status', '--porcelain']).length > 0,
    dbs,
    sizes,
    lighthouse,
  });
  fs.writeFileSync(resultsFile, markdown);
  console.log(markdown);
  console.error(`\nwritten to ${resultsFile}`);
}

let exitCode = 0;
const watchdog = setTimeout(async () => {
  console.error(`bench: still running after ${WATCHDOG_MS / 60_000} min, giving up`);
  await cleanupAll();
  process.exit(1);
}, WATCHDOG_MS);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    abortRun();
    console.error(`bench: ${signal}, cleaning up`);
    await cleanupAll();
    process.exit(130);
  });
}
try {
  await main();
} catch (error) {
  console.error('bench failed:', error);
  exitCode = 1;
} finally {
  await cleanupAll();
}
process.exit(exitCode);
