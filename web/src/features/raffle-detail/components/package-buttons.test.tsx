// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VesRate } from '@/lib/exchange-rates';
import { renderWithProviders } from '@/test/render';
import { useRaffleStore } from '../store/raffle-store';
import { PackageButtons } from './package-buttons';

const PACKAGES = [
  { numbers: 5, price_cents: 2_000 },
  { numbers: 10, price_cents: 3_500 },
];
const withRate: VesRate = { rate: 36.5, isStale: false, isLoading: false, isError: false };
const noRate: VesRate = { rate: null, isStale: false, isLoading: false, isError: false };

const renderButtons = (rate: VesRate) =>
  renderWithProviders(
    <PackageButtons raffleId="r1" digitCount={3} priceCents={500} packages={PACKAGES} rate={rate} />,
  );

describe('PackageButtons', () => {
  beforeEach(() => useRaffleStore.getState().clearSelection());

  it("shows each package's price in Bs under its dollars, as every other price on the page", () => {
    renderButtons(withRate);
    const five = screen.getByRole('button', { name: /^5 por \$20,00/ });
    expect(five.textContent).toContain('5 por $20,00Bs 730,00Ahorras $5,00');
    expect(screen.getByRole('button', { name: /^10 por \$35,00/ }).textContent).toContain('Bs 1.277,50');
  });

  it('shows dollars only when there is no bolívar rate', () => {
    renderButtons(noRate);
    expect(screen.getByRole('button', { name: /^5 por \$20,00/ }).textContent).not.toContain('Bs');
  });
});
