import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { auditMessages } from '../domain/audit';
import type { AuditVerdict } from '../domain/audit-chain';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { acquireDataDirLock } from './lib/data-dir-lock';
import { createAuditLog } from './modules/audit/audit.service';

/** The line `npm run audit:verify` prints for a verdict, and its exit code (1: broken). */
export function describeVerdict(verdict: AuditVerdict): { text: string; code: 0 | 1 } {
  if (verdict.ok) return { text: `OK: ${auditMessages.intact(verdict.count)}`, code: 0 };
  return {
    text: `ROTA: ${auditMessages.broken(verdict.first_broken_seq, verdict.reason)} [seq ${verdict.first_broken_seq}, ${verdict.reason}]`,
    code: 1,
  };
}

export const verifyDatabase = (database: Database) => createAuditLog({ db: database.db }).verify();

/**
 * `npm run audit:verify`: opens the database as the server does (DATABASE_URL, else the embedded
 * one under DATA_DIR), recomputes the audit chain from its first entry and prints OK or the first
 * broken entry. Read-only: no migration runs. The embedded database is one process's at a time, so
 * with the server running use the test bench's "Registro de auditoría" check (or GET /api/audit/verify).
 */
async function main() {
  const config = loadConfig();
  const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  let database: Database | null = null;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDataDir: path.join(config.dataDir, 'pgdata'),
      migrate: false,
    });
    const { text, code } = describeVerdict(await verifyDatabase(database));
    console.log(text);
    process.exitCode = code;
  } finally {
    await database?.close();
    release();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(`audit:verify failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  });
}
