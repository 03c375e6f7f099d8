import path from 'node:path';
import { buildApp } from './app';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { acquireDataDirLock } from './lib/data-dir-lock';
import { startBeaconDrawJob } from './modules/draw-beacon/beacon.job';
import { drandRoundFetcher } from './modules/draw-beacon/beacon.remote';
import { startSealJob } from './modules/draw-seal/seal.job';
import { startOrphanProofsJob } from './modules/files/orphan-proofs.job';
import { startRaffleCloseJob } from './modules/raffles/close.job';
import { startPrizeDrawJob } from './modules/raffles/prize.job';
import { startRatesRefreshJob } from './modules/rates/rates.job';
import { startAnalyzeJobIfNeeded } from './modules/tickets/analyze.job';
import { startReservationExpiryJob } from './modules/tickets/expiry.job';

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * A production server from its config, listening: the data-dir lock, the database and its
 * migrations, the app with redacted logs, the first admin, every background job. `server/main.ts`
 * and the bench's server (bench/server-entry.ts) both start this way, so what the bench measures
 * is what runs. `extend` adds routes before the server listens (the bench's control route).
 */
export async function startServer(
  config: Config,
  options: { extend?: (app: App, database: Database) => void } = {},
) {
  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: path.join(config.dataDir, 'pgdata'),
    pgliteSharedBuffers: config.pgliteSharedBuffers,
    pgParallelSetupCost: config.pgParallelSetupCost,
  });
  const app = await buildApp({
    config,
    database,
    logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
  });
  await app.services.users.ensureFirstAdmin(config, app.log);
  const stopJobs = [
    startReservationExpiryJob(app.services.tickets, app.log, config.reservationSweepSeconds * 1000),
    await startAnalyzeJobIfNeeded(database.kind, app.services.tickets, app.log),
    startRatesRefreshJob(app.services.rates, app.log),
    startOrphanProofsJob(app.services.files, app.log),
    startRaffleCloseJob(
      { draws: app.services.draws, db: database.db, log: app.log },
      config.raffleCloseSweepSeconds * 1000,
    ),
    startBeaconDrawJob({
      db: database.db,
      log: app.log,
      everyMs: config.beaconCheckSeconds * 1000,
      fetchRound: drandRoundFetcher({ urls: config.drandUrls }),
      onDrawn: (raffleId, outcome) => {
        void app.services.raffles.changed(raffleId);
        app.services.audit.record(
          { action: 'raffle.beacon_draw', raffle_id: raffleId, summary: { ...outcome } },
          app.log,
        );
      },
    }),
    startPrizeDrawJob(
      {
        draws: app.services.draws,
        log: app.log,
        fetchRound: drandRoundFetcher({ urls: config.drandUrls }),
      },
      config.raffleCloseSweepSeconds * 1000,
    ),
    startSealJob({ seals: app.services.seals, log: app.log, everyMs: config.sealRetrySeconds * 1000 }).stop,
  ];
  options.extend?.(app, database);
  await app.listen({ host: config.host, port: config.port });

  let stopping: Promise<void> | null = null;
  return {
    app,
    database,
    /** The port it listens on (config.port, or the one the system chose for 0). */
    port: (app.server.address() as { port: number }).port,
    /** Stops the jobs, closes open connections (within SHUTDOWN_GRACE_MS), the database and the lock. */
    stop() {
      stopping ??= (async () => {
        for (const stop of stopJobs) stop();
        await app.close().catch((error) => app.log.error(error));
        await database.close().catch((error) => app.log.error(error));
        releaseLock();
      })();
      return stopping;
    },
  };
}
