import { installmentCents } from '../../../domain/raffle-figures';
import { salesClosed } from '../../../domain/raffle-lifecycle';
import { addToStats, emptyStats } from '../../../domain/raffle-stats';
import { type RaffleStats, raffleMessages } from '../../../domain/raffles';
import { type Reservation, reservationMessages } from '../../../domain/reservations';
import { historyNotes } from '../../../domain/tickets';
import type { Db, Executor, Tx } from '../../db/client';
import type { PublicRaffleRow, RaffleRow } from '../../db/rows';
import { ConflictError, hasSqlState, SQLSTATE, UnprocessableError } from '../../lib/errors';
import type { InFlightCount } from '../../lib/in-flight-count';
import { jobRunsRepo } from '../../lib/job-runs';
import { LOCK_KEYS } from '../../lib/lock-keys';
import type { ResolvePaymentProof } from '../files/files.service';
import type { ListFigures, ListPage } from '../raffles/published-lists';
import type { RealtimeHub } from '../realtime/realtime.hub';
import { createBoardCache } from './board-cache';
import { repriceKeptSales } from './package-reprice';
import { type PublishedListKind, publishedListRepo } from './published-list.repo';
import { createReservationBatcher } from './reservation-batcher';
import {
  createTermsRead,
  pricingFor,
  refusedPricing,
  type SaleTerms,
  totalDiffers,
} from './reservation-pricing';
import { refusalError } from './reservation-refusals';
import { type ReservationOutcome, reservationsRepo, type SalePricing } from './reservations.repo';
import { describeChanges, recordChanges, type TicketChanges } from './ticket-changes';
import { type StatsRow, type TicketRow, ticketsRepo } from './tickets.repo';
import { toBuyerTicket } from './tickets.views';

type Deps = {
  db: Db;
  /** Provided by the raffles service: the raffle row, optionally locked in the given transaction. */
  findRaffle: (db: Executor, id: string, lock?: 'key share') => Promise<RaffleRow | null>;
  /** The raffle without its sold list, for the boards (read again every few seconds). */
  findPublicRaffle?: (id: string) => Promise<PublicRaffleRow | null>;
  /** Provided by the files service: the stored file behind a payment-proof URL. */
  resolvePaymentProof?: ResolvePaymentProof;
  /** Provided by the payments service: a proof sent with the reservation becomes pending payments. */
  recordProofPayments?: (tx: Executor, proof: ReservationProof) => Promise<void>;
  /** How long a pending payment covering the first amount due keeps an expired reservation. */
  paymentReviewHours: number;
  /** Announces committed ticket changes (ticket-changes.ts); the boards here wait for this instance's own. */
  changes: TicketChanges;
  /** The change stream the public boards follow. */
  hub: RealtimeHub;
  /** Seller-network service: the seller a referral code names (cached), or null (decision 036). */
  sellerIdForCode?: (code: string) => Promise<string | null>;
  /** Counts the reservations under way: the live streams give way to them (decision 048). */
  buyersWaiting?: InFlightCount;
};

export type ReservationProof = {
  /** The reservation's order: the proof pays it, spread over its numbers. */
  orderId: string | null;
  /** Each number with its first amount due (its own price snapshot, or one cuota of it). */
  tickets: { id: string; buyerCedula: string | null; amountCents: number }[];
  paymentMethod: string;
  fileUrl: string;
  sha256: string;
};

/** What one ticket owes with its first payment: the price (the ticket's own, for a sale), or one installment of it. */
export const firstPaymentCents = (raffle: Pick<RaffleRow, 'paymentType' | 'installments' | 'priceCents'>) =>
  installmentCents({
    price_cents: raffle.priceCents,
    payment_type: raffle.paymentType === 'cuotas' ? 'cuotas' : 'pago_unico',
    installments: raffle.installments,
  });

/** Its row in job_runs. */
export const EXPIRY_JOB_NAME = 'expiry';

export type TicketsService = ReturnType<typeof createTicketsService>;

/** The figures of each raffle from its rows per status; numbers with no live sale are `disponible`. */
function statsFromRows(raffles: Pick<RaffleRow, 'id' | 'totalNumbers'>[], rows: StatsRow[]) {
  const stats = new Map(raffles.map((r) => [r.id, emptyStats()]));
  const live = new Map<string, number>();
  for (const row of rows) {
    const s = stats.get(row.raffle_id);
    if (s) addToStats(s, row.status, row.n, row.paid, row.remaining);
    live.set(row.raffle_id, (live.get(row.raffle_id) ?? 0) + row.n);
  }
  for (const r of raffles) {
    const s = stats.get(r.id);
    if (s) s.disponible = Math.max(0, r.totalNumbers - (live.get(r.id) ?? 0));
  }
  return stats;
}

export function createTicketsService(deps: Deps) {
  const { db } = deps;

  const batcher = createReservationBatcher({ db });

  /**
   * One round trip: the batcher writes this request with the others of the moment in one statement
   * (reservationsRepo.reserveMany). With a payment proof the pending payments must commit with the sales,
   * so that path runs the same statement for this request alone, in a transaction with them.
   */
  async function reserveOnce(
    raffleId: string,
    input: Reservation,
    proof: { sha256: string } | null,
    sandbox: boolean,
    pricing: SalePricing | null,
    alone = false,
  ): Promise<ReservationOutcome> {
    const values = {
      buyerName: input.buyer.name.trim().toLowerCase(),
      buyerPhone: input.buyer.phone,
      buyerAddress: input.buyer.address,
      buyerCedula: input.buyer.cedula,
      buyerEmail: input.buyer.email ?? null,
      paymentMethod: input.payment_method,
      paymentProof: input.payment_proof ?? null,
    };
    // An unknown code credits nobody; whether its seller sells this raffle is reserve_sales' check.
    const sellerId =
      input.seller_code && deps.sellerIdForCode ? await deps.sellerIdForCode(input.seller_code) : null;
    const request = {
      raffleId,
      numbers: input.numbers,
      values,
      sandbox,
      sellerId,
      pricing,
      requestId: input.request_id ?? null,
    };
    const recordProof = proof && input.payment_proof && deps.recordProofPayments;
    if (!recordProof) return batcher.reserve(request, { alone });
    return db.transaction(async (tx) => {
      const [outcome = { sales: [], orderCode: '' }] = await reservationsRepo.reserveMany(tx, [request]);
      const rows = 'sales' in outcome ? outcome.sales : [];
      const raffle = rows.length > 0 ? await deps.findRaffle(tx, raffleId) : null;
      if (raffle && rows[0] && input.payment_proof) {
        await recordProof(tx, {
          orderId: rows[0].orderId,
          // What each sale owes: the price it was reserved at (a package's share of its total).
          tickets: rows.map((r) => ({
            id: r.id,
            buyerCedula: r.buyerCedula,
            amountCents: firstPaymentCents({ ...raffle, priceCents: r.priceCents }),
          })),
          paymentMethod: input.payment_method,
          fileUrl: input.payment_proof,
          sha256: proof.sha256,
        });
      }
      return outcome;
    });
  }

  // Sales made since the last ANALYZE: PGlite's analyze job runs early when a rush has changed the table.
  let salesSinceAnalyze = 0;

  /** The public boards, from memory (board-cache.ts): after its own sales a board waits for their event. */
  const boards = createBoardCache({
    hub: deps.hub,
    findRaffle: (id) => (deps.findPublicRaffle ? deps.findPublicRaffle(id) : deps.findRaffle(db, id)),
    latestSales: (raffleId) => service.latestSales(raffleId),
  });
  deps.changes.onCommitted((raffleId, versions) => boards.expectCommitted(raffleId, versions));
  // A gap in the change stream (the LISTEN connection came back): every board is read again.
  deps.hub.onReset(() => boards.clear());

  /** The sale terms this instance read per raffle whose board is not in memory (decision 087). */
  const termsRead = createTermsRead((raffleId) => deps.findRaffle(db, raffleId));

  /** See `reserveOrder`. */
  async function reserveOrderNow(raffleId: string, input: Reservation, options: { sandbox?: boolean }) {
    const proof =
      input.payment_proof != null && deps.resolvePaymentProof
        ? await deps.resolvePaymentProof(input.payment_proof, { raffleId })
        : null;
    if (input.payment_proof != null && deps.resolvePaymentProof && !proof) {
      throw new UnprocessableError(reservationMessages.invalidProof, 'INVALID_PAYMENT_PROOF');
    }
    // Priced from the raffle this instance has in memory (its board's), with no statement of its
    // own: a raffle without packages (or not in memory) goes plain, and reserve_sales refuses
    // with PRICES_CHANGED if that is not what the raffle sells at now; then it is read and priced.
    let known: SaleTerms | null = boards.cachedRaffle(raffleId);
    // The total the buyer's page showed: sold only at that total, priced with terms reserve_sales
    // checks, so a price changed in between refuses instead of charging what nobody agreed to.
    const shown = input.total_cents;
    const count = input.numbers.length;
    const movedFrom = (terms: SaleTerms | null) => shown !== undefined && totalDiffers(terms, count, shown);
    let readFresh = false;
    if (shown !== undefined && !known)
      ({ terms: known, fresh: readFresh } = await termsRead.keptOrRead(raffleId));
    if (movedFrom(known) && !readFresh) {
      // This instance's copy may be older than the page: the stored raffle decides, and the board's
      // copy is checked again on its next request.
      known = await termsRead.read(raffleId);
      boards.invalidate(raffleId);
    }
    let alone = false;
    for (let attempt = 1; ; attempt++) {
      let outcome: ReservationOutcome;
      // Still another total: sent with terms no raffle has, so reserve_sales sells nothing and gives
      // its own first reason (a draft, closed or unknown raffle says so, not its price), else
      // PRICES_CHANGED.
      const moved = movedFrom(known);
      try {
        const pricing = moved
          ? refusedPricing(count)
          : pricingFor(known, count, { always: shown !== undefined });
        outcome = await reserveOnce(raffleId, input, proof, options.sandbox ?? false, pricing, alone);
      } catch (error) {
        // A deadlock with a staff change (reservations take numbers in one order): try again.
        if (!hasSqlState(error, SQLSTATE.deadlock) || attempt >= 3) throw error;
        continue;
      }
      if ('refusal' in outcome && outcome.refusal.code === 'PRICES_CHANGED' && !moved && attempt < 3) {
        known = await termsRead.read(raffleId);
        boards.invalidate(raffleId);
        continue;
      }
      if ('refusal' in outcome && outcome.refusal.code === 'TICKETS_UNAVAILABLE' && attempt < 3) {
        // Held only by another request of the same statement, undone before its commit (it could
        // not get all of its own numbers): nobody holds them now, so try again (decision 016), in a
        // statement of its own, where no other request's numbers can stand in its way.
        const held = await ticketsRepo.liveNumbers(db, raffleId, outcome.refusal.numbers);
        if (held.length === 0) {
          alone = true;
          continue;
        }
        // Named: the numbers someone does hold (not one only a refused request held for a moment).
        outcome = { refusal: { ...outcome.refusal, numbers: held } };
      }
      if ('refusal' in outcome) {
        // The same request sent again (its answer was lost on the way): its own order, once more.
        const before = await sentBefore(raffleId, input);
        if (before) return { ...answerFor(before.sales, before.orderCode), replayed: true };
        throw refusalError(outcome.refusal);
      }
      const rows = outcome.sales;
      // Answered once announced (a few ms, batched with the other sales of the moment): a buyer
      // who opens the live stream after their 201 never receives their own sale late.
      salesSinceAnalyze += rows.length;
      await deps.changes.announce(rows);
      return { ...answerFor(rows, outcome.orderCode), replayed: false };
    }
  }

  /** A reservation's answer: its sales as the buyer sees them and its order. */
  function answerFor(rows: TicketRow[], orderCode: string) {
    return {
      tickets: rows.map(toBuyerTicket),
      order: {
        id: rows[0]?.orderId ?? '',
        code: orderCode,
        total_cents: rows.reduce((sum, r) => sum + r.priceCents, 0),
      },
    };
  }

  /** The order an earlier sending of this request made, when it carries a key (decision 057). */
  function sentBefore(raffleId: string, input: Reservation) {
    if (!input.request_id) return Promise.resolve(null);
    return reservationsRepo.sentBefore(db, {
      raffleId,
      requestId: input.request_id,
      cedula: input.buyer.cedula,
      numbers: input.numbers,
    });
  }

  const service = {
    analyze: () => {
      salesSinceAnalyze = 0;
      return ticketsRepo.analyze(db);
    },
    salesSinceAnalyze: () => salesSinceAnalyze,
    autovacuumOn: () => ticketsRepo.autovacuumOn(db),

    /** Numbers are not rows: a new size only needs nothing sold; a digit change renumbers the sales. */
    async resize(tx: Tx, raffle: RaffleRow, next: { totalNumbers: number; digitCount: number }) {
      if (
        next.totalNumbers !== raffle.totalNumbers &&
        (await ticketsRepo.countNotAvailable(tx, raffle.id)) > 0
      ) {
        throw new ConflictError(raffleMessages.totalLocked, 'TOTAL_NUMBERS_LOCKED');
      }
      if (next.digitCount !== raffle.digitCount) await ticketsRepo.renumber(tx, raffle.id, next.digitCount);
    },

    /** Counts per status: live sales by status, every other number 'disponible'. */
    async statsFor(raffles: Pick<RaffleRow, 'id' | 'totalNumbers'>[]): Promise<Map<string, RaffleStats>> {
      return statsFromRows(
        raffles,
        await ticketsRepo.stats(
          db,
          raffles.map((r) => r.id),
        ),
      );
    },

    latestSales: (raffleId: string) => ticketsRepo.latestStatuses(db, raffleId),

    /** The answer an earlier sending of this request got, when it carries a key and its order holds (decision 057). */
    async sentBefore(raffleId: string, input: Reservation) {
      const before = await sentBefore(raffleId, input);
      return before && answerFor(before.sales, before.orderCode);
    },

    /** The sales made, as the buyer sees them (see `reserveOrder`). */
    async reserve(raffleId: string, input: Reservation, options: { sandbox?: boolean } = {}) {
      return (await service.reserveOrder(raffleId, input, options)).tickets;
    },

    /**
     * A reservation is an order: its sales and the order's public code (issue 18).
     * `sandbox`: the test bench's drill, racing buyers in its hidden raffle through this same path.
     */
    reserveOrder(raffleId: string, input: Reservation, options: { sandbox?: boolean } = {}) {
      const reserve = () => reserveOrderNow(raffleId, input, options);
      return deps.buyersWaiting ? deps.buyersWaiting.track(reserve) : reserve();
    },

    /** Hashed by the database; a page holding a sale it left unhashed is read as sales to hash here. */
    async listPage(
      tx: Executor,
      raffleId: string,
      list: PublishedListKind,
      page: { from: number; to: number; lines: boolean; figures?: boolean },
    ): Promise<ListPage> {
      const hashed = await publishedListRepo.hashedListPage(tx, raffleId, list, page);
      if (hashed.unhashed === 0)
        return { count: hashed.count, text: hashed.lines, leaves: hashed.leaves, figures: hashed.figures };
      const sales = await publishedListRepo.listSalesPage(tx, raffleId, list, page);
      return { count: sales.length, sales };
    },
    /**
     * A closed raffle's figures from its list's figures (counted as its leaves were read) and its
     * live sales outside the list (released by hand, cancelled): the same as `statsFor` counts.
     */
    async closedStats(raffle: Pick<RaffleRow, 'id' | 'totalNumbers'>, listed: ListFigures) {
      const rows: StatsRow[] = [
        ...(['apartado', 'abonado', 'pagado'] as const).map((status) => ({
          raffle_id: raffle.id,
          status,
          n: listed[status],
          paid: 0,
          remaining: 0,
        })),
        // Every listed sale's money, whatever its status (one the product does not name as well).
        { raffle_id: raffle.id, status: 'other', n: 0, paid: listed.paid, remaining: listed.remaining },
        ...(await ticketsRepo.unlistedStats(db, raffle.id)),
      ];
      return statsFromRows([raffle], rows).get(raffle.id) as RaffleStats;
    },
    recordPreDrawList: (tx: Executor, raffleId: string, position: number, paidBy: Date) =>
      publishedListRepo.recordPreDrawList(tx, raffleId, position, paidBy),
    storeSoldListText: (tx: Executor, raffleId: string) => publishedListRepo.storeSoldListText(tx, raffleId),
    findByNumber: (raffleId: string, number: number) => ticketsRepo.findByNumber(db, raffleId, number),
    countNotAvailable: (tx: Executor, raffleId: string) => ticketsRepo.countNotAvailable(tx, raffleId),

    /**
     * Numbers free right now at random: from the board in memory (free-numbers.ts, microseconds
     * even on a nearly sold-out 1,000,000-number raffle); from the database only when the raffle
     * has no board here. The reservation decides in the end: a number taken meanwhile is a 409.
     * A raffle whose sales closed picks nothing: the same 409 RAFFLE_CLOSED its reservation answers.
     */
    async luckyPick(
      raffle: Pick<RaffleRow, 'id' | 'totalNumbers' | 'status' | 'closingDate'>,
      count: number,
      exclude: number[],
    ) {
      if (salesClosed(raffle)) throw refusalError({ code: 'RAFFLE_CLOSED', numbers: [], digits: 0 });
      return (
        (await boards.pickFree(raffle.id, count, exclude)) ??
        ticketsRepo.randomAvailable(db, raffle, count, exclude)
      );
    },

    /**
     * Reservations past reserved_until that owe money with nothing paid go back on sale, with the
     * numbers of their orders that owe nothing (one batch of `limit`, see ticketsRepo.releaseExpired).
     */
    async releaseExpired(limit = 500): Promise<number> {
      return deps.changes.transaction(async (tx) => {
        // One instance at a time does the sweep (the others skip this round).
        if (!(await ticketsRepo.tryJobLock(tx, LOCK_KEYS.reservationExpiry))) return 0;
        const rows = await ticketsRepo.releaseExpired(tx, limit, deps.paymentReviewHours);
        await recordChanges(tx, rows, describeChanges(rows, 'apartado', historyNotes.reservationExpired));
        // What their orders keep no longer holds a package: priced for what it is.
        await repriceKeptSales(tx, rows, { nowait: true });
        return rows.length;
      });
    },

    /** Once per sweep of the expiry job: the test bench tells from it whether the job is alive. */
    recordExpirySweep: (result: { released: number; every_s: number }) =>
      jobRunsRepo.record(db, EXPIRY_JOB_NAME, result),

    boards,
  };
  return service;
}
