import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database, Executor } from '../db/client';
import { createInFlightCount } from '../lib/in-flight-count';
import type { AuditLog } from '../modules/audit/audit.service';
import { createDrawSealService } from '../modules/draw-seal/draw-seal.service';
import type { ResolvePaymentProof } from '../modules/files/files.service';
import { createInstantWinsService } from '../modules/instant-wins/instant-wins.service';
import { createPublicRaffles } from '../modules/raffles/public-raffles';
import { createRaffleDrawService } from '../modules/raffles/raffle-draw.service';
import { createRafflesService } from '../modules/raffles/raffles.service';
import { createRaffleChanges } from '../modules/realtime/raffle-changes';
import { createRealtimeHub } from '../modules/realtime/realtime.hub';
import { createSellerNetworkService } from '../modules/seller-network/seller-network.service';
import { createTicketChanges } from '../modules/tickets/ticket-changes';
import {
  createTicketsService,
  type ReservationProof,
  type TicketsService,
} from '../modules/tickets/tickets.service';

/**
 * What is sold and how it is seen: raffles, their numbers, the seller network, live updates, the
 * cached public answers, the close, its draws and seals.
 */
export async function wireSales(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    audit: AuditLog;
    isRaffleImage: (url: string) => Promise<boolean>;
    resolvePaymentProof: ResolvePaymentProof;
    /** Payments are wired after sales: a reservation sent with its proof records them through this. */
    recordProofPayments: (tx: Executor, proof: ReservationProof) => Promise<void>;
  },
) {
  const { config, database, audit } = deps;
  const db = database.db;
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
  // Raffles and tickets need each other (tickets are generated with the raffle; a reservation
  // reads its raffle), so each gets the other lazily.
  let tickets: TicketsService | null = null;
  const instantWins = createInstantWinsService({ db });
  const raffles = createRafflesService({
    db,
    tickets: () => tickets as TicketsService,
    instantWins: () => instantWins,
    isRaffleImage: deps.isRaffleImage,
    onChanged: raffleChanges.announce,
  });
  const sellers = createSellerNetworkService({
    db,
    findRaffle: raffles.findPublicRow,
    isPublic: (row) => raffles.isVisible(row),
    onRaffleChanged: raffles.changed,
    counts: (id) => (tickets as TicketsService).boards.counts(id),
  });
  const ticketsService = createTicketsService({
    db,
    buyersWaiting,
    findRaffle: raffles.findRow,
    findPublicRaffle: raffles.findPublicRow,
    resolvePaymentProof: deps.resolvePaymentProof,
    recordProofPayments: deps.recordProofPayments,
    paymentReviewHours: config.paymentReviewHours,
    changes,
    hub,
    sellerIdForCode: sellers.sellerIdForCode,
  });
  tickets = ticketsService;
  const boards = ticketsService.boards;
  const publicRaffles = config.publicRaffleCache
    ? createPublicRaffles({
        findRow: raffles.findPublicRow,
        listRows: (filters) => raffles.publicRows(filters),
        isPublic: (row) => raffles.isVisible(row),
        isPublicPage: (row) => raffles.isPageVisible(row),
        counts: (id) => boards.counts(id),
        countsFor: (rows) => ticketsService.statsFor(rows),
        rowTtlMs: config.publicRaffleRowTtlMs,
      })
    : undefined;
  raffleChanges.onChange((id) => {
    boards.invalidate(id);
    publicRaffles?.invalidate(id);
    // After the cached answers are dropped: the open pages read the raffle again (decision 089).
    hub.raffleChanged(id);
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
    tickets: () => ticketsService,
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
  return {
    buyersWaiting,
    hub,
    changes,
    raffleChanges,
    instantWins,
    raffles,
    sellers,
    tickets: ticketsService,
    boards,
    publicRaffles,
    seals,
    draws,
  };
}
