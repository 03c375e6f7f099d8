// @vitest-environment jsdom
import type { PublicRaffle } from '@domain/raffles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicRaffle } from '@/test/public-raffle';
import { useReadAgainAfterClose } from './use-read-again-after-close';

const NOW = Date.parse('2026-11-21T23:00:00.000Z');
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
// On sale, closing in 30 s.
const open: PublicRaffle = { ...publicRaffle, closing_date: new Date(NOW + 30 * SECOND).toISOString() };

let queryClient: QueryClient;
let reads: number;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
const render = (raffle: PublicRaffle) =>
  renderHook((r: PublicRaffle) => useReadAgainAfterClose(r.id, r), { wrapper, initialProps: raffle });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  queryClient = new QueryClient();
  reads = 0;
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async () => {
    reads += 1;
  });
});
afterEach(() => vi.useRealTimers());

describe('an open raffle page reads the raffle again after its closing date', () => {
  it('3 s after it, then every 10 s, until it is closed', () => {
    const view = render(open);
    wait(32 * SECOND);
    expect(reads).toBe(0);
    wait(SECOND);
    expect(reads).toBe(1);
    wait(10 * SECOND);
    expect(reads).toBe(2);
    view.rerender({ ...open, status: 'cerrada' });
    wait(10 * MINUTE);
    expect(reads).toBe(2);
  });

  it('for 10 minutes at most, when the close job is down', () => {
    render(open);
    wait(60 * MINUTE);
    // 3 s, 13 s, … 593 s after the closing date: 60 reads, then none.
    expect(reads).toBe(60);
  });
});
