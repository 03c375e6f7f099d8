// The counts each section of `npm run bench` runs with: a full run, or `BENCH_QUICK=1`'s smoke run.
import type { BoardSizes } from './board';
import type { Board1mSizes } from './board1m';
import type { CloseSizes } from './close';
import type { CreationSizes } from './creation';
import type { LiveSizes } from './live';
import type { Live10kSizes } from './live10k';
import type { PageSizes } from './page';
import type { ReconcileSizes } from './reconcile';
import type { ReservationSizes } from './reservations';
import type { StaffSizes } from './staff';

export const QUICK = process.env.BENCH_QUICK === '1';

export const board1mSizes: Board1mSizes = {
  total: 1_000_000,
  sold: 500_000,
  driveMs: QUICK ? 4_000 : 10_000,
  sellers: 4,
  sellerPauseMs: 20,
  readers: 20,
};

export const closeSizes: CloseSizes = QUICK
  ? { sold: 20_000, downloads: 20, closes: 1 }
  : { sold: 100_000, downloads: 100, closes: 3 };

export const live10kSizes: Live10kSizes = QUICK
  ? { streams: 2_000, perSecond: 200, seconds: 8, phaseMs: 3_000, buyers: 50, sampleEvery: 10 }
  : { streams: 10_000, perSecond: 200, seconds: 20, phaseMs: 5_000, buyers: 50, sampleEvery: 10 };

export const sizes: {
  reservations: ReservationSizes;
  creation: CreationSizes;
  board: BoardSizes;
  live: LiveSizes;
  reconcile: ReconcileSizes;
  staff: StaffSizes;
  page: PageSizes;
} = QUICK
  ? {
      reservations: {
        reps: 3,
        concurrency: 50,
        perRep: 400,
        batchedRows: 1_200,
        rowsPerTransaction: 50,
        batchedConcurrency: 4,
        warmup: 100,
        contendedNumbers: 100,
        contenders: 3,
        crowd: 300,
        crowdReps: 1,
        phaseTimeLimitMs: 10_000,
        budgetMs: 60_000,
      },
      creation: { reps: 3, total: 1_000_000, batch: 50, oldTimeLimitMs: 2_000 },
      board: {
        reps: 3,
        total: 100_000,
        sold: 2_000,
        boardGetsPerRep: 3,
        pageSize: 1000,
        loopClients: 30,
        loopMs: 3_000,
        loopSaleEveryMs: 200,
      },
      live: { reps: 3, streams: 500, reservationsPerRep: 3, gapMs: 100 },
      reconcile: { rows: 5_000, payments: 1_000, loadBuyers: 4, baselineMs: 3_000 },
      staff: {
        total: 1_000_000,
        sold: 100_000,
        searches: 5,
        buyersPages: 3,
        loadBuyers: 4,
        baselineMs: 2_000,
        soldLarge: 300_000,
        searchesLarge: 3,
      },
      page: {
        total: 200_000,
        sold: 100_000,
        phaseMs: 3_000,
        reps: 1,
        pagePerSecond: 200,
        reservationBuyers: 50,
        herdPages: 2_000,
      },
    }
  : {
      reservations: {
        reps: 3,
        concurrency: 50,
        // A rush is sustained: phases of a few seconds each (2,000 inserts took the ceiling 0.3 s,
        // where start-up and the tail of the last 50 requests weighed on the rate).
        perRep: 6_000,
        batchedRows: 18_000,
        rowsPerTransaction: 50,
        batchedConcurrency: 4,
        // A running server's steady state: JIT, its pool's prepared statements and its analyze job
        // (after a warm-up of 1,000 its CPU per reservation still fell from 0.26 to 0.15 ms over 3 phases).
        warmup: 6_000,
        contendedNumbers: 300,
        contenders: 3,
        crowd: 300,
        crowdReps: 3,
        phaseTimeLimitMs: 20_000,
        // Both databases within 5 min even at a load average of 20 on this 2-core machine (150 s: 5.3 min).
        budgetMs: 100_000,
      },
      creation: { reps: 3, total: 1_000_000, batch: 50, oldTimeLimitMs: 15_000 },
      board: {
        reps: 3,
        total: 100_000,
        sold: 5_000,
        boardGetsPerRep: 5,
        pageSize: 1000,
        loopClients: 30,
        loopMs: 10_000,
        loopSaleEveryMs: 200,
      },
      live: { reps: 3, streams: 500, reservationsPerRep: 10, gapMs: 100 },
      reconcile: { rows: 5_000, payments: 1_000, loadBuyers: 4, baselineMs: 5_000 },
      staff: {
        total: 1_000_000,
        sold: 100_000,
        searches: 20,
        buyersPages: 10,
        loadBuyers: 4,
        baselineMs: 5_000,
        soldLarge: 1_000_000,
        searchesLarge: 10,
      },
      page: {
        total: 200_000,
        sold: 100_000,
        phaseMs: 8_000,
        reps: 3,
        pagePerSecond: 200,
        reservationBuyers: 50,
        herdPages: 10_000,
      },
    };
