import type { FastifyBaseLogger } from 'fastify';
import type { DrawSealService, SealPass } from './draw-seal.service';

/**
 * Every `everyMs` (SEAL_RETRY_SECONDS) the raffles whose seal is still 'pendiente' are asked for
 * again (each with its own backoff, draw-seal.service.ts); the first pass runs at start, so what
 * closed while the authority or this server was down is sealed as soon as both are up. No-op
 * without TSA_URL. `kick()` asks now for every pending seal, whatever its backoff, and answers
 * the pass's outcome.
 */
export function startSealJob(options: {
  seals: Pick<DrawSealService, 'enabled' | 'sealPending'>;
  log: FastifyBaseLogger;
  everyMs?: number;
}): { stop: () => void; kick: () => Promise<SealPass> } {
  const { seals, log } = options;
  const everyMs = options.everyMs ?? 60_000;
  const kick = () => seals.sealPending({ now: true });
  if (!seals.enabled) return { stop: () => {}, kick };
  const tick = () => {
    seals.sealPending().catch((error) => log.error({ err: error }, 'draw seal job failed'));
  };
  const first = setTimeout(tick, 0);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
    kick,
  };
}
