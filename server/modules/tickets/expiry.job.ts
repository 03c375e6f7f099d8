import type { FastifyBaseLogger } from 'fastify';
import type { TicketsService } from './tickets.service';

/** Every minute, reservations past their reserved_until with nothing paid go back on sale. */
export function startReservationExpiryJob(tickets: TicketsService, log: FastifyBaseLogger, everyMs = 60_000) {
  const timer = setInterval(async () => {
    try {
      const released = await tickets.releaseExpired();
      if (released > 0) log.info({ released }, 'expired reservations released');
    } catch (error) {
      log.error({ err: error }, 'reservation expiry failed');
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
