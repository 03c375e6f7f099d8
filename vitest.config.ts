import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@domain': path.resolve(import.meta.dirname, 'domain'),
      '@': path.resolve(import.meta.dirname, 'web/src'),
    },
  },
  test: {
    // Server, domain and script tests share each worker's module cache (not isolated): every API
    // file would otherwise import the whole server again, ~3 of the 8 minutes of a PGlite pass.
    // Their state lives in the app each file creates. Component tests stay isolated: jsdom and
    // React's module state do not carry over from one file to the next.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['domain/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          isolate: false,
          // Besides the shared setup: two queries at once on one pg connection fail the test.
          setupFiles: ['server/test/one-query-at-a-time.ts'],
        },
      },
      { extends: true, test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'] } },
    ],
    // *.pg.test.ts need a real PostgreSQL server (several sessions): the PostgreSQL pass only;
    // *.pglite.test.ts test the embedded database itself: the PGlite pass only.
    exclude: [
      '**/node_modules/**',
      process.env.TEST_DATABASE_URL ? '**/*.pglite.test.ts' : '**/*.pg.test.ts',
    ],
    // One migrated database per run, copied by each test file (server/test/global-setup.ts), and
    // cheap password hashing (server/test/setup.ts).
    globalSetup: ['server/test/global-setup.ts'],
    setupFiles: ['server/test/setup.ts'],
    // Two cores shared by the server, PGlite and the test runner: slow is not broken.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each API test file opens its own database; two at a time fits the 2-core machines.
    maxWorkers: 2,
  },
});
