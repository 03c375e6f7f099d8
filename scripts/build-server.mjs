// `npm start` runs the server as plain JavaScript built here (decision 032): under tsx, a server
// carries tsx's loader thread and its compiled sources in its own process and again in the PGlite
// worker (~130 MB of an idle PGlite server's RSS). esbuild bundles our sources (packages stay in
// node_modules, imported as they are) into dist/server, in well under a second, at every start:
// what runs is always what is checked out.
//
// The worker threads are entries of their own beside main.mjs, with the names the sources give them
// (`new URL('./pglite-worker.mjs', import.meta.url)`), and the migrations sit beside them where
// `migrationsFolder` looks. Code splitting keeps lazy imports lazy (S3, exceljs…).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist/server');

/** How our TypeScript becomes JavaScript for Node 20: ESM, packages imported from node_modules. */
export const serverBundleOptions = {
  absWorkingDir: root,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
};

export async function buildServer() {
  fs.rmSync(out, { recursive: true, force: true });
  await build({
    ...serverBundleOptions,
    entryPoints: {
      main: 'server/main.ts',
      'pglite-worker': 'server/db/pglite-worker.ts',
      'password-strength-worker': 'server/modules/users/password-strength-worker.mjs',
      'xlsx-worker': 'server/modules/staff-tickets/xlsx-worker.ts',
      'fanout-process': 'server/modules/realtime/fanout-process.ts',
    },
    outdir: out,
    splitting: true,
    sourcemap: 'linked',
  });
  fs.cpSync(path.join(root, 'server/db/migrations'), path.join(out, 'migrations'), { recursive: true });
  return path.join(out, 'main.mjs');
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
