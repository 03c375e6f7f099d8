import type { TicketEvent } from './reservations';
import { boardChar, statusFromBoardCode } from './tickets';

/**
 * When the raffle itself changed (`event: raffle`: its price, prizes, status, result), an open page
 * reads it again after a random wait of MIN + up to `spread_ms`, so thousands of open pages ask over
 * seconds, not in one instant (decision 089). The floor leaves other instances time to hear of the
 * change before a page asks them. bench/page.ts loads the server as such a crowd does.
 */
export const RAFFLE_REFRESH_MIN_MS = 300;
/** The spread a page uses when the message names none (or a senseless one). */
export const RAFFLE_REFRESH_SPREAD_MS = 3000;
/** Reads a second an instance's pages make after an edit, at most, once the spread grows past its floor. */
export const RAFFLE_REFRESH_READS_PER_SECOND = 1000;
/** The longest spread: a closed raffle or a drawn result shows on every page within ~15 s. */
export const RAFFLE_REFRESH_MAX_SPREAD_MS = 15_000;

/**
 * The spread an instance names in `event: raffle` for the pages it holds of that raffle: their reads
 * come at most RAFFLE_REFRESH_READS_PER_SECOND (a few pages: the 3 s floor; 10,000: 10 s; beyond
 * 15,000 the cap, and a little more than that rate).
 */
export const raffleRefreshSpreadMs = (openPages: number) =>
  Math.min(
    RAFFLE_REFRESH_MAX_SPREAD_MS,
    Math.max(RAFFLE_REFRESH_SPREAD_MS, Math.ceil((openPages / RAFFLE_REFRESH_READS_PER_SECOND) * 1000)),
  );

/** The `data` of `event: raffle`. */
export type RaffleFrame = { spread_ms: number };

/** The spread a page should use from an `event: raffle`'s data: the default if it names none it can use. */
export function spreadOf(data: string): number {
  try {
    const spread = (JSON.parse(data) as Partial<RaffleFrame> | null)?.spread_ms;
    return typeof spread === 'number' && spread >= 0 && spread <= RAFFLE_REFRESH_MAX_SPREAD_MS
      ? spread
      : RAFFLE_REFRESH_SPREAD_MS;
  } catch {
    return RAFFLE_REFRESH_SPREAD_MS;
  }
}

/**
 * The data of one `event: tickets` frame (`GET /api/raffles/:id/events?batch=1`): a tick's changes
 * in order as three parallel lists, the status as its board character. About 17 bytes a change
 * where `{"number","status","version"}` took 53: with 10,000 open pages every byte is written
 * 10,000 times. Never buyer data.
 */
export type TicketsFrame = { numbers: number[]; statuses: string; versions: number[] };

export function packTicketEvents(events: readonly TicketEvent[]): TicketsFrame {
  return {
    numbers: events.map((e) => e.number),
    statuses: events.map((e) => boardChar(e.status)).join(''),
    versions: events.map((e) => e.version),
  };
}

/** The changes of a frame, in order; anything malformed is left out. */
export function unpackTicketEvents(frame: unknown): TicketEvent[] {
  const { numbers, statuses, versions } = (frame ?? {}) as Partial<TicketsFrame>;
  if (!Array.isArray(numbers) || !Array.isArray(versions) || typeof statuses !== 'string') return [];
  const events: TicketEvent[] = [];
  for (let i = 0; i < numbers.length; i++) {
    const [number, version, code] = [numbers[i], versions[i], statuses[i]];
    if (typeof number !== 'number' || typeof version !== 'number' || !code) continue;
    events.push({ number, status: statusFromBoardCode(code), version });
  }
  return events;
}
