import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { jobRunsRepo } from '../../lib/job-runs';
import { repeat } from '../../lib/repeat';
import type { RaffleDrawService } from './raffle-draw.service';

/**
 * A raffle closes itself at its closing date (issue 19): every `everyMs` (RAFFLE_CLOSE_SWEEP_SECONDS)
 * the raffles past it are closed, each in its own transaction; the database already refuses any
 * change to their sold list from the closing date on, so the list closed is the list at that date.
 * Instances race safely: each raffle is taken with SKIP LOCKED and closes once.
 */
export function startRaffleCloseJob(
  deps: { draws: RaffleDrawService; db: Db; log: FastifyBaseLogger },
  everyMs = 20_000,
) {
  return repeat(
    async () => {
      const closed = await deps.draws.closeDue();
      if (closed.length > 0) deps.log.info({ closed }, 'raffles closed at their closing date');
      await jobRunsRepo.record(deps.db, 'raffle-close', {
        closed: closed.length,
        every_s: Math.round(everyMs / 1000),
      });
    },
    { everyMs, onError: (error) => deps.log.error({ err: error }, 'raffle close sweep failed') },
  );
}
