// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentModelErrors } from '@/test/html-content';
import { renderWithProviders } from '@/test/render';
import { RafflePageHeader } from './raffle-page-header';

afterEach(() => vi.restoreAllMocks());

describe('the header of a staff screen about one raffle', () => {
  it('while the raffle loads: a placeholder for its name, in valid HTML (no <div> inside a <p>)', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = renderWithProviders(
      <RafflePageHeader title="Tickets vendidos" raffle={{ isPending: true }} />,
    );
    expect(screen.getByRole('heading', { name: 'Tickets vendidos' })).toBeTruthy();
    expect(container.querySelector('.animate-pulse')).not.toBeNull();
    expect(contentModelErrors(container)).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
  });

  it('once loaded: the raffle’s name under the title', () => {
    const { container } = renderWithProviders(
      <RafflePageHeader title="Tickets vendidos" raffle={{ isPending: false, data: { name: 'Nevera' } }} />,
    );
    expect(screen.getByText('Nevera')).toBeTruthy();
    expect(container.querySelector('.animate-pulse')).toBeNull();
    expect(contentModelErrors(container)).toEqual([]);
  });
});
