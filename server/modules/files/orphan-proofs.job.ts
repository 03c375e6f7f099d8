import type { FastifyBaseLogger } from 'fastify';
import type { FilesService } from './files.service';

const EVERY_MS = 10 * 60_000;

/**
 * Every ten minutes, payment proofs uploaded more than an hour ago and never sent with a reservation or a
 * payment are deleted (row and bytes): a buyer who gave up leaves no bank data behind. Several
 * instances may run it; the service's advisory lock lets one of them do the work.
 */
export function startOrphanProofsJob(
  files: FilesService,
  log: FastifyBaseLogger,
  options: { everyMs?: number; firstRunMs?: number } = {},
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const outcome = await files.deleteOrphanProofs();
      if (outcome !== 'busy' && outcome.deleted + outcome.left_in_storage > 0) {
        const level = outcome.left_in_storage > 0 ? 'warn' : 'info';
        log[level](outcome, 'orphan payment proofs deleted');
      }
    } catch (error) {
      log.error({ err: error }, 'orphan payment proofs cleanup failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, options.firstRunMs ?? 60_000);
  const timer = setInterval(run, options.everyMs ?? EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
