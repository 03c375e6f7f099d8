import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerErrorHandler } from './lib/error-handler';
import { createGuards } from './lib/guards';
import { createDiskStorage } from './lib/storage';
import { serveWebApp } from './lib/web-app';
import { authRoutes } from './modules/auth/auth.routes';
import { type AuthService, createAuthService } from './modules/auth/auth.service';
import { buyersRoutes } from './modules/buyers/buyers.routes';
import { createBuyersService } from './modules/buyers/buyers.service';
import { filesRoutes } from './modules/files/files.routes';
import { createFilesService } from './modules/files/files.service';
import { healthRoutes } from './modules/health/health.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService, type PaymentsService } from './modules/payments/payments.service';
import { createRaffleDrawService } from './modules/raffles/raffle-draw.service';
import { createRafflePagePreload } from './modules/raffles/raffle-page-preload';
import { raffleDrawRoutes, rafflesRoutes } from './modules/raffles/raffles.routes';
import { createRafflesService } from './modules/raffles/raffles.service';
import { ratesRoutes } from './modules/rates/rates.routes';
import { createRatesService } from './modules/rates/rates.service';
import { createRealtimeHub } from './modules/realtime/realtime.hub';
import { type BoardCache, createBoardCache } from './modules/tickets/board-cache';
import { staffTicketsRoutes } from './modules/tickets/staff-tickets.routes';
import { createStaffTicketsService } from './modules/tickets/staff-tickets.service';
import { ticketsRoutes } from './modules/tickets/tickets.routes';
import { createTicketsService, type TicketsService } from './modules/tickets/tickets.service';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { createTrackingService } from './modules/tracking/tracking.service';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';

export type AppConfig = Pick<
  Config,
  | 'jwtSecret'
  | 'accessTokenTtlSeconds'
  | 'rateLimits'
  | 'webDistDir'
  | 'ratesUrl'
  | 'trustProxy'
  | 'paymentReviewHours'
> & {
  /** Compressed responses (API on the fly, web files precompressed at build); on unless false. */
  compression?: boolean;
  /** Where uploaded files live (main.ts: DATA_DIR/uploads); a fresh temp folder when omitted. */
  uploadsDir?: string;
};

/** Builds the whole app (plugins, services, routes) without listening: main.ts and tests share it. */
export async function buildApp(options: {
  config: AppConfig;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}) {
  const { config, database } = options;
  const serverOptions: FastifyHttpOptions<http.Server> = {
    logger: options.logger ?? false,
    bodyLimit: 256 * 1024,
    // Behind a reverse proxy set TRUST_PROXY, else any client could fake X-Forwarded-For and dodge rate limits.
    trustProxy: config.trustProxy ?? false,
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        // Staff see a PDF payment proof inline from a blob URL fetched with their token.
        'frame-src': ["'self'", 'blob:'],
        'object-src': ["'self'", 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        // Plain-HTTP installs (a LAN address, no TLS yet) must still load their own assets.
        'upgrade-insecure-requests': null,
      },
    },
  });
  await app.register(rateLimit, { global: false });
  const compression = config.compression !== false;
  if (compression) {
    // Before @fastify/static (its README says so), so a file without a precompressed twin is still
    // compressed. Server-Sent Events are never touched: their route hijacks the reply (no onSend),
    // and the default types skip text/event-stream anyway. Request bodies are not inflated.
    await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false });
  }

  const db = database.db;
  let auth: AuthService | null = null;
  const users = createUsersService({
    db,
    onUserLocked: (id) => auth?.revokeAllSessions(id) ?? Promise.resolve(),
  });
  auth = await createAuthService({
    db,
    users,
    jwtSecret: config.jwtSecret,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
  });
  const guards = createGuards(auth);

  // Raffles and tickets need each other (tickets are generated with the raffle; a reservation
  // reads its raffle), so each gets the other lazily.
  const files = createFilesService({
    db,
    storage: createDiskStorage(config.uploadsDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-uploads-'))),
  });
  const rates = createRatesService({ db, ratesUrl: config.ratesUrl });
  const resolvePaymentProof = (url: string) => files.resolveUpload(url, 'payment-proof');
  let tickets: TicketsService | null = null;
  let boards: BoardCache | null = null;
  const raffles = createRafflesService({
    db,
    tickets: () => tickets as TicketsService,
    isRaffleImage: async (url) => (await files.resolveUpload(url, 'raffle-image')) !== null,
  });
  let payments: PaymentsService | null = null;
  tickets = createTicketsService({
    db,
    findRaffle: raffles.findRow,
    resolvePaymentProof,
    recordProofPayments: (tx, proof) => (payments as PaymentsService).recordProofPayments(tx, proof),
    paymentReviewHours: config.paymentReviewHours,
    onCommitted: (raffleId, versions) => boards?.expectCommitted(raffleId, versions),
  });
  const draws = createRaffleDrawService({ db, raffles, tickets: () => tickets as TicketsService });
  const staffTickets = createStaffTicketsService({ db });
  const buyers = createBuyersService({ db });
  payments = createPaymentsService({
    db,
    tickets: staffTickets,
    resolvePaymentProof,
    currentRate: async (executor) => (await rates.currentRate('VES', executor))?.rate_to_usd ?? null,
    paymentReviewHours: config.paymentReviewHours,
  });
  const tracking = createTrackingService({ db, paymentsForTickets: payments.forTickets });
  const hub = createRealtimeHub(database);
  await hub.start();
  boards = createBoardCache({
    hub,
    findRaffle: (id) => raffles.findRow(db, id),
    liveSales: (raffleId) => (tickets as TicketsService).liveSales(raffleId),
  });
  app.addHook('preClose', async () => hub.stop());

  await app.register(
    async (api) => {
      await api.register(healthRoutes(database));
      await api.register(authRoutes({ auth, guards, signInPerMinute: config.rateLimits.signIn }));
      await api.register(usersRoutes({ users, guards }));
      await api.register(filesRoutes({ files, guards, uploadsPerMinute: config.rateLimits.uploads }));
      await api.register(ratesRoutes({ rates, guards }));
      await api.register(trackingRoutes({ tracking, trackingPerMinute: config.rateLimits.tracking }));
      await api.register(rafflesRoutes({ raffles, guards }));
      await api.register(raffleDrawRoutes({ draws, guards }));
      await api.register(staffTicketsRoutes({ raffles, staffTickets, guards }));
      await api.register(buyersRoutes({ raffles, buyers, guards }));
      await api.register(paymentsRoutes({ payments, guards, perMinute: config.rateLimits.reservations * 4 }));
      await api.register(
        ticketsRoutes({
          raffles,
          tickets,
          hub,
          boards,
          guards,
          reservationsPerMinute: config.rateLimits.reservations,
          boardPerMinute: config.rateLimits.board ?? 120,
          compression,
        }),
      );
    },
    { prefix: '/api' },
  );

  await serveWebApp(app as unknown as FastifyInstance, {
    distDir: config.webDistDir,
    preCompressed: compression,
    preloadImage: createRafflePagePreload(raffles),
  });
  return Object.assign(app, {
    services: { users, auth, raffles, tickets, staffTickets, payments, hub, files, rates, tracking },
  });
}
