import type { FastifyBaseLogger } from 'fastify';
import type { TicketsService } from './tickets.service';

type Analyzed = Pick<TicketsService, 'analyze' | 'salesSinceAnalyze' | 'autovacuumOn'>;

/** Checked this often, so the first rush on stale statistics is analyzed within a second. */
const CHECK_MS = 1_000;
/**
 * But a rush analyzes at most this often: on PGlite an ANALYZE holds the one connection that every
 * reservation waits for, and a rush of 2,000 sales/s would otherwise run one every second or two.
 */
const MIN_GAP_MS = 5_000;

/**
 * PGlite has no autovacuum, so its planner statistics only move when we ask: without fresh ones a
 * reservation can take a slow plan (14 ms instead of 0.3 ms). Like autovacuum's analyze threshold,
 * the table is analyzed again once the sales made since the last ANALYZE pass 500 + 10% of its rows
 * (a rush that sells 13,000 numbers in a minute fell from ~740 to ~190 reservations/s without it),
 * and at least every `everyMs`. PostgreSQL analyzes by itself, unless its autovacuum is off (see
 * startAnalyzeJobIfNeeded).
 */
export function startAnalyzeJob(
  tickets: Pick<TicketsService, 'analyze' | 'salesSinceAnalyze'>,
  log: FastifyBaseLogger,
  everyMs = 10 * 60_000,
) {
  let rows = 0;
  let lastRun = Date.now();
  let analyzedAt = Number.NEGATIVE_INFINITY;
  let running = false;
  async function run() {
    running = true;
    try {
      rows = Number(await tickets.analyze()) || 0;
      lastRun = analyzedAt = Date.now();
    } catch (error) {
      log.error({ err: error }, 'periodic ANALYZE failed');
    } finally {
      running = false;
    }
  }
  const timer = setInterval(
    () => {
      if (running) return;
      const stale = Date.now() - lastRun >= everyMs;
      const changed = tickets.salesSinceAnalyze() > 500 + rows * 0.1 && Date.now() - analyzedAt >= MIN_GAP_MS;
      if (stale || changed) void run();
    },
    Math.min(CHECK_MS, everyMs),
  );
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The job where nothing else analyzes: always on PGlite; on PostgreSQL only when autovacuum is off.
 * There a pooled connection keeps the plans it made on an empty table (a foreign-key check that
 * scans `tickets` whole), and reservations slow down as sales pile up: 4,300 to 1,000 per second
 * within 30,000 sales in the bench. An ANALYZE replaces those plans.
 */
export async function startAnalyzeJobIfNeeded(
  kind: 'pglite' | 'postgres',
  tickets: Analyzed,
  log: FastifyBaseLogger,
): Promise<() => void> {
  if (kind === 'postgres' && (await tickets.autovacuumOn())) return () => {};
  if (kind === 'postgres')
    log.warn('PostgreSQL autovacuum is off: this instance analyzes the sales tables itself');
  return startAnalyzeJob(tickets, log);
}
