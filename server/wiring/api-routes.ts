import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createMissBudget } from '../lib/miss-budget';
import { auditRoutes } from '../modules/audit/audit.routes';
import { authRoutes } from '../modules/auth/auth.routes';
import { buyersRoutes } from '../modules/buyers/buyers.routes';
import { commissionsRoutes } from '../modules/commissions/commissions.routes';
import { drawSealRoutes } from '../modules/draw-seal/draw-seal.routes';
import { filesRoutes } from '../modules/files/files.routes';
import { healthRoutes } from '../modules/health/health.routes';
import { insightRoutes } from '../modules/insight/insight.routes';
import { instantWinsRoutes } from '../modules/instant-wins/instant-wins.routes';
import { paymentsRoutes } from '../modules/payments/payments.routes';
import {
  raffleClarificationRoutes,
  raffleDrawRoutes,
  rafflesRoutes,
} from '../modules/raffles/raffles.routes';
import { ratesRoutes } from '../modules/rates/rates.routes';
import { receiptsRoutes } from '../modules/receipts/receipts.routes';
import { reconciliationRoutes } from '../modules/reconciliation/reconciliation.routes';
import { sellerNetworkRoutes } from '../modules/seller-network/seller-network.routes';
import { staffTicketsRoutes } from '../modules/staff-tickets/staff-tickets.routes';
import { testBenchRoutes } from '../modules/test-bench/test-bench.routes';
import { createReservationChallenge } from '../modules/tickets/reservation-challenge';
import { ticketsRoutes } from '../modules/tickets/tickets.routes';
import { trackingRoutes } from '../modules/tracking/tracking.routes';
import { usersRoutes } from '../modules/users/users.routes';
import { diskOf, hourlyCounterMaker } from './hourly-counters';
import type { SharedCounters } from './plugins';
import type { Services } from './services';

/** Every /api route, each module's plugin given the services and limits it uses. */
export function apiRoutes(s: Services, deps: { config: Config; database: Database; shared: SharedCounters }) {
  const { config, shared } = deps;
  const { guards, raffles } = s;
  const { compression, rateLimits } = config;
  const hourlyCounter = hourlyCounterMaker(config, shared);
  // Misses per cédula and hour of what proves a buyer by their phone's last 4 digits (phone-guesses.ts).
  const guesses = createMissBudget({
    counter: hourlyCounter(rateLimits.trackingMissesPerCedula, ':phone-guesses'),
    secret: s.auth.deriveSecret('phone-guesses'),
  });
  // Wrong cédulas per order code and hour (payments/order-guesses.ts).
  const orderGuesses = createMissBudget({
    counter: hourlyCounter(rateLimits.orderMissesPerCode, ':order-guesses'),
    secret: s.auth.deriveSecret('order-guesses'),
  });
  return async (api: FastifyInstance) => {
    await api.register(healthRoutes(deps.database, { redisAnswers: shared?.answers, disk: diskOf(config) }));
    await api.register(authRoutes({ auth: s.auth, guards, signInPerMinute: rateLimits.signIn }));
    await api.register(usersRoutes({ users: s.users, guards }));
    await api.register(filesRoutes({ files: s.files, guards, uploadsPerMinute: rateLimits.uploads }));
    await api.register(ratesRoutes({ rates: s.rates, guards }));
    await api.register(
      trackingRoutes({ tracking: s.tracking, trackingPerMinute: rateLimits.tracking, guesses }),
    );
    await api.register(rafflesRoutes({ raffles, guards, publicRaffles: s.publicRaffles, compression }));
    await api.register(raffleDrawRoutes({ draws: s.draws, guards, compression }));
    await api.register(raffleClarificationRoutes({ raffles, guards }));
    await api.register(instantWinsRoutes({ raffles, instantWins: s.instantWins, guards }));
    await api.register(receiptsRoutes({ receipts: s.receipts }));
    await api.register(drawSealRoutes({ seals: s.seals }));
    await api.register(staffTicketsRoutes({ raffles, staffTickets: s.staffTickets, guards }));
    await api.register(buyersRoutes({ raffles, buyers: s.buyers, guards }));
    await api.register(
      sellerNetworkRoutes({ sellers: s.sellers, guards, leaderboardPerMinute: rateLimits.board }),
    );
    await api.register(insightRoutes({ insight: s.insight, guards }));
    await api.register(
      paymentsRoutes({
        payments: s.payments,
        guards,
        perMinute: rateLimits.reservations * 4,
        guesses,
        orderGuesses,
      }),
    );
    await api.register(testBenchRoutes({ bench: s.bench, guards }));
    await api.register(auditRoutes({ audit: s.audit, guards }));
    await api.register(reconciliationRoutes({ reconciliation: s.reconciliation, guards }));
    await api.register(commissionsRoutes({ commissions: s.commissions, guards }));
    await api.register(
      ticketsRoutes({
        raffles,
        tickets: s.tickets,
        hub: s.hub,
        boards: s.boards,
        guards,
        reservationsPerMinute: rateLimits.reservations,
        reservationsPerIpPerMinute: rateLimits.reservationsPerIp,
        boardPerMinute: rateLimits.board,
        streamsPerIp: config.sseMaxPerIp,
        streamsTotal: config.sseMaxTotal,
        compression,
        numbersPerIp: hourlyCounter(rateLimits.numbersPerIpPerRaffle, ':numbers'),
        numbersPerIpPerRaffle: rateLimits.numbersPerIpPerRaffle,
        challenge: createReservationChallenge({
          perMinute: rateLimits.challengeAbove,
          secret: s.auth.deriveSecret('reservation-challenge'),
        }),
      }),
    );
  };
}
