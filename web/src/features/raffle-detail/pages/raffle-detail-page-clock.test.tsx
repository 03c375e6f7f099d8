// @vitest-environment jsdom
import type { PublicRaffle } from '@domain/raffles';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicRaffle } from '@/test/public-raffle';
import { renderWithProviders } from '@/test/render';
import { useRaffleStore } from '../store/raffle-store';
import { RaffleDetailPage } from './raffle-detail-page';

// The server's clock: ten seconds before the closing date (half a second in, so the whole-second
// Date header gives the estimate its middle exactly).
const CLOSING = Date.parse('2026-11-22T00:00:00.000Z');
const MINUTE = 60_000;
const open: PublicRaffle = { ...publicRaffle, closing_date: new Date(CLOSING).toISOString() };

/** The phone's clock minus the server's. */
let phoneOff: number;

beforeEach(() => {
  useRaffleStore.setState({ boards: {}, currentRaffle: null, selection: [], selectionRaffleId: null });
  // Every answer says the server's time, as a real server's Date header does.
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const headers = { date: new Date(Date.now() - phoneOff).toUTCString(), 'cache-control': 'no-cache' };
    const url = String(input);
    if (url.includes('/board'))
      return Response.json(
        { raffle_id: '', total_numbers: 100, digit_count: 2, version: 1, statuses: 'd'.repeat(100) },
        { headers },
      );
    if (url.includes('/exchange-rates')) return Response.json([], { headers });
    if (url.startsWith('/api/raffles/')) return Response.json(open, { headers });
    return Response.json({}, { headers });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const picker = () => screen.queryByRole('button', { name: 'Elegir al azar' });
const countdown = () => screen.getByTestId('sales-countdown').textContent;

describe('the raffle page on a phone whose clock is off: the server’s closing date decides', () => {
  it('5 minutes behind: the picker gives way at the server’s closing date, not 5 minutes later', async () => {
    phoneOff = -5 * MINUTE;
    vi.useFakeTimers({ now: CLOSING - 10_500 + phoneOff, shouldAdvanceTime: true });
    renderWithProviders(<RaffleDetailPage />);
    expect(await screen.findByRole('button', { name: 'Elegir al azar' })).toBeTruthy();
    expect(countdown()).toMatch(/Cierra en (10|11) s/);

    await act(() => vi.advanceTimersByTimeAsync(11_000));
    expect(picker()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Elegir números' })).toBeNull();
    expect(screen.getByText('La fecha de cierre de esta rifa ya pasó: no recibe más reservas.')).toBeTruthy();
    expect(countdown()).toContain('Ventas cerradas');
  });

  it('5 minutes ahead: the picker stays until the server’s closing date', async () => {
    phoneOff = 5 * MINUTE;
    vi.useFakeTimers({ now: CLOSING - 60_500 + phoneOff, shouldAdvanceTime: true });
    renderWithProviders(<RaffleDetailPage />);
    expect(await screen.findByRole('button', { name: 'Elegir al azar' })).toBeTruthy();
    expect(countdown()).toMatch(/Cierra en (1 min 00|1 min 01|59) s/);

    await act(() => vi.advanceTimersByTimeAsync(55_000));
    expect(picker()).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(picker()).toBeNull();
    expect(screen.getByText('La fecha de cierre de esta rifa ya pasó: no recibe más reservas.')).toBeTruthy();
  });
});
