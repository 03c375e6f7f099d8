import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { createAuditLog } from './modules/audit/audit.service';

// `npm run audit:verify` as an operator runs it: a child process on a DATA_DIR the server left.
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-audit-verify-'));
  const database = await openDatabase({ pgliteDataDir: path.join(dataDir, 'pgdata') });
  const audit = createAuditLog({ db: database.db });
  for (let i = 0; i < 3; i++) await audit.append({ action: 'test.cli', summary: { i } });
  await database.close();
}, 60_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const run = () =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/audit-verify.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('npm run audit:verify', () => {
  it('prints OK for an intact chain, and names the first broken entry with exit code 1', async () => {
    const intact = run();
    expect(intact.stdout.trim()).toBe('OK: Cadena íntegra (3 entradas)');
    expect(intact.status).toBe(0);

    const database = await openDatabase({ pgliteDataDir: path.join(dataDir, 'pgdata'), migrate: false });
    await database.db.execute(sql`alter table audit_log disable trigger audit_log_immutable`);
    await database.db.execute(sql`update audit_log set summary = '{"i":7}' where seq = 2`);
    await database.close();

    const broken = run();
    expect(broken.stdout.trim()).toBe(
      'ROTA: Cadena rota en la entrada #2: su contenido fue alterado [seq 2, hash_mismatch]',
    );
    expect(broken.status).toBe(1);
  }, 120_000);
});
