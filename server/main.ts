import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { acquireDataDirLock } from './lib/data-dir-lock';
import { startOrphanProofsJob } from './modules/files/orphan-proofs.job';
import { startRatesRefreshJob } from './modules/rates/rates.job';
import { startAnalyzeJobIfNeeded } from './modules/tickets/analyze.job';
import { startReservationExpiryJob } from './modules/tickets/expiry.job';

async function main() {
  const config = loadConfig();
  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: path.join(config.dataDir, 'pgdata'),
  });
  const app = await buildApp({
    config: { ...config, uploadsDir: path.join(config.dataDir, 'uploads') },
    database,
    logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
  });
  await app.services.users.ensureFirstAdmin(config, app.log);
  const stopExpiryJob = startReservationExpiryJob(
    app.services.tickets,
    app.log,
    config.reservationSweepSeconds * 1000,
  );
  const stopAnalyzeJob = await startAnalyzeJobIfNeeded(database.kind, app.services.tickets, app.log);
  const stopRatesJob = startRatesRefreshJob(app.services.rates, app.log);
  const stopOrphanProofsJob = startOrphanProofsJob(app.services.files, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    stopExpiryJob();
    stopAnalyzeJob();
    stopRatesJob();
    stopOrphanProofsJob();
    await app.close().catch((error) => app.log.error(error));
    await database.close().catch((error) => app.log.error(error));
    releaseLock();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Rifas listening on http://localhost:${config.port} (database: ${database.kind})`);
}

main().catch((error) => {
  console.error(`\nRifas could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
