import { describe, expect, it } from 'vitest';
import { boardFromSnapshot, statusOf, withEvent } from './board-state';

const snapshot = { raffle_id: 'r', total_numbers: 5, digit_count: 1, version: 10, statuses: 'dadbp' };

describe('live board state', () => {
  it('reads the snapshot and counts what is left', () => {
    const board = boardFromSnapshot(snapshot);
    expect([0, 1, 2, 3, 4].map((n) => statusOf(board, n))).toEqual([
      'disponible',
      'apartado',
      'disponible',
      'abonado',
      'pagado',
    ]);
    expect(board.available).toBe(2);
  });

  it('applies a newer event and keeps the count right, without touching the previous state', () => {
    const board = boardFromSnapshot(snapshot);
    const { board: next, changed } = withEvent(board, { number: 0, status: 'apartado', version: 11 });
    expect(changed).toBe(true);
    expect(statusOf(next, 0)).toBe('apartado');
    expect(next.available).toBe(1);
    expect(statusOf(board, 0)).toBe('disponible');
    const released = withEvent(next, { number: 1, status: 'disponible', version: 12 }).board;
    expect(released.available).toBe(2);
  });

  it('ignores an event older than the one held for that number, and numbers out of range', () => {
    let board = boardFromSnapshot(snapshot);
    board = withEvent(board, { number: 2, status: 'apartado', version: 20 }).board;
    const stale = withEvent(board, { number: 2, status: 'disponible', version: 19 });
    expect(stale.changed).toBe(false);
    expect(statusOf(stale.board, 2)).toBe('apartado');
    expect(withEvent(board, { number: 99, status: 'apartado', version: 30 }).changed).toBe(false);
  });

  it('a new snapshot keeps only the live changes newer than itself', () => {
    let board = boardFromSnapshot(snapshot);
    board = withEvent(board, { number: 0, status: 'apartado', version: 11 }).board;
    board = withEvent(board, { number: 2, status: 'apartado', version: 14 }).board;
    // The refetched board already contains version 11 (number 0) but not 14 (number 2).
    const refreshed = boardFromSnapshot({ ...snapshot, version: 12, statuses: 'aadbp' }, board);
    expect(statusOf(refreshed, 0)).toBe('apartado');
    expect(statusOf(refreshed, 2)).toBe('apartado');
    expect(refreshed.available).toBe(0);
    expect(Object.keys(refreshed.live)).toEqual(['2']);
  });
});
