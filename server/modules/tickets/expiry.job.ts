import type { FastifyBaseLogger } from 'fastify';
import { repeat } from '../../lib/repeat';
import type { TicketsService } from './tickets.service';

const BATCH = 500;
/** A sweep stops after this many batches (250,000 tickets) and goes on at the next tick. */
const MAX_BATCHES_PER_SWEEP = 500;

/**
 * Every `everyMs` (RESERVATION_SWEEP_SECONDS), expired reservations go back on sale, batch after
 * batch; the first sweep runs at start (what expired while the server was down is freed at once).
 * Each finished sweep is recorded in job_runs, so the test bench can tell the job is alive.
 */
export function startReservationExpiryJob(tickets: TicketsService, log: FastifyBaseLogger, everyMs = 60_000) {
  return repeat(
    async () => {
      let released = 0;
      for (let batch = 0; batch < MAX_BATCHES_PER_SWEEP; batch++) {
        const n = await tickets.releaseExpired(BATCH);
        released += n;
        if (n < BATCH) break;
      }
      if (released > 0) log.info({ released }, 'expired reservations released');
      await tickets.recordExpirySweep({ released, every_s: Math.round(everyMs / 1000) });
    },
    { everyMs, onError: (error) => log.error({ err: error }, 'reservation expiry failed') },
  );
}
