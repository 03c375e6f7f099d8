/**
 * What PostgreSQL's planner counts for starting a query's parallel workers (parallel_setup_cost),
 * set on each of the app's connections (config PG_PARALLEL_SETUP_COST); PostgreSQL's default is
 * 1,000. On the 2-core machines we run on, starting the workers took longer than scanning 100,000
 * sales alone: the buyers screen's totals took 73-76 ms with 2 workers and 22-29 ms without. At
 * 10,000 a scan that size runs alone, and one of 1,000,000 still gets its workers (300-350 ms,
 * against ~455 ms alone). Decision 069.
 */
export const DEFAULT_PARALLEL_SETUP_COST = 10_000;
