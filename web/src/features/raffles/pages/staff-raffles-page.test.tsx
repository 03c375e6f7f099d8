// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch, renderWithProviders } from '@/test/render';
import { staffRaffle } from '@/test/staff-raffle';
import { RAFFLE_CARDS_PER_PAGE, StaffRafflesPage } from './staff-raffles-page';

// 30 raffles, newest first as the API lists them.
const raffles = Array.from({ length: 30 }, (_, i) => ({
  ...staffRaffle,
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `Rifa ${i + 1}`,
}));

beforeEach(() => vi.stubGlobal('fetch', recordFetch(() => Response.json(raffles)).fetchStub));
afterEach(() => vi.unstubAllGlobals());

describe('the staff dashboard with many raffles', () => {
  it('draws the newest cards first and the rest a page at a time, its totals over all of them', async () => {
    renderWithProviders(<StaffRafflesPage viewer={{ role: 'admin', profileId: 'admin' }} />);
    expect(await screen.findByText('Rifa 1')).toBeTruthy();
    expect(screen.getAllByTestId('staff-raffle-card')).toHaveLength(RAFFLE_CARDS_PER_PAGE);
    expect(screen.queryByText(`Rifa ${RAFFLE_CARDS_PER_PAGE + 1}`)).toBeNull();
    expect(screen.getByText('30')).toBeTruthy(); // the summary counts every raffle, not the page

    await userEvent.click(screen.getByRole('button', { name: 'Ver más rifas (quedan 6)' }));
    expect(screen.getAllByTestId('staff-raffle-card')).toHaveLength(30);
    expect(screen.getByText('Rifa 30')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Ver más rifas/ })).toBeNull();
  });
});
