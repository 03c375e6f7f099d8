// @vitest-environment jsdom
import type { PrizeView } from '@domain/prizes';
import type { PublicRaffle } from '@domain/raffles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { raffleKeys } from '@/api/raffles';
import { prizeViewFixture } from '@/test/prize-view';
import { publicRaffle } from '@/test/public-raffle';
import { pendingDrawTimes, useReadAgainAfterDraw } from './use-read-again-after-draw';

const NOW = Date.parse('2026-11-21T23:00:00.000Z');
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const at = (ms: number) => new Date(NOW + ms).toISOString();

// A lottery prize with no draw time of its own unless a test gives it one.
const prize = (position: number, changes: Partial<PrizeView> = {}): PrizeView =>
  prizeViewFixture(position, {
    source: { ...prizeViewFixture(position).source, draw_at: null, rule: null },
    ...changes,
  });
const drawn = (p: PrizeView): PrizeView => ({
  ...p,
  result: '347',
  winning_number: 47,
  drawn_at: at(2 * MINUTE),
});

// Closed a while ago; its lottery is drawn in a minute.
const closed: PublicRaffle = {
  ...publicRaffle,
  status: 'cerrada',
  closing_date: at(-60 * MINUTE),
  draw_at: at(MINUTE),
  prizes: [prize(1, { source: { ...prize(1).source, draw_at: at(MINUTE) } })],
};

let queryClient: QueryClient;
/** Reads of the raffle, and of its draw answer (the masked winner). */
let reads: number;
let drawReads: number;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
function render(raffle: PublicRaffle) {
  return renderHook((r: PublicRaffle) => useReadAgainAfterDraw(r), { wrapper, initialProps: raffle });
}
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  queryClient = new QueryClient();
  reads = 0;
  drawReads = 0;
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
    const key = JSON.stringify(filters?.queryKey);
    if (key === JSON.stringify(raffleKeys.publicDetail(closed.id))) reads += 1;
    if (key === JSON.stringify(raffleKeys.draw(closed.id))) drawReads += 1;
  });
});
afterEach(() => vi.useRealTimers());

describe('a closed raffle page reads the raffle again after its draw, for a while', () => {
  it('a few seconds after the draw time, then every 15 s, and for 15 minutes at most', () => {
    render(closed);
    wait(MINUTE + 4 * SECOND);
    expect(reads).toBe(0);
    wait(SECOND);
    expect(reads).toBe(1);
    wait(15 * SECOND);
    expect(reads).toBe(2);
    wait(14 * MINUTE);
    expect(reads).toBe(58);
    // Reads at 5 s, 20 s, … up to 15 minutes after the draw time (890 s): 60 of them, then none.
    wait(60 * MINUTE);
    expect(reads).toBe(60);
  });

  it('stops once the raffle is finalizada', () => {
    const view = render(closed);
    wait(MINUTE + 20 * SECOND);
    expect(reads).toBe(2);
    expect(drawReads).toBe(0);
    view.rerender({ ...closed, status: 'finalizada', winning_number: 47, prizes: closed.prizes.map(drawn) });
    wait(10 * MINUTE);
    expect(reads).toBe(2);
    // The draw answer read when the raffle closed says nobody won yet: read again, once.
    expect(drawReads).toBe(1);
  });

  it('stops once every prize has a result, and waits for the next prize’s own time', () => {
    const second = prize(2, { source: { ...prize(2).source, draw_at: at(60 * MINUTE) } });
    const view = render({ ...closed, prizes: [...closed.prizes, second] });
    wait(MINUTE + 5 * SECOND);
    expect(reads).toBe(1);
    // The 1.er premio is drawn: no read until the 2.º premio's time.
    const firstDrawn = { ...closed, prizes: [drawn(closed.prizes[0] as PrizeView), second] };
    view.rerender(firstDrawn);
    wait(58 * MINUTE);
    expect(reads).toBe(1);
    wait(MINUTE + 5 * SECOND);
    expect(reads).toBe(2);
    view.rerender({ ...firstDrawn, prizes: firstDrawn.prizes.map(drawn) });
    wait(20 * MINUTE);
    expect(reads).toBe(2);
  });

  it('never polls a raffle with no draw time, a draw long past, or a far one', () => {
    for (const raffle of [
      { ...closed, draw_at: null, prizes: [prize(1)] },
      { ...closed, draw_at: null, prizes: [] },
      { ...closed, draw_at: at(-2 * 60 * MINUTE), prizes: [] },
    ]) {
      const view = render(raffle);
      wait(24 * 60 * MINUTE);
      expect(reads).toBe(0);
      view.unmount();
    }
    render({ ...closed, draw_at: at(7 * 24 * 60 * MINUTE), prizes: [] });
    wait(24 * 60 * MINUTE);
    expect(reads).toBe(0);
  });

  it('opened during the 15 minutes: the next read a round later', () => {
    render({ ...closed, draw_at: at(-5 * MINUTE), prizes: [] });
    wait(14 * SECOND);
    expect(reads).toBe(0);
    wait(SECOND);
    expect(reads).toBe(1);
    wait(20 * MINUTE);
    expect(reads).toBe(40);
  });
});

describe('pendingDrawTimes', () => {
  it('each prize without a result at its own time (a pre-sorteo at its date), else the raffle’s', () => {
    const raffle = {
      ...closed,
      prizes: [
        prize(1),
        prize(2, { source: { ...prize(2).source, draw_at: at(3 * MINUTE) } }),
        prize(3, { pre_draw_at: at(-MINUTE) }),
        // A drand prize: its round's time, fixed at the close.
        prize(5, {
          source: {
            ...prize(5).source,
            kind: 'drand',
            beacon: { round: 1, randomness: null, signature: null, chain_hash: 'ab', time: at(4 * MINUTE) },
          },
        }),
        drawn(prize(4, { source: { ...prize(4).source, draw_at: at(2 * MINUTE) } })),
      ],
    };
    expect(pendingDrawTimes(raffle)).toEqual([
      NOW - MINUTE,
      NOW + MINUTE,
      NOW + 3 * MINUTE,
      NOW + 4 * MINUTE,
    ]);
    expect(pendingDrawTimes({ ...closed, prizes: [], winning_number: 7 })).toEqual([]);
  });
});
