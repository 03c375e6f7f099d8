// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { BoardSection } from './board-section';

// The board itself (virtualized, laid out) is not what these tests look at.
vi.mock('./ticket-board', () => ({ TicketBoard: () => <div data-testid="board" /> }));

const renderSection = (boardFailed: boolean) =>
  renderWithProviders(
    <BoardSection
      raffleId="raffle-1"
      total={100}
      digitCount={2}
      open
      live="open"
      boardFailed={boardFailed}
      onRetryBoard={() => {}}
    />,
  );

describe('the board section’s live badge', () => {
  it('says «En vivo» above a board that loaded, while the stream is up', async () => {
    renderSection(false);
    expect(await screen.findByTestId('board')).toBeTruthy();
    expect(screen.getByText('En vivo')).toBeTruthy();
  });

  it('claims nothing live when the board did not load: only the error and its retry', async () => {
    renderSection(true);
    expect(await screen.findByText('No pudimos cargar el tablero de números.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expect(screen.queryByText('En vivo')).toBeNull();
    expect(screen.queryByText('Conectando…')).toBeNull();
  });
});
