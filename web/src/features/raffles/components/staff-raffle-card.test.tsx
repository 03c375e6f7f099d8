// @vitest-environment jsdom
import type { Raffle } from '@domain/raffles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch, renderWithProviders } from '@/test/render';
import { openRaffleDrawFields } from '@/test/sealed-draw';
import { StaffRaffleCard } from './staff-raffle-card';

const raffle: Raffle = {
  id: '7d8e3c52-0a55-4a8a-9f8e-2b1c9d3e4f50',
  show_leaderboards: false,
  packages: [],
  prizes: [],
  prize_repeat_rule: 'siguiente_resultado',
  instant_win_commitment: null,
  name: 'Nevera',
  description: '',
  price_cents: 500,
  total_numbers: 100,
  digit_count: 2,
  seller_id: null,
  payment_type: 'pago_unico',
  status: 'borrador',
  installments: null,
  images: [],
  created_at: '2026-05-01T12:00:00.000Z',
  closing_date: null,
  reservation_hours: 24,
  reservation_minutes: 1440,
  max_numbers_per_buyer: 100,
  organizer_name: null,
  contact_phone: null,
  payment_instructions: null,
  payment_accounts: [],
  draw_source: null,
  draw_commitment: null,
  winning_number: null,
  drawn_at: null,
  ...openRaffleDrawFields,
  archived_at: null,
  has_sales: false,
  terms_locked: false,
  stats: {
    disponible: 100,
    apartado: 0,
    abonado: 0,
    pagado: 0,
    cancelado: 0,
    total_paid_cents: 0,
    pending_cents: 0,
  },
};

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
