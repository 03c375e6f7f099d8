// @vitest-environment jsdom

import type { Raffle } from '@domain/raffles';
import { caracasDate, daysBefore } from '@domain/rate-age';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentModelErrors } from '@/test/html-content';
import { publicRaffle } from '@/test/public-raffle';
import { recordFetch, renderWithProviders } from '@/test/render';
import { FinishedRaffleCard } from './finished-raffle-card';
import { RaffleCard } from './raffle-card';

const raffle: Raffle = {
  ...publicRaffle,
  payment_type: 'cuotas',
  installments: 4,
  closing_date: '2026-11-21T00:00:00.000Z',
  organizer_name: 'Rifas Pepe',
  contact_phone: '04141234567',
  draw_source: 'Lotería del Táchira',
  archived_at: null,
  has_sales: true,
  terms_locked: true,
  stats: { disponible: 90, apartado: 5, abonado: 2, pagado: 3, cancelado: 0 },
};

// The price asks for the day's rate (a stale one, so the "tasa desactualizada" flag renders too).
beforeEach(() => {
  // Stale (yesterday's, a refresh failed) but still one a price may be shown at.
  const rates = [
    { currency_code: 'VES', rate_to_usd: 36.5, is_stale: true, rate_date: daysBefore(caracasDate(), 1) },
  ];
  vi.stubGlobal('fetch', recordFetch(() => Response.json(rates)).fetchStub);
});
afterEach(() => vi.unstubAllGlobals());

// The HTML validator refused the home cards (an icon beside the <dt>/<dd> of a <dl> group).
describe('home cards are valid HTML', () => {
  it('an active raffle card', async () => {
    const { container, findByText } = renderWithProviders(<RaffleCard raffle={raffle} />);
    await findByText('Bs 182,50');
    expect(contentModelErrors(container)).toEqual([]);
  });

  it('a drawn raffle card', () => {
    const drawn = {
      ...raffle,
      status: 'finalizada' as const,
      winning_number: 7,
      drawn_at: raffle.closing_date,
    };
    const { container } = renderWithProviders(<FinishedRaffleCard raffle={drawn} />);
    expect(contentModelErrors(container)).toEqual([]);
  });
});
