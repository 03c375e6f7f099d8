// @vitest-environment jsdom

import { RAFFLE_REFRESH_MIN_MS, RAFFLE_REFRESH_SPREAD_MS } from '@domain/live-events';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { raffleKeys } from '@/api/raffles';
import { statusOf } from '../store/board-state';
import { useRaffleStore } from '../store/raffle-store';
import { parseTicketEvents, useRaffleLive } from './use-raffle-live';

/** A browser's EventSource, driven by hand: the test plays the server. */
class FakeEventSource {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string, data: string, lastEventId = '') {
    for (const listener of this.listeners.get(name) ?? [])
      listener(new MessageEvent(name, { data, lastEventId }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const raffleId = 'rifa-1';
let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  queryClient = new QueryClient();
  useRaffleStore.getState().loadBoard(raffleId, {
    raffle_id: raffleId,
    total_numbers: 10,
    digit_count: 1,
    version: 1,
    statuses: 'dddddddddd',
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the live board reads batched changes (issue 20)', () => {
  it('asks for one `tickets` event per tick and applies every change of it, in order', () => {
    renderHook(() => useRaffleLive(raffleId), { wrapper });
    const source = FakeEventSource.opened[0];
    expect(source?.url).toBe(`/api/raffles/${raffleId}/events?batch=1`);
    act(() =>
      source?.emit(
        'tickets',
        JSON.stringify({ numbers: [3, 4, 3], statuses: 'aad', versions: [5, 6, 7] }),
        '7',
      ),
    );
    const board = useRaffleStore.getState().boards[raffleId];
    expect(board && [3, 4].map((n) => statusOf(board, n))).toEqual(['disponible', 'apartado']);
  });

  it('still applies a single `ticket` event, and reads the board again on `reset`', () => {
    renderHook(() => useRaffleLive(raffleId), { wrapper });
    const source = FakeEventSource.opened[0];
    // The board was read once already (nothing in flight): a reset reads it again.
    queryClient.setQueryData(raffleKeys.board(raffleId), {});
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    act(() => source?.emit('ticket', JSON.stringify({ number: 8, status: 'pagado', version: 9 }), '9'));
    const board = useRaffleStore.getState().boards[raffleId];
    expect(board && statusOf(board, 8)).toBe('pagado');
    act(() => source?.emit('reset', '{}'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: raffleKeys.board(raffleId) });
  });

  it('keeps only well-formed changes of a frame', () => {
    expect(parseTicketEvents('{"numbers":[1,"x",3],"statuses":"aap","versions":[2,3]}')).toEqual([
      { number: 1, status: 'apartado', version: 2 },
    ]);
    expect(parseTicketEvents('{"number":1,"status":"pagado","version":3}')).toHaveLength(1);
    expect(parseTicketEvents('not json')).toEqual([]);
  });
});

describe('a change of the raffle itself (decision 089)', () => {
  const keys = [raffleKeys.publicDetail(raffleId), raffleKeys.draw(raffleId), raffleKeys.board(raffleId)];
  /** Which of the public view, the draw and the board are marked to be read again. */
  const invalidated = () => keys.map((key) => queryClient.getQueryState(key)?.isInvalidated);
  const wait = RAFFLE_REFRESH_MIN_MS + 0.5 * RAFFLE_REFRESH_SPREAD_MS;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    for (const key of keys) queryClient.setQueryData(key, {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('reads the raffle again (not the board) once, after a random wait, however many changes were told', () => {
    renderHook(() => useRaffleLive(raffleId), { wrapper });
    const source = FakeEventSource.opened[0];
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    act(() => {
      source?.emit('raffle', '{}');
      source?.emit('raffle', '{}');
    });
    act(() => vi.advanceTimersByTime(wait - 1));
    expect(invalidated()).toEqual([false, false, false]);
    act(() => vi.advanceTimersByTime(1));
    expect(invalidated()).toEqual([true, true, false]);
    expect(invalidate).toHaveBeenCalledTimes(1);
    // A later change is told again.
    act(() => source?.emit('raffle', '{}'));
    act(() => vi.advanceTimersByTime(wait));
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('when the first stream opens, after a dropped one opens again, or a reset, the raffle is read again too', () => {
    renderHook(() => useRaffleLive(raffleId), { wrapper });
    const source = FakeEventSource.opened[0];
    // An edit between the page's first read and its stream opening was told to nobody.
    act(() => source?.onopen?.());
    act(() => vi.advanceTimersByTime(wait));
    expect(invalidated()).toEqual([true, true, false]);

    for (const key of keys) queryClient.setQueryData(key, {});
    act(() => source?.onerror?.()); // the browser reconnects by itself
    act(() => source?.onopen?.());
    act(() => vi.advanceTimersByTime(wait));
    expect(invalidated().slice(0, 2)).toEqual([true, true]);

    for (const key of keys) queryClient.setQueryData(key, {});
    act(() => source?.emit('reset', '{}'));
    act(() => vi.advanceTimersByTime(wait));
    expect(invalidated()).toEqual([true, true, true]);
  });

  it('waits within the spread the server names for the pages it holds', () => {
    renderHook(() => useRaffleLive(raffleId), { wrapper });
    act(() => FakeEventSource.opened[0]?.emit('raffle', '{"spread_ms":10000}'));
    act(() => vi.advanceTimersByTime(RAFFLE_REFRESH_MIN_MS + 0.5 * 10_000 - 1));
    expect(invalidated()).toEqual([false, false, false]);
    act(() => vi.advanceTimersByTime(1));
    expect(invalidated()).toEqual([true, true, false]);
  });

  it('a page that leaves before the wait ends reads nothing', () => {
    const { unmount } = renderHook(() => useRaffleLive(raffleId), { wrapper });
    act(() => FakeEventSource.opened[0]?.emit('raffle', '{}'));
    unmount();
    act(() => vi.advanceTimersByTime(wait));
    expect(invalidated()).toEqual([false, false, false]);
  });
});

describe('a stream the server refuses (issue 21: too many pages open)', () => {
  it('reads the board every few seconds and tries the stream again until one opens', () => {
    vi.useFakeTimers();
    try {
      renderHook(() => useRaffleLive(raffleId), { wrapper });
      queryClient.setQueryData(raffleKeys.board(raffleId), {});
      const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
      const refuse = (source: FakeEventSource | undefined) =>
        act(() => {
          if (!source) return;
          source.readyState = FakeEventSource.CLOSED;
          source.onerror?.();
        });
      refuse(FakeEventSource.opened[0]);
      expect(invalidate).toHaveBeenCalledTimes(1);
      act(() => vi.advanceTimersByTime(5_000));
      expect(FakeEventSource.opened).toHaveLength(2);
      refuse(FakeEventSource.opened[1]);
      expect(invalidate).toHaveBeenCalledTimes(2);
      act(() => vi.advanceTimersByTime(5_000));
      expect(FakeEventSource.opened).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
