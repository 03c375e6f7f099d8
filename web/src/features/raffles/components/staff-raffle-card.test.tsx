// @vitest-environment jsdom
import type { Raffle } from '@domain/raffles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prizeViewFixture } from '@/test/prize-view';
import { recordFetch, renderWithProviders } from '@/test/render';
import { staffRaffle } from '@/test/staff-raffle';
import { StaffRaffleCard } from './staff-raffle-card';

const raffle = staffRaffle;

let fetchStub: ReturnType<typeof recordFetch>;
beforeEach(() => {
  fetchStub = recordFetch(() => Response.json({ ...raffle, archived_at: '2026-11-25T15:00:00.000Z' }));
  vi.stubGlobal('fetch', fetchStub.fetchStub);
});
afterEach(() => vi.unstubAllGlobals());

const renderCard = (overrides: Partial<Raffle>) =>
  renderWithProviders(<StaffRaffleCard raffle={{ ...raffle, ...overrides }} canDelete />);

describe('accessible names on the staff card (issue 23, WCAG 2.5.3)', () => {
  it('start with the visible label and say which raffle', () => {
    renderCard({ status: 'activa' });
    for (const name of [
      'Editar: Nevera',
      'Compradores: Nevera',
      'Tickets vendidos: Nevera',
      'Ver pública: Nevera',
    ]) {
      expect(screen.getByRole('link', { name })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Cerrar ventas de Nevera' }).textContent).toContain(
      'Cerrar ventas',
    );
    expect(screen.getByRole('button', { name: 'Eliminar: Nevera' }).textContent).toContain('Eliminar');
  });
});

describe('delete or archive on the staff card (issue 18)', () => {
  it('offers "Eliminar" for a raffle nobody bought into', () => {
    renderCard({});
    expect(screen.getByRole('button', { name: 'Eliminar: Nevera' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Archivar/ })).toBeNull();
  });

  it('offers "Archivar" instead for a raffle with sales, and archives it after the confirm', async () => {
    const user = userEvent.setup();
    renderCard({ has_sales: true, terms_locked: true });
    expect(screen.queryByRole('button', { name: /^Eliminar/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Archivar: Nevera' }));
    const dialog = screen.getByRole('dialog', { name: '¿Archivar la rifa «Nevera»?' });
    expect(dialog.textContent).toContain('Sus ventas, pagos e historial se conservan');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, archivar' }));
    await waitFor(() =>
      expect(fetchStub.calls.map((c) => `${c.method} ${c.url}`)).toContain(
        `POST /api/raffles/${raffle.id}/archive`,
      ),
    );
  });

  it('an active raffle with sales must close first: the confirm is disabled and says why', async () => {
    const user = userEvent.setup();
    renderCard({ status: 'activa', has_sales: true, terms_locked: true });
    await user.click(screen.getByRole('button', { name: 'Archivar: Nevera' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('alert').textContent).toMatch(/cierra las ventas/);
    expect(within(dialog).getByRole('button', { name: 'Sí, archivar' })).toHaveProperty('disabled', true);
  });

  it('a closed raffle awaiting its draw must be drawn first: the confirm is disabled and says why', async () => {
    const user = userEvent.setup();
    renderCard({ status: 'cerrada', has_sales: true, terms_locked: true });
    await user.click(screen.getByRole('button', { name: 'Archivar: Nevera' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('alert').textContent).toMatch(/sortéala antes de archivarla/);
    expect(within(dialog).getByRole('button', { name: 'Sí, archivar' })).toHaveProperty('disabled', true);
  });

  it('an archived raffle says so and offers neither', () => {
    renderCard({ status: 'cerrada', has_sales: true, archived_at: '2026-11-25T15:00:00.000Z' });
    expect(screen.getByText('Archivada')).toBeTruthy();
    expect(screen.getByText(/^Archivada el /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Eliminar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Archivar/ })).toBeNull();
    // Its public page answers "not found": no link to it.
    expect(screen.queryByRole('link', { name: /^Ver pública/ })).toBeNull();
  });
});

describe('the winners of the later prizes on the staff card', () => {
  it('shows who won the 2.º premio (a pre-sorteo, before the close) with their contact, what they owe and WhatsApp', async () => {
    const winner = {
      number: 12,
      ticket_number: '12',
      status: 'abonado',
      buyer_name: 'ana gómez',
      buyer_phone: '04125550000',
      buyer_cedula: 'V-12345678',
      buyer_email: null,
      total_paid_cents: 300,
      remaining_cents: 200,
    };
    const calls = recordFetch(() => Response.json({ winner }));
    vi.stubGlobal('fetch', calls.fetchStub);
    renderCard({
      status: 'activa',
      prizes: [
        prizeViewFixture(1),
        prizeViewFixture(2, {
          title: 'Televisor',
          pre_draw_at: '2026-11-20T12:00:00.000Z',
          winning_number: 12,
          drawn_at: '2026-11-20T20:00:00.000Z',
          winner: { ticket_number: '12', buyer_name_masked: 'a*** g***' },
        }),
        // Drawn with nobody holding the number: nothing to deliver, no panel.
        prizeViewFixture(3, { winning_number: 99, drawn_at: '2026-11-20T20:00:00.000Z', winner: null }),
      ],
    });
    const panel = await screen.findByTestId('winner-panel-2');
    expect(within(panel).getByText('Ganador del 2.º premio (Televisor)')).toBeTruthy();
    await waitFor(() => expect(within(panel).getByText('Ana Gómez')).toBeTruthy());
    expect(within(panel).getByText('V-12345678')).toBeTruthy();
    expect(panel.textContent).toContain('faltan $2,00');
    const whatsapp = within(panel).getByRole('link', { name: /WhatsApp/ });
    expect(decodeURIComponent(whatsapp.getAttribute('href') ?? '')).toContain('ganó el premio «Televisor»');
    expect(calls.calls.map((c) => c.url)).toContain(`/api/raffles/${raffle.id}/winner?prize=2`);
    expect(screen.queryByTestId('winner-panel-3')).toBeNull();
    expect(screen.queryByTestId('winner-panel')).toBeNull(); // the 1.º is not drawn yet
  });
});
