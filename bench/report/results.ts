// What bench/run.ts hands to the report: each database's sections, the sizes they ran with, the
// machine, and the Lighthouse hook's outcome.
import type { BoardResult, BoardSizes } from '../board';
import type { CreationResult, CreationSizes } from '../creation';
import type { DbKind } from '../harness';
import type { LiveResult, LiveSizes } from '../live';
import type { ReservationResult, ReservationSizes } from '../reservations';

/** `undefined`: the section did not run. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string } | undefined;

export type DbResults = {
  label: string;
  /** Why this database was not measured at all (e.g. PostgreSQL not reachable). */
  skipped?: string;
  version?: string;
  reservations?: Outcome<ReservationResult>;
  creation?: Outcome<CreationResult>;
  board?: Outcome<BoardResult>;
  live?: Outcome<LiveResult>;
};

/** The sections measured on each database (Lighthouse is measured once, outside them). */
export type DbSection = 'reservations' | 'creation' | 'board' | 'live';

export type LighthouseOutcome =
  | { status: 'absent' }
  | { status: 'failed'; error: string }
  | { status: 'done'; rows: Record<string, unknown>[] };

export type Report = {
  date: Date;
  quick: boolean;
  durationMs: number;
  machine: {
    cores: number;
    model: string;
    memoryGiB: number;
    node: string;
    os: string;
    /** 1-minute load average when the run started and ended. */
    load: [number, number];
  };
  commit: string;
  dirty: boolean;
  dbs: Record<DbKind, DbResults>;
  sizes: { reservations: ReservationSizes; creation: CreationSizes; board: BoardSizes; live: LiveSizes };
  lighthouse: LighthouseOutcome;
};

/** The databases in the order of the tables' columns. */
export const KINDS: DbKind[] = ['pglite', 'postgres'];
