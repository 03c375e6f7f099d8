// @vitest-environment jsdom
import type { SellerRanking, SellerRankingRow } from '@domain/commissions';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SellerRankingView } from './seller-ranking';

/** The money figures a ranking row and its totals share, all 0 here: the place follows numbers sold. */
const noMoney = {
  numbers_paid: 0,
  collected_cents: 0,
  earned_cents: 0,
  reversed_cents: 0,
  paid_out_cents: 0,
  held_cents: 0,
  balance_cents: 0,
  cash_held_cents: 0,
};

const row = (id: string, name: string, numbersSold: number): SellerRankingRow => ({
  seller_id: id,
  seller_name: name,
  seller_email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
  numbers_sold: numbersSold,
  buyers: numbersSold,
  ...noMoney,
  cash_held_ves_cents: 0,
  cash_payments: 0,
  percent: null,
  per_number_cents: null,
});

const ranking: SellerRanking = {
  raffle_id: null,
  items: [
    row('11111111-1111-4111-8111-111111111111', 'Valentina Rojas', 7),
    row('22222222-2222-4222-8222-222222222222', 'Luis Mora', 2),
    row('33333333-3333-4333-8333-333333333333', 'Ana Nueva', 0),
  ],
  totals: { numbers_sold: 9, buyers: 9, ...noMoney },
};

describe('the Vendedores ranking', () => {
  it('places sellers by numbers sold; one who sold nothing has no place', () => {
    renderWithProviders(<SellerRankingView ranking={ranking} />);
    // The phone cards and the desktop table say the same.
    for (const testId of ['seller-card', 'seller-row']) {
      const places = screen.getAllByTestId(testId).map((el) => within(el).getByTestId('seller-place'));
      expect(places.map((p) => p.textContent)).toEqual(['1.', '2.', '–Sin ventas: sin puesto en el ranking']);
    }
  });
});
