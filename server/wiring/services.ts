import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { openStorage } from '../lib/storage';
import type { ResolvePaymentProof } from '../modules/files/files.service';
import { createFilesService } from '../modules/files/files.service';
import type { PaymentsService } from '../modules/payments/payments.service';
import { createRatesService } from '../modules/rates/rates.service';
import type { SellerNetworkService } from '../modules/seller-network/seller-network.service';
import { createTestBenchService } from '../modules/test-bench/test-bench.service';
import { diskOf, hourlyCounterMaker } from './hourly-counters';
import { wireIdentity } from './identity';
import { wireMoney } from './money';
import type { SharedCounters } from './plugins';
import { wireSales } from './sales';

/**
 * Every service of the app, wired once: identity first (every staff route's guard and audit),
 * files and rates, then sales and money, which need each other through two late-bound calls.
 */
export async function createServices(
  app: FastifyInstance,
  deps: { config: Config; database: Database; shared: SharedCounters },
) {
  const { config, database, shared } = deps;
  const db = database.db;
  let sellers: SellerNetworkService | null = null;
  let payments: PaymentsService | null = null;
  const identity = await wireIdentity(app, {
    config,
    db,
    shared,
    onSellerLocked: (id) => sellers?.sellerLocked(id),
  });

  const storage = await openStorage(config.s3 ? { s3: config.s3 } : { dir: config.uploadsDir });
  app.addHook('onClose', async () => storage.close?.());
  const hourlyCounter = hourlyCounterMaker(config, shared);
  const files = createFilesService({
    db,
    storage,
    quota: hourlyCounter(config.uploadBytesPerHour, ''),
    budget: hourlyCounter(config.uploadBytesPerHourTotal, ':all'),
    disk: diskOf(config),
  });
  const rates = createRatesService({ db, ratesUrl: config.ratesUrl });
  // Only this server's own proofs, and none of another raffle's: anything else is a 422 on the
  // `payment_proof` field (decision 079).
  const resolvePaymentProof: ResolvePaymentProof = files.requirePaymentProof;

  const sales = await wireSales(app, {
    config,
    database,
    audit: identity.audit,
    isRaffleImage: async (url) => (await files.resolveUpload(url, 'raffle-image')) !== null,
    resolvePaymentProof,
    recordProofPayments: (tx, proof) => (payments as PaymentsService).recordProofPayments(tx, proof),
  });
  sellers = sales.sellers;
  const money = await wireMoney(app, {
    config,
    database,
    changes: sales.changes,
    rates,
    raffles: sales.raffles,
    instantWins: sales.instantWins,
    resolvePaymentProof,
  });
  payments = money.payments;

  app.addHook('preClose', async () => {
    // Idle keep-alive connections close at once; one still open after the grace (a client that
    // never finishes its request) is cut, so a restart never hangs on a stuck connection.
    setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs).unref();
    await sales.changes.flush();
    await sales.draws.settled();
    await identity.audit.settled();
    await sales.hub.stop();
    await sales.raffleChanges.stop();
  });
  const bench = createTestBenchService({
    db,
    tickets: sales.tickets,
    hub: sales.hub,
    storage,
    rates,
    audit: identity.audit,
  });
  return { ...identity, ...sales, ...money, files, storage, rates, bench };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
