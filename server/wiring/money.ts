import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database, Executor } from '../db/client';
import { createBuyersService } from '../modules/buyers/buyers.service';
import { createCommissionsService } from '../modules/commissions/commissions.service';
import type { ResolvePaymentProof } from '../modules/files/files.service';
import { createInsightService } from '../modules/insight/insight.service';
import type { InstantWinsService } from '../modules/instant-wins/instant-wins.service';
import { createPaymentsService } from '../modules/payments/payments.service';
import type { RafflesService } from '../modules/raffles/raffles.service';
import type { RatesService } from '../modules/rates/rates.service';
import { createReceiptSigner } from '../modules/receipts/receipt-signer';
import {
  bankConfirmedReferences,
  createReconciliationService,
} from '../modules/reconciliation/reconciliation.service';
import { createStaffTicketsService } from '../modules/staff-tickets/staff-tickets.service';
import { exportReads } from '../modules/staff-tickets/staff-tickets-export.repo';
import type { TicketChanges } from '../modules/tickets/ticket-changes';
import { createTrackingService } from '../modules/tracking/tracking.service';

/**
 * Money and the people behind it: staff work on numbers, buyers, payments and their review, bank
 * statements, commissions, receipts, tracking and the owner's figures.
 */
export async function wireMoney(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    changes: TicketChanges;
    rates: RatesService;
    raffles: RafflesService;
    instantWins: InstantWinsService;
    resolvePaymentProof: ResolvePaymentProof;
  },
) {
  const { config, database, rates, instantWins, resolvePaymentProof } = deps;
  const db = database.db;
  const paymentReviewHours = config.paymentReviewHours;
  // Bs become dollars only at a recent rate (decision 086): none, and a Bs amount is refused.
  const vesRate = (executor?: Executor) => rates.usableRate('VES', executor);
  const staffTickets = createStaffTicketsService({
    db,
    exports: exportReads(database),
    changes: deps.changes,
    resolvePaymentProof,
    currentRate: vesRate,
    paymentReviewHours,
    instantWinAwards: (ids) => instantWins.awardsOf(ids),
  });
  const buyers = createBuyersService({ db, paymentReviewHours });
  const payments = createPaymentsService({
    db,
    tickets: staffTickets,
    resolvePaymentProof,
    currentRate: vesRate,
    paymentReviewHours,
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
    paymentReviewHours,
  });
  const reconciliation = createReconciliationService({
    db,
    // A statement's approval is the reviewer's own approval, with the same re-checks (issue 18).
    approvePayment: async (actor, paymentId, note) => {
      await payments.review(actor, paymentId, { status: 'approved', notes: note });
    },
    approvePayments: async (actor, ids, note) => {
      await payments.reviewMany(actor, { ids, status: 'approved', notes: note });
    },
    approvalConcurrency: database.kind === 'postgres' ? 3 : 1,
    log: app.log,
  });
  const commissions = createCommissionsService({ db, currentRate: vesRate });
  const insight = createInsightService({
    db,
    raffles: deps.raffles,
    vesRate: () => rates.currentRate('VES'),
  });
  return { staffTickets, buyers, payments, receipts, tracking, reconciliation, commissions, insight };
}
