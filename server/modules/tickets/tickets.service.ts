import { createHash } from 'node:crypto';
import { installmentCents, type RaffleStats, raffleMessages } from '../../../domain/raffles';
import { type Reservation, reservationMessages } from '../../../domain/reservations';
import { padTicketNumber } from '../../../domain/tickets';
import type { Db, Executor, Tx } from '../../db/client';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors';
import type { RaffleRow } from '../raffles/raffles.repo';
import { TICKET_CHANGES_CHANNEL } from '../realtime/realtime.hub';
import { describeChanges, recordChanges } from './ticket-changes';
import { ticketsRepo } from './tickets.repo';
import { addToStats, emptyStats, toBuyerTicket } from './tickets.views';

type Deps = {
  db: Db;
  /** Provided by the raffles service: the raffle row, optionally locked in the given transaction. */
  findRaffle: (db: Executor, id: string, lock?: 'key share') => Promise<RaffleRow | null>;
  /** Provided by the files service: the stored file behind a payment-proof URL, or null. */
  resolvePaymentProof?: (fileUrl: string) => Promise<{ sha256: string } | null>;
  /** Provided by the payments service: a proof sent with the reservation becomes pending payments. */
  recordProofPayments?: (tx: Executor, proof: ReservationProof) => Promise<void>;
  /** How long a pending payment covering the first amount due keeps an expired reservation. */
  paymentReviewHours?: number;
};

export const DEFAULT_PAYMENT_REVIEW_HOURS = 48;

export type ReservationProof = {
  tickets: { id: string; buyerCedula: string | null }[];
  amountCentsEach: number;
  paymentMethod: string;
  fileUrl: string;
  sha256: string;
};

/** What one ticket owes with its first payment: the price, or one installment of it. */
export const firstPaymentCents = (raffle: Pick<RaffleRow, 'paymentType' | 'installments' | 'priceCents'>) =>
  installmentCents({
    price_cents: raffle.priceCents,
    payment_type: raffle.paymentType === 'cuotas' ? 'cuotas' : 'pago_unico',
    installments: raffle.installments,
  });

const DEADLOCK = '40P01';
const EXPIRY_JOB_LOCK = 727_002;
const isDeadlock = (error: unknown) =>
  [error, (error as { cause?: unknown })?.cause].some(
    (e) => (e as { code?: string } | undefined)?.code === DEADLOCK,
  );

export type TicketsService = ReturnType<typeof createTicketsService>;

export function createTicketsService(deps: Deps) {
  const { db } = deps;

  async function reserveOnce(raffleId: string, input: Reservation, proof: { sha256: string } | null) {
    return db.transaction(async (tx) => {
      // Key-share lock: reservations run side by side, while closing the raffle waits for them.
      const raffle = await deps.findRaffle(tx, raffleId, 'key share');
      if (!raffle || raffle.status === 'borrador')
        throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
      if (raffle.status !== 'activa') throw new ConflictError(raffleMessages.notOpen, 'RAFFLE_NOT_OPEN');
      if (raffle.closingDate && raffle.closingDate.getTime() <= Date.now()) {
        throw new ConflictError(raffleMessages.closed, 'RAFFLE_CLOSED');
      }
      const outOfRange = input.numbers.filter((n) => n >= raffle.totalNumbers);
      if (outOfRange.length > 0) {
        throw new UnprocessableError(reservationMessages.outOfRange, 'NUMBERS_OUT_OF_RANGE', {
          numbers: outOfRange,
        });
      }
      const rows = await ticketsRepo.reserve(tx, raffleId, input.numbers, {
        buyerName: input.buyer.name.trim().toLowerCase(),
        buyerPhone: input.buyer.phone,
        buyerAddress: input.buyer.address,
        buyerCedula: input.buyer.cedula,
        buyerEmail: input.buyer.email ?? null,
        paymentMethod: input.payment_method,
        paymentProof: input.payment_proof ?? null,
        priceCents: raffle.priceCents,
        reservationHours: raffle.reservationHours,
      });
      if (rows.length < input.numbers.length) {
        // All or nothing: throwing rolls back the numbers this buyer did get.
        const got = new Set(rows.map((r) => r.number));
        const taken = input.numbers.filter((n) => !got.has(n)).sort((a, b) => a - b);
        const labels = taken.map((n) => padTicketNumber(n, raffle.digitCount));
        throw new ConflictError(reservationMessages.unavailable(labels), 'TICKETS_UNAVAILABLE', {
          numbers: taken,
        });
      }
      await recordChanges(tx, rows, describeChanges(rows, 'disponible', 'Reserva en línea'));
      if (proof && input.payment_proof && deps.recordProofPayments) {
        await deps.recordProofPayments(tx, {
          tickets: rows.map((r) => ({ id: r.id, buyerCedula: r.buyerCedula })),
          amountCentsEach: firstPaymentCents(raffle),
          paymentMethod: input.payment_method,
          fileUrl: input.payment_proof,
          sha256: proof.sha256,
        });
      }
      return rows.sort((a, b) => a.number - b.number).map(toBuyerTicket);
    });
  }

  return {
    async generate(tx: Tx, raffleId: string, totalNumbers: number, digitCount: number) {
      await ticketsRepo.generate(tx, raffleId, 0, totalNumbers, digitCount);
    },
    analyze: () => ticketsRepo.analyze(db),

    /** Grows or shrinks a raffle whose tickets are all still available; renumbers on a digit change. */
    async resize(tx: Tx, raffle: RaffleRow, next: { totalNumbers: number; digitCount: number }) {
      if (next.totalNumbers !== raffle.totalNumbers) {
        if ((await ticketsRepo.countNotAvailable(tx, raffle.id)) > 0) {
          throw new ConflictError(raffleMessages.totalLocked, 'TOTAL_NUMBERS_LOCKED');
        }
        if (next.totalNumbers < raffle.totalNumbers)
          await ticketsRepo.deleteFrom(tx, raffle.id, next.totalNumbers);
        else
          await ticketsRepo.generate(tx, raffle.id, raffle.totalNumbers, next.totalNumbers, next.digitCount);
      }
      if (next.digitCount !== raffle.digitCount) await ticketsRepo.renumber(tx, raffle.id, next.digitCount);
    },

    async statsFor(raffleIds: string[]): Promise<Map<string, RaffleStats>> {
      const stats = new Map(raffleIds.map((id) => [id, emptyStats()]));
      for (const row of await ticketsRepo.stats(db, raffleIds)) {
        const s = stats.get(row.raffle_id);
        if (s) addToStats(s, row.status, row.n, row.paid, row.remaining);
      }
      return stats;
    },

    async board(raffle: RaffleRow) {
      const { statuses, version } = await ticketsRepo.board(db, raffle.id);
      const etag = `"${createHash('sha1').update(statuses).digest('base64url')}"`;
      return {
        etag,
        board: {
          raffle_id: raffle.id,
          total_numbers: raffle.totalNumbers,
          digit_count: raffle.digitCount,
          version,
          statuses,
        },
      };
    },

    async reserve(raffleId: string, input: Reservation) {
      const proof =
        input.payment_proof && deps.resolvePaymentProof
          ? await deps.resolvePaymentProof(input.payment_proof)
          : null;
      if (input.payment_proof && deps.resolvePaymentProof && !proof) {
        throw new UnprocessableError(reservationMessages.invalidProof, 'INVALID_PAYMENT_PROOF');
      }
      for (let attempt = 1; ; attempt++) {
        try {
          return await reserveOnce(raffleId, input, proof);
        } catch (error) {
          // Two multi-number buyers can lock rows in opposite orders; PostgreSQL aborts one: retry it.
          if (!isDeadlock(error) || attempt >= 3) throw error;
        }
      }
    },

    soldTickets: (tx: Executor, raffleId: string) => ticketsRepo.soldTickets(tx, raffleId),
    findByNumber: (raffleId: string, number: number) => ticketsRepo.findByNumber(db, raffleId, number),
    countNotAvailable: (tx: Executor, raffleId: string) => ticketsRepo.countNotAvailable(tx, raffleId),

    async luckyPick(raffle: RaffleRow, count: number, exclude: number[]) {
      return ticketsRepo.randomAvailable(db, raffle.id, count, exclude);
    },

    /** Reservations past reserved_until with nothing paid go back on sale (one batch of `limit`). */
    async releaseExpired(limit = 500): Promise<number> {
      return db.transaction(async (tx) => {
        // One instance at a time does the sweep (the others skip this round).
        if (!(await ticketsRepo.tryJobLock(tx, EXPIRY_JOB_LOCK))) return 0;
        const reviewHours = deps.paymentReviewHours ?? DEFAULT_PAYMENT_REVIEW_HOURS;
        const rows = await ticketsRepo.releaseExpired(tx, limit, reviewHours);
        await recordChanges(tx, rows, describeChanges(rows, 'apartado', 'Reserva vencida: número liberado'));
        return rows.length;
      });
    },

    channel: TICKET_CHANGES_CHANNEL,
  };
}
