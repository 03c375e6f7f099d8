import type { Raffle } from '@domain/raffles';
import { describe, expect, it } from 'vitest';
import { sortFinished } from './finished-raffles-section';

const raffle = (id: string, created_at: string, drawn_at: string | null = null) =>
  ({ id, created_at, drawn_at }) as Raffle;

describe('sortFinished', () => {
  it('lists drawn raffles first by draw date, then pending ones, newest first', () => {
    const closed = [raffle('c-old', '2026-01-01T00:00:00Z'), raffle('c-new', '2026-03-01T00:00:00Z')];
    const drawn = [
      raffle('d-early', '2026-02-01T00:00:00Z', '2026-02-10T00:00:00Z'),
      raffle('d-late', '2025-01-01T00:00:00Z', '2026-04-10T00:00:00Z'),
    ];
    expect(sortFinished(closed, drawn).map((r) => r.id)).toEqual(['d-late', 'd-early', 'c-new', 'c-old']);
  });
});
