import type { FastifyBaseLogger } from 'fastify';
import type { TicketsService } from './tickets.service';

const BATCH = 500;
/** A sweep stops after this many batches (250,000 tickets) and goes on at the next tick. */
const MAX_BATCHES_PER_SWEEP = 500;

/** Every `everyMs` (RESERVATION_SWEEP_SECONDS), expired reservations go back on sale, batch after batch. */
export function startReservationExpiryJob(tickets: TicketsService, log: FastifyBaseLogger, everyMs = 60_000) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return; // a long sweep must not overlap the next tick
    running = true;
    try {
      let released = 0;
      for (let batch = 0; batch < MAX_BATCHES_PER_SWEEP; batch++) {
        const n = await tickets.releaseExpired(BATCH);
        released += n;
        if (n < BATCH) break;
      }
      if (released > 0) log.info({ released }, 'expired reservations released');
    } catch (error) {
      log.error({ err: error }, 'reservation expiry failed');
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
