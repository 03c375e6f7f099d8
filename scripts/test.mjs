// `npm test`: every test, on a fresh machine too.
//   1. unit + API tests on PGlite
//   2. API tests again on a real PostgreSQL (TEST_DATABASE_URL, or the local server if reachable)
//   3. the web build and the Playwright tests in Debian's Chromium (its headless shell)
// `npm test unit` and `npm test e2e` run one half; `npm run screenshots` (`npm test screenshots`)
// builds and runs only the browser tests tagged @screenshots, with SCREENSHOTS=1 (they write PNGs to
// the ignored screenshots/ folder; other runs take none).
// Under CI=true a missing PostgreSQL is a failure; elsewhere the pass is skipped, loudly.
// The summary gives each stage's duration and names every failed test with the first line of its
// error (CI keeps only the log's tail); with TEST_TIMINGS_FILE set (.ci/run sets it) each stage also
// appends a line "label<TAB>seconds" there.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
// The browser tests' Chromium (playwright.config.ts), from Debian's package of that name.
const CHROMIUM = '/usr/bin/chromium-headless-shell';
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/postgres';
const isCI = process.env.CI === 'true';
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-test-'));
const results = [];
/** "stage › file › test: first line of the error", for the summary. */
const failures = [];
const started = performance.now();

/** Seconds as "1m 05s" (or "42s"). */
function duration(seconds) {
  const s = Math.round(seconds);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC
const ANSI_COLOUR = /\u001b\[[0-9;]*m/g;

/** The first non-empty line of an error message, without colour codes, at most 300 characters. */
function firstLine(message = '') {
  const plain = message.replace(ANSI_COLOUR, '');
  const line = plain.split('\n').find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 300);
}

/** Failed tests (and files that failed outside a test) of a vitest JSON report. */
function vitestFailures(label, report) {
  for (const file of report?.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failed = file.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failed)
      failures.push(`${label} › ${name} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    if (!failed.length && file.status === 'failed')
      failures.push(`${label} › ${name}: ${firstLine(file.message)}`);
  }
}

/** Failed and flaky tests of a Playwright JSON report (its suites nest). */
function playwrightFailures(label, suite) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const error = test.results.find((r) => r.error)?.error?.message;
      const what = test.status === 'flaky' ? 'flaky, passed on retry' : 'failed';
      failures.push(`${label} › ${spec.file}:${spec.line} › ${spec.title} (${what}): ${firstLine(error)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(label, child);
}

/** Runs one stage; resolves whether it passed and how long it took. */
function run(label, command, args, env = {}) {
  console.log(`\n━━━ ${label} ━━━`);
  const start = performance.now();
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = (performance.now() - start) / 1000;
  console.log(`━━━ ${label}: ${duration(seconds)} ━━━`);
  const timings = process.env.TEST_TIMINGS_FILE;
  if (timings) fs.appendFileSync(timings, `${label}\t${Math.round(seconds)}\n`);
  return { ok: res.status === 0, seconds };
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM) || process.env.E2E_CHROMIUM) return;
  if (process.getuid?.() === 0) {
    console.log(
      "Debian's Chromium headless shell is missing: installing it (apt-get install -y chromium-headless-shell)…",
    );
    const ok =
      run('apt-get update', 'apt-get', ['update', '-qq']).ok &&
      run(
        'apt-get install chromium-headless-shell',
        'apt-get',
        ['install', '-y', '-qq', 'chromium-headless-shell'],
        {
          DEBIAN_FRONTEND: 'noninteractive',
        },
      ).ok;
    if (ok && fs.existsSync(CHROMIUM)) return;
  }
  console.error(
    `\nBrowser tests need Debian's Chromium headless shell at ${CHROMIUM}. Install it with:\n\n  sudo apt-get install -y chromium-headless-shell\n`,
  );
  process.exit(1);
}

async function postgresUrl() {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_PG;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch (error) {
    return { error: error.message, url };
  } finally {
    await client.end().catch(() => {});
  }
}

function vitest(label, args, env) {
  const out = path.join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  const { ok, seconds } = run(
    label,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...args],
    env,
  );
  const report = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : null;
  vitestFailures(label, report);
  const failedTests = report?.numFailedTests ?? 0;
  const failedFiles = report?.numFailedTestSuites ?? 0;
  results.push({
    label,
    seconds,
    ok,
    passed: report?.numPassedTests ?? 0,
    // A run that failed with every test green (a file that did not load, an unhandled error after
    // a test) still counts as a failure, and the summary says why.
    failed: ok ? failedTests : Math.max(failedTests, 1),
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
    why: ok
      ? ''
      : failedTests > 0
        ? ''
        : failedFiles > 0
          ? ` (${failedFiles} test file(s) failed outside a test: see "FAIL" above)`
          : ' (vitest exited non-zero with every test green: an unhandled error, see "Unhandled" above)',
  });
}

function playwright({ label = 'browser (Chromium)', args = [], env = {} } = {}) {
  const out = path.join(reportDir, 'playwright.json');
  // The browser tests' server serves E2E_WEB_DIST_DIR when set (playwright.config.ts): build there.
  const outDir = process.env.E2E_WEB_DIST_DIR ? ['--outDir', process.env.E2E_WEB_DIST_DIR] : [];
  const build = run('web build', 'npx', [
    'vite',
    'build',
    '--config',
    'web/vite.config.ts',
    '--logLevel',
    'warn',
    ...outDir,
  ]);
  results.push({
    label: 'web build',
    seconds: build.seconds,
    ok: build.ok,
    passed: 0,
    failed: build.ok ? 0 : 1,
    skipped: 0,
  });
  if (!build.ok) return;
  const { ok, seconds } = run(
    'browser tests (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '--reporter=list,json', ...args],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: out, ...env },
  );
  const report = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : null;
  const stats = report?.stats ?? null;
  for (const suite of report?.suites ?? []) playwrightFailures(label, suite);
  results.push({
    label,
    seconds,
    ok,
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: ok ? (stats?.unexpected ?? 0) : Math.max(stats?.unexpected ?? 0, 1),
    flaky: stats?.flaky ?? 0,
    skipped: stats?.skipped ?? 0,
  });
}

ensureChromium();
const only = process.argv[2]; // optional: "unit" | "e2e" | "screenshots"
if (only === 'screenshots') {
  playwright({
    label: 'screenshots (Chromium)',
    args: ['--grep', '@screenshots'],
    env: { SCREENSHOTS: '1' },
  });
} else if (only !== 'e2e') {
  vitest('unit + API on PGlite', [], { TEST_DATABASE_URL: '' });
  const pgUrl = await postgresUrl();
  if (typeof pgUrl === 'string') {
    vitest('API on PostgreSQL', ['server'], { TEST_DATABASE_URL: pgUrl });
  } else {
    const banner = '!'.repeat(78);
    console.error(`\n${banner}\n!! PostgreSQL pass NOT RUN: ${pgUrl.url} is unreachable (${pgUrl.error}).`);
    console.error('!! Set TEST_DATABASE_URL to a PostgreSQL server to run the API tests on it too.');
    console.error(`${banner}\n`);
    results.push({
      label: 'API on PostgreSQL (NOT RUN)',
      ok: !isCI,
      passed: 0,
      failed: isCI ? 1 : 0,
      skipped: 0,
    });
  }
}
if (only !== 'unit' && only !== 'screenshots') playwright();

console.log('\n━━━ Summary ━━━');
for (const r of results) {
  const time = r.seconds === undefined ? '' : `  [${duration(r.seconds)}]`;
  const counts =
    r.label === 'web build' ? '' : `: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`;
  console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.label}${counts}${r.why ?? ''}${time}`);
}
if (failures.length) {
  console.log('\nFailed:');
  for (const f of failures) console.log(`  ✗ ${f}`);
}
const total = results.reduce((acc, r) => ({ passed: acc.passed + r.passed, failed: acc.failed + r.failed }), {
  passed: 0,
  failed: 0,
});
console.log(
  `\n${total.passed} passed, ${total.failed} failed  [${duration((performance.now() - started) / 1000)}]`,
);
process.exit(results.every((r) => r.ok) ? 0 : 1);
