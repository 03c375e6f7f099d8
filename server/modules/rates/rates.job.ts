import type { FastifyBaseLogger } from 'fastify';
import type { RatesService } from './rates.service';

const SIX_HOURS = 6 * 3600 * 1000;

/**
 * Pulls the rates feed soon after start and then every 6 h. Several instances may run it: the
 * service's advisory lock and freshness check make one of them do the work. Timers are unref'd so
 * they never keep a process (or a test run) alive. No-op without RATES_URL.
 */
export function startRatesRefreshJob(
  rates: RatesService,
  log: FastifyBaseLogger,
  options: { everyMs?: number; firstRunMs?: number } = {},
): () => void {
  if (!rates.remoteConfigured) return () => {};
  const everyMs = options.everyMs ?? SIX_HOURS;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const outcome = await rates.refreshIfDue(everyMs / 2, log);
      if (outcome === 'refreshed') log.info('exchange rates refreshed');
    } catch (error) {
      log.error({ err: error }, 'exchange rates job failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, options.firstRunMs ?? 10_000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
