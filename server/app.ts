import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Executor } from './db/client';
import { registerApiDocs } from './lib/api-docs';
import { registerErrorHandler } from './lib/error-handler';
import { createGuards } from './lib/guards';
import { refuseHostileInput } from './lib/hostile-input';
import { createInFlightCount } from './lib/in-flight-count';
import { rateLimitStore } from './lib/rate-limit-store';
import { declareRouteContract } from './lib/responses';
import { securityHeaders } from './lib/security-headers';
import { openStorage } from './lib/storage';
import { serveWebApp } from './lib/web-app';
import { captureStaffActions } from './modules/audit/audit.capture';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditLog } from './modules/audit/audit.service';
import { authRoutes } from './modules/auth/auth.routes';
import { type AuthService, createAuthService } from './modules/auth/auth.service';
import { createMemorySignInBackoff, createRedisSignInBackoff } from './modules/auth/sign-in-backoff';
import { buyersRoutes } from './modules/buyers/buyers.routes';
import { createBuyersService } from './modules/buyers/buyers.service';
import { commissionsRoutes } from './modules/commissions/commissions.routes';
import { createCommissionsService } from './modules/commissions/commissions.service';
import { drawSealRoutes } from './modules/draw-seal/draw-seal.routes';
import { createDrawSealService } from './modules/draw-seal/draw-seal.service';
import { filesRoutes } from './modules/files/files.routes';
import { createFilesService } from './modules/files/files.service';
import { createMemoryUploadQuota, createRedisUploadQuota } from './modules/files/upload-quota';
import { healthRoutes } from './modules/health/health.routes';
import { insightRoutes } from './modules/insight/insight.routes';
import { createInsightService } from './modules/insight/insight.service';
import { instantWinsRoutes } from './modules/instant-wins/instant-wins.routes';
import { createInstantWinsService } from './modules/instant-wins/instant-wins.service';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService, type PaymentsService } from './modules/payments/payments.service';
import { createPublicRaffles } from './modules/raffles/public-raffles';
import { createRaffleDrawService } from './modules/raffles/raffle-draw.service';
import { createRafflePagePreload } from './modules/raffles/raffle-page-preload';
import { raffleClarificationRoutes, raffleDrawRoutes, rafflesRoutes } from './modules/raffles/raffles.routes';
import { createRafflesService } from './modules/raffles/raffles.service';
import { ratesRoutes } from './modules/rates/rates.routes';
import { createRatesService } from './modules/rates/rates.service';
import { createRaffleChanges } from './modules/realtime/raffle-changes';
import { createRealtimeHub } from './modules/realtime/realtime.hub';
import { createReceiptSigner } from './modules/receipts/receipt-signer';
import { receiptsRoutes } from './modules/receipts/receipts.routes';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes';
import {
  bankConfirmedReferences,
  createReconciliationService,
} from './modules/reconciliation/reconciliation.service';
import { sellerNetworkRoutes } from './modules/seller-network/seller-network.routes';
import { createSellerNetworkService } from './modules/seller-network/seller-network.service';
import { staffTicketsRoutes } from './modules/staff-tickets/staff-tickets.routes';
import { createStaffTicketsService } from './modules/staff-tickets/staff-tickets.service';
import { exportReads } from './modules/staff-tickets/staff-tickets-export.repo';
import { testBenchRoutes } from './modules/test-bench/test-bench.routes';
import { createTestBenchService } from './modules/test-bench/test-bench.service';
import { createReservationChallenge } from './modules/tickets/reservation-challenge';
import { createTicketChanges } from './modules/tickets/ticket-changes';
import { ticketsRoutes } from './modules/tickets/tickets.routes';
import { createTicketsService, type TicketsService } from './modules/tickets/tickets.service';
import { createPhoneGuesses } from './modules/tracking/phone-guesses';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { createTrackingService } from './modules/tracking/tracking.service';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { serverOptions } from './server-options';

/** Builds the whole app (plugins, services, routes) without listening: main.ts and tests share it. */
export async function buildApp(options: {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}) {
  const { config, database } = options;
  const app = Fastify(serverOptions(config, options.logger)).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  refuseHostileInput(app);
  // Every API route as registered, for the contract tests (response schemas, permissions), with
  // what it shares derived from its own declarations: errors, 429, OpenAPI security, no-store. The
  // docs page's own files (`schema.hide`: its HTML, scripts, styles) are not part of the API.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    routes.push(route);
    declareRouteContract(route);
  });

  securityHeaders(app as unknown as FastifyInstance);
  // /api/docs runs Swagger UI's own scripts (no inline ones): the CSP above holds there as well.
  await registerApiDocs(app as unknown as FastifyInstance);
  // Shared counters in Redis when REDIS_URL is set, behind one breaker (lib/redis-breaker.ts).
  const shared = await rateLimitStore(app, config);
  await app.register(rateLimit, { global: false, ...(shared && { store: shared.store }) });
  const { compression } = config;
  if (compression) {
    // Before @fastify/static (its README says so), so a file without a precompressed twin is still
    // compressed. Server-Sent Events are never touched: their route hijacks the reply (no onSend),
    // and the default types skip text/event-stream anyway. Request bodies are not inflated.
    await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false });
  }

  const db = database.db;
  // Every staff action, chained (decision 025): captured once, here, for every route below.
  const audit = createAuditLog({ db });
  captureStaffActions(app as unknown as FastifyInstance, audit);
  let auth: AuthService | null = null;
  const users = createUsersService({
    db,
    onUserLocked: async (id) => {
      sellers.sellerLocked(id);
      await auth?.revokeAllSessions(id);
    },
  });
  auth = await createAuthService({
    db,
    users,
    jwtSecret: config.jwtSecret,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    audit: (entry) => audit.record(entry, app.log),
    backoff: shared
      ? createRedisSignInBackoff(shared.redis, { prefix: config.redisKeyPrefix, breaker: shared.breaker })
      : createMemorySignInBackoff(),
  });
  const guards = createGuards(auth);

  // Raffles and tickets need each other (tickets are generated with the raffle; a reservation
  // reads its raffle), so each gets the other lazily.
  const storage = await openStorage(config.s3 ? { s3: config.s3 } : { dir: config.uploadsDir });
  app.addHook('onClose', async () => storage.close?.());
  // Hourly counters per address: in Redis when configured (every instance counts together), else here.
  const hourlyCounter = (cap: number, suffix: string) =>
    shared
      ? createRedisUploadQuota(cap, shared.redis, {
          prefix: `${config.redisKeyPrefix}${suffix}`,
          breaker: shared.breaker,
        })
      : createMemoryUploadQuota(cap);
  const quota = hourlyCounter(config.uploadBytesPerHour, '');
  const budget = hourlyCounter(config.uploadBytesPerHourTotal, ':all');
  const disk = { dir: config.dataDir, minFreeMb: config.minFreeDiskMb };
  // The same hourly counter, of numbers reserved per raffle and address.
  const numbersPerIp = hourlyCounter(config.rateLimits.numbersPerIpPerRaffle, ':numbers');
  // Misses per cédula and hour of what proves a buyer by their phone's last 4 digits (phone-guesses.ts).
  const phoneGuesses = createPhoneGuesses({
    counter: hourlyCounter(config.rateLimits.trackingMissesPerCedula, ':phone-guesses'),
    secret: auth.deriveSecret('phone-guesses'),
  });
  const files = createFilesService({ db, storage, quota, budget, disk });
  const rates = createRatesService({ db, ratesUrl: config.ratesUrl });
  // Only this server's own proofs: anything else is a 422 on the `payment_proof` field.
  const resolvePaymentProof = (url: string) => files.requireUpload(url, 'payment-proof', 'payment_proof');
  // Reservations under way: the live streams' rounds give way to them (decision 048).
  const buyersWaiting = createInFlightCount();
  const hub = createRealtimeHub(database, {
    giveWayTo: buyersWaiting,
    fanout: config.liveFanoutProcess ? { log: app.log } : undefined,
  });
  await hub.start();
  const changes = createTicketChanges({ db, log: app.log });
  // Raffle rows that changed, told to every instance: the public answers cached from them are dropped.
  const raffleChanges = createRaffleChanges({ database, log: app.log });
  await raffleChanges.start();
  let tickets: TicketsService | null = null;
  const instantWins = createInstantWinsService({ db });
  const raffles = createRafflesService({
    db,
    tickets: () => tickets as TicketsService,
    instantWins: () => instantWins,
    isRaffleImage: async (url) => (await files.resolveUpload(url, 'raffle-image')) !== null,
    onChanged: raffleChanges.announce,
  });
  let payments: PaymentsService | null = null;
  const sellers = createSellerNetworkService({
    db,
    findRaffle: raffles.findPublicRow,
    isPublic: (row) => raffles.isVisible(row),
    onRaffleChanged: raffles.changed,
    counts: (id) => (tickets as TicketsService).boards.counts(id),
  });
  tickets = createTicketsService({
    db,
    buyersWaiting,
    findRaffle: raffles.findRow,
    findPublicRaffle: raffles.findPublicRow,
    resolvePaymentProof,
    recordProofPayments: (tx, proof) => (payments as PaymentsService).recordProofPayments(tx, proof),
    paymentReviewHours: config.paymentReviewHours,
    changes,
    hub,
    sellerIdForCode: sellers.sellerIdForCode,
  });
  const boards = tickets.boards;
  const ticketsService = tickets;
  const publicRaffles = config.publicRaffleCache
    ? createPublicRaffles({
        findRow: raffles.findPublicRow,
        listRows: (filters) => raffles.publicRows(filters),
        isPublic: (row) => raffles.isVisible(row),
        counts: (id) => boards.counts(id),
        countsFor: (rows) => ticketsService.statsFor(rows),
        rowTtlMs: config.publicRaffleRowTtlMs,
      })
    : undefined;
  raffleChanges.onChange((id) => {
    boards.invalidate(id);
    publicRaffles?.invalidate(id);
  });
  // A gap in the change streams: whatever was cached from them is read again.
  hub.onReset(() => publicRaffles?.clear());
  const seals = createDrawSealService({
    db,
    tsaUrl: config.tsaUrl,
    log: app.log,
    retryBaseMs: config.sealRetrySeconds * 1000,
    // A pre-sorteo's seal is part of its raffle's answer: the cached one is read again.
    onSealed: (target) => {
      if (target.position !== null) void raffles.changed(target.raffleId);
    },
  });
  const draws = createRaffleDrawService({
    db,
    raffles,
    tickets: () => tickets as TicketsService,
    instantWins: () => instantWins,
    pagesInFlight: database.kind === 'postgres' ? 2 : 1,
    hooks: {
      sealEnabled: seals.enabled,
      beaconMarginSeconds: config.beaconMarginSeconds,
      auditHead: async (tx) => {
        const head = await audit.head(tx);
        return head ? `${head.seq}:${head.hash}` : null;
      },
      onPreListFrozen: (raffleId, position) => seals.sealNow(raffleId, position),
      onTextFailed: (raffleId, error) =>
        app.log.error({ err: error, raffleId }, 'storing a closed list text failed; tried again when read'),
      onClosed: (raffleId, how) => {
        if (seals.enabled) seals.sealNow(raffleId);
        // A staff close is recorded by the audit hook with its actor; the job's close by the system.
        if (how.auto)
          audit.record(
            { action: 'raffle.auto_close', raffle_id: raffleId, summary: { line_count: how.lineCount } },
            app.log,
          );
      },
    },
  });
  const vesRate = async (executor?: Executor) =>
    (await rates.currentRate('VES', executor))?.rate_to_usd ?? null;
  const staffTickets = createStaffTicketsService({
    db,
    exports: exportReads(database),
    changes,
    resolvePaymentProof,
    currentRate: vesRate,
    paymentReviewHours: config.paymentReviewHours,
  });
  const buyers = createBuyersService({ db, paymentReviewHours: config.paymentReviewHours });
  payments = createPaymentsService({
    db,
    tickets: staffTickets,
    resolvePaymentProof,
    currentRate: vesRate,
    paymentReviewHours: config.paymentReviewHours,
    // A reference a bank statement already showed: "confirmado por el banco" on the payment.
    bankConfirmed: async (keys) => new Set((await bankConfirmedReferences(db, keys)).keys()),
    instantWinPrizes: (ids) => instantWins.prizesOf(ids),
  });
  const receipts = await createReceiptSigner(db, config.receiptPrivateKey);
  const tracking = createTrackingService({
    db,
    paymentsForTickets: payments.forTickets,
    instantWinPrizes: (ids) => instantWins.prizesOf(ids),
    receipts,
    paymentReviewHours: config.paymentReviewHours,
  });
  const paymentsService = payments;
  const reconciliation = createReconciliationService({
    db,
    // A statement's approval is the reviewer's own approval, with the same re-checks (issue 18).
    approvePayment: async (actor, paymentId, note) => {
      await paymentsService.review(actor, paymentId, { status: 'approved', notes: note });
    },
    approvePayments: async (actor, ids, note) => {
      await paymentsService.reviewMany(actor, { ids, status: 'approved', notes: note });
    },
    approvalConcurrency: database.kind === 'postgres' ? 3 : 1,
    log: app.log,
  });
  const commissions = createCommissionsService({ db, currentRate: vesRate });
  const insight = createInsightService({ db, raffles, vesRate: () => rates.currentRate('VES') });
  app.addHook('preClose', async () => {
    // Idle keep-alive connections close at once; one still open after the grace (a client that
    // never finishes its request) is cut, so a restart never hangs on a stuck connection.
    setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs).unref();
    await changes.flush();
    await draws.settled();
    await audit.settled();
    await hub.stop();
    await raffleChanges.stop();
  });
  const bench = createTestBenchService({ db, tickets, hub, storage, rates, audit });

  await app.register(
    async (api) => {
      await api.register(healthRoutes(database, { redisAnswers: shared?.answers, disk }));
      await api.register(authRoutes({ auth, guards, signInPerMinute: config.rateLimits.signIn }));
      await api.register(usersRoutes({ users, guards }));
      await api.register(filesRoutes({ files, guards, uploadsPerMinute: config.rateLimits.uploads }));
      await api.register(ratesRoutes({ rates, guards }));
      await api.register(
        trackingRoutes({ tracking, trackingPerMinute: config.rateLimits.tracking, guesses: phoneGuesses }),
      );
      await api.register(rafflesRoutes({ raffles, guards, publicRaffles, compression }));
      await api.register(raffleDrawRoutes({ draws, guards, compression }));
      await api.register(raffleClarificationRoutes({ raffles, guards }));
      await api.register(instantWinsRoutes({ raffles, instantWins, guards }));
      await api.register(receiptsRoutes({ receipts }));
      await api.register(drawSealRoutes({ seals }));
      await api.register(staffTicketsRoutes({ raffles, staffTickets, guards }));
      await api.register(buyersRoutes({ raffles, buyers, guards }));
      await api.register(
        sellerNetworkRoutes({ sellers, guards, leaderboardPerMinute: config.rateLimits.board }),
      );
      await api.register(insightRoutes({ insight, guards }));
      await api.register(
        paymentsRoutes({
          payments,
          guards,
          perMinute: config.rateLimits.reservations * 4,
          guesses: phoneGuesses,
        }),
      );
      await api.register(testBenchRoutes({ bench, guards }));
      await api.register(auditRoutes({ audit, guards }));
      await api.register(reconciliationRoutes({ reconciliation, guards }));
      await api.register(commissionsRoutes({ commissions, guards }));
      await api.register(
        ticketsRoutes({
          raffles,
          tickets,
          hub,
          boards,
          guards,
          reservationsPerMinute: config.rateLimits.reservations,
          reservationsPerIpPerMinute: config.rateLimits.reservationsPerIp,
          boardPerMinute: config.rateLimits.board,
          streamsPerIp: config.sseMaxPerIp,
          streamsTotal: config.sseMaxTotal,
          compression,
          numbersPerIp,
          numbersPerIpPerRaffle: config.rateLimits.numbersPerIpPerRaffle,
          challenge: createReservationChallenge({
            perMinute: config.rateLimits.challengeAbove,
            secret: auth.deriveSecret('reservation-challenge'),
          }),
        }),
      );
    },
    { prefix: '/api' },
  );

  await serveWebApp(app as unknown as FastifyInstance, {
    distDir: config.webDistDir,
    preCompressed: compression,
    preload: createRafflePagePreload(raffles),
  });
  return Object.assign(app, {
    routes,
    services: {
      users,
      auth,
      raffles,
      tickets,
      draws,
      staffTickets,
      payments,
      hub,
      buyersWaiting,
      boards,
      publicRaffles,
      raffleChanges,
      files,
      storage,
      rates,
      tracking,
      bench,
      reconciliation,
      seals,
      audit,
      commissions,
      instantWins,
    },
  });
}
