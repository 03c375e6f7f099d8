import type { Db } from '../../db/client';
import { hasSqlState, SQLSTATE } from '../../lib/errors';
import { type ReservationOutcome, reservationsRepo, type SaleRequest } from './reservations.repo';

/**
 * Statements of reservations running at once; the rest of the pool stays free for other requests.
 * One: whoever arrives while it runs goes in the next, so under a rush batches are about twice as
 * big as with two, and commits, round trips and wake-ups per sale half as many (decision 031).
 */
export const DEFAULT_BATCHES_IN_FLIGHT = 1;
/** Requests per statement. */
export const MAX_REQUESTS_PER_BATCH = 50;

type Waiting = {
  request: SaleRequest;
  /** Written in a statement of its own (a request tried again: no other request's numbers in its way). */
  alone?: boolean;
  resolve: (outcome: ReservationOutcome) => void;
  reject: (error: unknown) => void;
};

/**
 * Reservations that arrive while others are being written go to the database together, in one
 * statement and one commit (`reservationsRepo.reserveMany`, decision 016): under a rush a commit, a
 * round trip and a socket write are shared by many buyers instead of paid by each. Nothing waits
 * for a batch to fill: with fewer statements running than `inFlight` a request goes at once, alone.
 *
 * Each request still sells all its numbers or none. A batch undone by a deadlock is run again
 * request by request (the same statement with one request), whose errors reach their own caller only.
 * A request asked `alone` (tried again after a refusal nobody's sale explains) waits its turn like
 * the others but goes in a statement of its own.
 */
export function createReservationBatcher(deps: { db: Db; inFlight?: number; maxBatch?: number }) {
  const inFlight = Math.max(1, deps.inFlight ?? DEFAULT_BATCHES_IN_FLIGHT);
  const maxBatch = Math.max(1, deps.maxBatch ?? MAX_REQUESTS_PER_BATCH);
  const queue: Waiting[] = [];
  let running = 0;

  /** The next statement's requests: those waiting in order, up to one that must go alone. */
  function nextBatch(): Waiting[] {
    if (queue[0]?.alone) return queue.splice(0, 1);
    let n = 0;
    while (n < queue.length && n < maxBatch && !queue[n]?.alone) n++;
    return queue.splice(0, n);
  }

  function pump() {
    while (running < inFlight && queue.length > 0) {
      const batch = nextBatch();
      running++;
      void write(batch).finally(() => {
        running--;
        pump();
      });
    }
  }

  async function write(batch: Waiting[]) {
    let outcomes: ReservationOutcome[];
    try {
      outcomes = await reservationsRepo.reserveMany(
        deps.db,
        batch.map((w) => w.request),
      );
    } catch (error) {
      // A deadlock (with a staff change, say: batches take numbers in one order) undid this statement:
      // each request goes again alone. Any other failure is every caller's, as it would be alone
      // (a lost connection may have committed: a retry would answer a buyer 409 for their own sale).
      if (hasSqlState(error, SQLSTATE.deadlock)) await Promise.all(batch.map((w) => alone(w)));
      else for (const w of batch) w.reject(error);
      return;
    }
    for (const [i, w] of batch.entries()) w.resolve(outcomes[i] ?? { sales: [] });
  }

  async function alone({ request, resolve, reject }: Waiting) {
    try {
      const [outcome] = await reservationsRepo.reserveMany(deps.db, [request]);
      resolve(outcome ?? { sales: [] });
    } catch (error) {
      reject(error);
    }
  }

  return {
    /** The sales made for this request (all its numbers), or why it made none. */
    reserve(request: SaleRequest, options: { alone?: boolean } = {}): Promise<ReservationOutcome> {
      return new Promise((resolve, reject) => {
        queue.push({ request, alone: options.alone, resolve, reject });
        pump();
      });
    },
  };
}

export type ReservationBatcher = ReturnType<typeof createReservationBatcher>;
