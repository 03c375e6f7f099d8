import type { TicketEvent } from './reservations';
import { boardChar, statusFromBoardCode } from './tickets';

/**
 * When the raffle itself changed (`event: raffle`: its price, prizes, status, result), an open page
 * reads it again after a random wait of MIN + up to SPREAD ms, so 10,000 open pages ask over
 * seconds, not in one instant (decision 089). The floor leaves other instances time to hear of the
 * change before a page asks them. bench/page.ts loads the server as such a crowd does.
 */
export const RAFFLE_REFRESH_MIN_MS = 300;
export const RAFFLE_REFRESH_SPREAD_MS = 3000;

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
