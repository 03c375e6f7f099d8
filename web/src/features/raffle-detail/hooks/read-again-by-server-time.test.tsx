// @vitest-environment jsdom
import type { PublicRaffle } from '@domain/raffles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prizeViewFixture } from '@/test/prize-view';
import { publicRaffle } from '@/test/public-raffle';
import { answerFromServer } from '@/test/server-answer';
import { useReadAgainAfterClose } from './use-read-again-after-close';
import { useReadAgainAfterDraw } from './use-read-again-after-draw';

// The server's time when each test starts (half a second in: the Date header then gives it exactly).
const SERVER = Date.parse('2026-11-21T23:00:00.500Z');
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const at = (ms: number) => new Date(SERVER + ms).toISOString();

let queryClient: QueryClient;
let reads: number;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
/** The phone's clock `phoneOff` ms off the server's, as the page's first answer told it. */
function phone(phoneOff: number) {
  vi.useFakeTimers({ now: SERVER + phoneOff });
  answerFromServer(phoneOff);
}

beforeEach(() => {
  queryClient = new QueryClient();
  reads = 0;
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async () => {
    reads += 1;
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the raffle page reads the raffle again by the server’s clock', () => {
  // On sale, closing in 30 s by the server's clock.
  const open: PublicRaffle = { ...publicRaffle, closing_date: at(30 * SECOND) };
  const readAgainAfterClose = () => renderHook(() => useReadAgainAfterClose(open.id, open), { wrapper });

  it('3 s after the closing date on a phone 5 minutes behind, not 5 minutes later', () => {
    phone(-5 * MINUTE);
    readAgainAfterClose();
    wait(32 * SECOND);
    expect(reads).toBe(0);
    wait(2 * SECOND);
    expect(reads).toBe(1);
  });

  it('not before the closing date on a phone 5 minutes ahead', () => {
    phone(5 * MINUTE);
    readAgainAfterClose();
    wait(32 * SECOND);
    expect(reads).toBe(0);
    wait(2 * SECOND);
    expect(reads).toBe(1);
  });

  it('5 s after a draw’s time on a phone 5 minutes ahead, not at once', () => {
    // Closed; its lottery is drawn in a minute by the server's clock.
    const closed: PublicRaffle = {
      ...publicRaffle,
      status: 'cerrada',
      closing_date: at(-60 * MINUTE),
      draw_at: at(MINUTE),
      prizes: [
        prizeViewFixture(1, { source: { ...prizeViewFixture(1).source, draw_at: at(MINUTE), rule: null } }),
      ],
    };
    phone(5 * MINUTE);
    renderHook(() => useReadAgainAfterDraw(closed), { wrapper });
    wait(64 * SECOND);
    expect(reads).toBe(0);
    wait(2 * SECOND);
    expect(reads).toBe(1);
  });
});
