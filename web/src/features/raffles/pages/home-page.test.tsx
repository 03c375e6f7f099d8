// @vitest-environment jsdom
import type { Raffle } from '@domain/raffles';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { staffRaffle } from '@/test/staff-raffle';
import { HomePage } from './home-page';

const onSale: Raffle = {
  ...staffRaffle,
  id: 'on-sale',
  name: 'Moto Bera',
  status: 'activa',
  closing_date: '2099-01-01T00:00:00.000Z',
  stats: { ...staffRaffle.stats, disponible: 40, pagado: 60 },
};
const soldOut: Raffle = {
  ...onSale,
  id: 'sold-out',
  name: 'Nevera',
  stats: { ...staffRaffle.stats, disponible: 0, apartado: 30, pagado: 70 },
};
// Still `activa` in the answer: its closing date passed before the close job closed it.
const pastClosing: Raffle = {
  ...soldOut,
  id: 'past-closing',
  name: 'Televisor',
  closing_date: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('status=activa')) return Response.json([onSale, soldOut, pastClosing]);
    return Response.json([]);
  });
});
afterEach(() => vi.unstubAllGlobals());

const card = async (name: string) =>
  (await screen.findByRole('link', { name })).closest('[data-testid="raffle-card"]') as HTMLElement;

describe('the home cards say what a visitor can do', () => {
  it('a raffle on sale offers its numbers', async () => {
    renderWithProviders(<HomePage />);
    const c = await card('Moto Bera');
    expect(within(c).getByRole('link', { name: 'Elegir números' })).toBeTruthy();
    expect(within(c).queryByText('Agotada')).toBeNull();
  });

  it('a sold-out raffle says «Agotada» and shows its numbers instead of offering them', async () => {
    renderWithProviders(<HomePage />);
    const c = await card('Nevera');
    expect(within(c).getByText('Agotada')).toBeTruthy();
    expect(within(c).getByRole('link', { name: 'Ver números' })).toBeTruthy();
    expect(within(c).queryByRole('link', { name: 'Elegir números' })).toBeNull();
  });

  it('a raffle past its closing date points to its published list', async () => {
    renderWithProviders(<HomePage />);
    const c = await card('Televisor');
    expect(within(c).getByRole('link', { name: 'Ver la lista publicada' })).toBeTruthy();
    expect(within(c).queryByRole('link', { name: 'Elegir números' })).toBeNull();
    expect(within(c).queryByText('Agotada')).toBeNull();
  });
});
