import type { FastifyBaseLogger } from 'fastify';
import { repeat } from '../../lib/repeat';
import type { FetchRound } from '../draw-beacon/beacon.remote';
import type { RaffleDrawService } from './raffle-draw.service';

/**
 * Several prizes (decision 042): every `everyMs` the pre-sorteos whose date passed get their list
 * of fully paid numbers sealed (each raffle taken FOR UPDATE SKIP LOCKED, so several instances
 * seal it once), then the drand prizes get their round fixed when their turn comes and are drawn
 * when it is out. A raffle that fails is logged and retried on the next pass; the others go on.
 */
export function startPrizeDrawJob(
  deps: { draws: RaffleDrawService; log: FastifyBaseLogger; fetchRound: FetchRound },
  everyMs = 20_000,
) {
  return repeat(
    async () => {
      const failed = (raffleId: string, error: unknown) =>
        deps.log.error({ err: error, raffleId }, 'prize draw job failed for one raffle; the others went on');
      const sealed = await deps.draws.sealDuePreDraws(failed);
      if (sealed.length > 0) deps.log.info({ sealed }, 'pre-sorteo lists sealed at their date');
      const drawn = await deps.draws.drawDueBeaconPrizes(deps.fetchRound, failed);
      if (drawn.length > 0) deps.log.info({ drawn }, 'prizes drawn from drand');
    },
    { everyMs, onError: (error) => deps.log.error({ err: error }, 'prize draw job failed') },
  );
}
