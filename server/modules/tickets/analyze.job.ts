import type { FastifyBaseLogger } from 'fastify';
import type { TicketsService } from './tickets.service';

/**
 * PGlite has no autovacuum, so its planner statistics only move when we ask: without fresh ones a
 * reservation can take a slow plan (14 ms instead of 0.3 ms). PostgreSQL analyzes by itself.
 */
export function startPgliteAnalyzeJob(
  tickets: TicketsService,
  log: FastifyBaseLogger,
  everyMs = 10 * 60_000,
) {
  const timer = setInterval(async () => {
    try {
      await tickets.analyze();
    } catch (error) {
      log.error({ err: error }, 'periodic ANALYZE failed');
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
