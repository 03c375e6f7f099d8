import type { Board, TicketEvent } from '@domain/reservations';
import { isTicketStatus, statusFromBoardCode, type TicketStatus } from '@domain/tickets';

export type CellStatus = TicketStatus | 'otros';
type LiveTicket = { status: CellStatus; version: number };

/**
 * One raffle's board: the server snapshot (one character per number) plus the live changes
 * that arrived after it. Keeping the changes apart avoids copying a 100,000-character string on
 * every event; a fresh snapshot folds them in.
 */
export type BoardState = {
  total: number;
  digitCount: number;
  statuses: string;
  version: number;
  live: Record<number, LiveTicket>;
  available: number;
};

export const statusOf = (board: BoardState, number: number): CellStatus =>
  board.live[number]?.status ?? statusFromBoardCode(board.statuses[number] ?? '');

function countAvailable(statuses: string): number {
  let count = 0;
  for (let i = 0; i < statuses.length; i++) if (statuses.charCodeAt(i) === 100 /* d */) count++;
  return count;
}

/** A new snapshot; live changes newer than it survive (they may have raced the request). */
export function boardFromSnapshot(board: Board, previous?: BoardState): BoardState {
  const next: BoardState = {
    total: board.total_numbers,
    digitCount: board.digit_count,
    statuses: board.statuses,
    version: board.version,
    live: {},
    available: countAvailable(board.statuses),
  };
  for (const [key, ticket] of Object.entries(previous?.live ?? {})) {
    if (ticket.version > board.version) applyToBoard(next, { number: Number(key), ...ticket });
  }
  return next;
}

/**
 * Applies one event in place on a board the caller owns (a fresh copy). Returns the status the
 * number had, or null when the event is older than what we hold for that number or out of range.
 */
function applyToBoard(board: BoardState, event: TicketEvent): CellStatus | null {
  const { number, version } = event;
  if (!Number.isInteger(number) || number < 0 || number >= board.total) return null;
  const held = board.live[number]?.version ?? 0;
  if (version <= held) return null;
  const previous = statusOf(board, number);
  const status: CellStatus = isTicketStatus(event.status) ? event.status : 'otros';
  board.live[number] = { status, version };
  if (previous === 'disponible' && status !== 'disponible') board.available--;
  if (previous !== 'disponible' && status === 'disponible') board.available++;
  return previous;
}

/** Immutable variant for the store: a new board, or the same one when nothing changed. */
export function withEvent(board: BoardState, event: TicketEvent): { board: BoardState; changed: boolean } {
  const copy = { ...board, live: { ...board.live } };
  const previous = applyToBoard(copy, event);
  return previous === null ? { board, changed: false } : { board: copy, changed: true };
}
