// @vitest-environment jsdom
import type { Raffle } from '@domain/raffles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentModelErrors } from '@/test/html-content';
import { recordFetch, renderWithProviders } from '@/test/render';
import { openRaffleDrawFields } from '@/test/sealed-draw';
import { FinishedRaffleCard } from './finished-raffle-card';
import { RaffleCard } from './raffle-card';

const raffle: Raffle = {
  id: 'raffle-1',
  show_leaderboards: false,
  packages: [],
  prizes: [],
  prize_repeat_rule: 'siguiente_resultado',
  instant_win_commitment: null,
  name: 'Moto Bera',
  description: 'Una moto nueva',
  price_cents: 500,
  total_numbers: 100,
  digit_count: 2,
  seller_id: null,
  payment_type: 'cuotas',
  status: 'activa',
  installments: 4,
  images: [],
  created_at: '2026-05-01T12:00:00.000Z',
  closing_date: '2026-11-21T00:00:00.000Z',
  reservation_hours: 24,
  reservation_minutes: 1440,
  max_numbers_per_buyer: 100,
  organizer_name: 'Rifas Pepe',
  contact_phone: '04141234567',
  payment_instructions: null,
  payment_accounts: [],
  draw_source: 'Lotería del Táchira',
  draw_commitment: null,
  winning_number: null,
  drawn_at: null,
  ...openRaffleDrawFields,
  archived_at: null,
  has_sales: true,
  terms_locked: true,
  stats: { disponible: 90, apartado: 5, abonado: 2, pagado: 3, cancelado: 0 },
};

// The price asks for the day's rate (a stale one, so the "tasa desactualizada" flag renders too).
beforeEach(() => {
  const rates = [{ currency_code: 'VES', rate_to_usd: 36.5, is_stale: true }];
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
