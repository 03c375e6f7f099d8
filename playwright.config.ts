import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT / E2E_WEB_DIST_DIR let a second run (another checkout, a build in progress) stay apart.
const PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;

// One fresh database per run. Workers load this file too; they inherit the folder through env.
process.env.RIFAS_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  testIgnore: ['**/fixtures.ts', '**/screenshots/**'],
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Two cores shared by the server, Chromium and the runner: a slow step is not a broken one.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'es-VE',
    timezoneId: 'America/Caracas',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The web app must be built first (`npm run build`); the server serves dist/web.
    command: 'node --import tsx server/main.ts',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.RIFAS_E2E_DATA_DIR,
      ADMIN_EMAIL: 'admin@e2e.test',
      ADMIN_PASSWORD: 'Admin12345!',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGN_IN: '1000',
      // Parallel workers open many raffle pages, all from 127.0.0.1.
      SSE_MAX_PER_IP: '1000',
      WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR ?? './dist/web',
    },
  },
});
