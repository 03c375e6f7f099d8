// @vitest-environment jsdom
import type { DrawResult } from '@domain/draw';
import type { PublicRaffle } from '@domain/raffles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicRaffle } from '@/test/public-raffle';
import { renderWithProviders } from '@/test/render';
import { useRaffleStore } from '../store/raffle-store';
import { RaffleDetailPage } from './raffle-detail-page';

const NOW = Date.parse('2026-11-21T23:59:50.000Z');
// Ten seconds after the page opens: 21 nov 2026, 8:00 p. m. in Caracas.
const CLOSING = '2026-11-22T00:00:00.000Z';
const ROOT = 'ab'.repeat(32);

const open: PublicRaffle = {
  ...publicRaffle,
  closing_date: CLOSING,
  stats: { disponible: 97, apartado: 1, abonado: 0, pagado: 2, cancelado: 0 },
};
// What the close job left: the raffle closed and its sold list published.
const closed: PublicRaffle = {
  ...open,
  status: 'cerrada',
  draw_commitment: ROOT,
  closed_at: '2026-11-22T00:00:12.000Z',
  commitment_version: 2,
  line_count: 3,
};
const draw: DrawResult = {
  prizes: [],
  draw_source: null,
  draw_commitment: ROOT,
  sold_list: null,
  sold_list_url: '/api/raffles/raffle-1/sold-list.txt',
  commitment_version: 2,
  line_count: 3,
  closed_at: closed.closed_at,
  timestamp: null,
  source: { kind: null, lottery: null, draw_at: null, rule: null, rule_text: null, beacon: null },
  result: null,
  winning_number: null,
  drawn_at: null,
  audit_head: null,
  winner: null,
  instant_win_commitment: null,
  instant_wins: null,
  instant_win_salt: null,
};

// Drawn, then archived by an admin: its page answers, its board and stream do not (404).
const archived: PublicRaffle = {
  ...closed,
  status: 'finalizada',
  winning_number: 2,
  drawn_at: '2026-11-23T00:00:00.000Z',
  archived_at: '2026-12-01T15:00:00.000Z',
};
const archivedDraw: DrawResult = {
  ...draw,
  winning_number: 2,
  drawn_at: archived.drawn_at,
  winner: { number: 2, ticket_number: '02', status: 'pagado', buyer_name_masked: 'María P.' },
};

let raffleAnswer: PublicRaffle;
let raffleReads: number;
let boardReads: number;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
  raffleAnswer = open;
  raffleReads = 0;
  boardReads = 0;
  useRaffleStore.setState({ boards: {}, currentRaffle: null, selection: [], selectionRaffleId: null });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/board')) boardReads++;
    if (url.includes('/board') && raffleAnswer.archived_at)
      return Response.json(
        { error: { code: 'RAFFLE_NOT_FOUND', message: 'Rifa no encontrada' } },
        { status: 404 },
      );
    if (url.includes('/board'))
      return Response.json({
        raffle_id: '',
        total_numbers: 100,
        digit_count: 2,
        version: 1,
        statuses: 'a'.repeat(1) + 'p'.repeat(2) + 'd'.repeat(97),
      });
    if (url.includes('/draw')) return Response.json(raffleAnswer.archived_at ? archivedDraw : draw);
    if (url.includes('/exchange-rates')) return Response.json([]);
    if (url.includes('/lucky-pick'))
      return Response.json(
        { error: { code: 'RAFFLE_CLOSED', message: 'Esta rifa ya cerró: no admite más reservas.' } },
        { status: 409 },
      );
    if (url.startsWith('/api/raffles/')) {
      raffleReads++;
      return Response.json(raffleAnswer);
    }
    return Response.json({});
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('an open raffle page at its closing date', () => {
  it('turns to the closed wording by itself, then shows the published list once the raffle closed', async () => {
    renderWithProviders(<RaffleDetailPage />);
    expect(await screen.findByRole('button', { name: 'Elegir números' })).toBeTruthy();
    expect(screen.getByText('Tiempo para pagar al apartar')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Elegir al azar' })).toBeTruthy();
    const readsBefore = raffleReads;

    // The closing date passes: no more reservation wording, without a reload.
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    expect(screen.queryByRole('button', { name: 'Elegir números' })).toBeNull();
    expect(screen.queryByText('Tiempo para pagar al apartar')).toBeNull();
    expect(screen.getByText('La fecha de cierre de esta rifa ya pasó: no recibe más reservas.')).toBeTruthy();
    expect(screen.getAllByText('Ventas cerradas').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Elegir al azar' })).toBeNull();

    // The close job closes it a few seconds later: the page reads the raffle again and shows the
    // closed banner and the published list.
    raffleAnswer = closed;
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(raffleReads).toBeGreaterThan(readsBefore);
    expect(await screen.findByTestId('raffle-status-banner')).toBeTruthy();
    expect(await screen.findByTestId('published-list')).toBeTruthy();
  });
});

describe('the lucky pick once the server says the raffle closed', () => {
  it('a phone whose clock is behind: the server’s sentence, no «Inténtalo de nuevo», and the page turns closed', async () => {
    const error = vi.spyOn(toast, 'error');
    // The page still believes the raffle is on sale a minute after its closing date.
    vi.setSystemTime(NOW - 60_000);
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    // At the raffle's own address: the answer read again is the page's (the id in the path).
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/rifas/:id', element: <RaffleDetailPage /> }], {
      initialEntries: [`/rifas/${open.id}`],
    });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    raffleAnswer = closed;
    await userEvent.click(await screen.findByRole('button', { name: 'Elegir al azar' }));
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith('Esta rifa ya cerró: no admite más reservas.', expect.anything()),
    );
    expect(error).not.toHaveBeenCalledWith(
      'La maquinita no pudo elegir números. Inténtalo de nuevo.',
      expect.anything(),
    );
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Elegir al azar' })).toBeNull());
    expect(await screen.findByTestId('raffle-status-banner', {}, { timeout: 5_000 })).toBeTruthy();
    error.mockRestore();
  });
});

describe('a finished raffle an admin archived', () => {
  it('says it was archived and keeps the result and its verification, with no board and no error', async () => {
    const error = vi.spyOn(toast, 'error');
    raffleAnswer = archived;
    renderWithProviders(<RaffleDetailPage />);
    expect(await screen.findByRole('heading', { name: 'Esta rifa fue archivada' })).toBeTruthy();
    expect(screen.getByTestId('raffle-archived').textContent).toContain('Se archivó el 1 dic 2026');
    const banner = await screen.findByTestId('raffle-status-banner');
    expect(banner.textContent).toContain('Sorteo realizado');
    expect(await screen.findByText('Ganador: María P., número 02')).toBeTruthy();
    expect(await screen.findByTestId('published-list')).toBeTruthy();
    expect(await screen.findByTestId('verify-number')).toBeTruthy();
    expect(screen.getByTestId('draw-commitment').textContent).toContain(ROOT);
    // No board, nothing to choose or reserve, and the board's 404 is no error to the visitor.
    expect(boardReads).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'Números de la rifa' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ver en el tablero' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Elegir números' })).toBeNull();
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });
});
