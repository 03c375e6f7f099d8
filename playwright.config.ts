import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT / E2E_WEB_DIST_DIR let a second run (another checkout, a build in progress) stay apart.
const PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;

// One fresh database per run. Workers load this file too; they inherit the folder through env.
process.env.RIFAS_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-e2e-'));
// The e2e server's one test-only route answers only with this (e2e/e2e-server.ts).
process.env.E2E_CONTROL_TOKEN ??= randomBytes(16).toString('hex');

/**
 * Specs that change or count what the whole server shares, so a spec running beside them would
 * change what they see or see what they change: the day's bolívar rate (rates and insight set other
 * rates, or make it stale, under every other spec's prices in Bs) and the count of payments waiting
 * for review (payments-review watches the menu badge go down by one; reconciliation approves payments).
 */
const SERVER_WIDE_SPECS = [
  '**/rates.spec.ts',
  '**/insight.spec.ts',
  '**/payments-review.spec.ts',
  // Sets the rate its statement is priced at, and approves payments (the menu's pending count).
  '**/reconciliation.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  testIgnore: ['**/fixtures.ts', '**/screenshots/**'],
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  // Files run two at a time against the one server and database: every spec seeds its own data and
  // looks only at it. No retries: a flaky test fails the run and gets fixed.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Two cores shared by the server, Chromium and the runner (and, on a CI machine, whatever else it
  // runs): a slow step is not a broken one. Seen in CI: the success screen 7 s after its 201 while
  // axe ran beside it. A broken step still fails, only later.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'es-VE',
    timezoneId: 'America/Caracas',
    // A click that can never happen fails here, naming its step, rather than at the test's timeout.
    actionTimeout: 30_000,
    // Reduced motion, as a phone may ask (index.css plays each animation once, in 1 ms): the live
    // dot's endless ping repaints every frame, ~4 % of a core per open raffle page headless, and a
    // sliding sheet makes the next click wait for it to settle.
    reducedMotion: 'reduce',
    // A trace records the page's frames and DOM at every step: ~30 % of the browser tests' CPU on 2
    // cores (decision 074). CI keeps only the log of a clean clone, where no trace would ever be
    // opened, so it records none; a local run keeps a failed test's trace.
    trace: process.env.CI === 'true' ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's chromium-headless-shell: Chromium's old headless mode, a page renderer without the
      // browser's UI behind it. The same tests took ~35 % less wall time and CPU than in
      // /usr/bin/chromium's new headless mode (decision 076). E2E_CHROMIUM picks another binary.
      executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: SERVER_WIDE_SPECS,
      // Its "teardown" runs once every test above has finished (failed ones too), so the
      // server-wide specs have the server to themselves. A teardown project is not filtered by
      // --grep or file arguments: running any file of the first project runs them after it; a
      // server-wide file alone runs alone.
      teardown: 'chromium, server-wide',
    },
    {
      name: 'chromium, server-wide',
      use: { ...devices['Desktop Chrome'] },
      testMatch: SERVER_WIDE_SPECS,
      workers: 1,
    },
  ],
  webServer: {
    // The web app must be built first (`npm run build`); the server serves dist/web, with a local
    // time-stamping authority beside it (e2e/e2e-server.ts).
    command: 'node --import tsx e2e/e2e-server.ts',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.RIFAS_E2E_DATA_DIR,
      E2E_CONTROL_TOKEN: process.env.E2E_CONTROL_TOKEN,
      ADMIN_EMAIL: 'admin@e2e.test',
      ADMIN_PASSWORD: 'Admin12345!',
      LOG_LEVEL: 'warn',
      // Every visitor of every test comes from 127.0.0.1, and two files run at once: per-IP limits
      // sized for one person would couple unrelated tests (the limits have their own API tests).
      RATE_LIMIT_SIGN_IN: '1000',
      RATE_LIMIT_RESERVATIONS: '1000',
      RATE_LIMIT_RESERVATIONS_PER_IP: '5000',
      RATE_LIMIT_TRACKING: '1000',
      TRACKING_MISSES_PER_CEDULA: '1000000',
      ORDER_MISSES_PER_CODE: '1000000',
      RATE_LIMIT_UPLOADS: '1000',
      RATE_LIMIT_BOARD: '5000',
      // Parallel workers open many raffle pages, all from 127.0.0.1.
      SSE_MAX_PER_IP: '1000',
      RESERVATION_MAX_NUMBERS_PER_IP: '1000000',
      // Off for the shared server (all of it from 127.0.0.1); reservation-challenge.spec.ts starts its own.
      RESERVATION_CHALLENGE_PER_MINUTE: '0',
      MIN_FREE_DISK_MB: '1', // a CI machine may have little disk free
      WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR ?? './dist/web',
    },
  },
});
