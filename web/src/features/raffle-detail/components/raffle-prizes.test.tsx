// @vitest-environment jsdom
import type { PrizeView } from '@domain/prizes';
import { screen, within } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { prizeViewFixture } from '@/test/prize-view';
import { renderWithProviders } from '@/test/render';
import { useRaffleStore } from '../store/raffle-store';
import { RafflePrizes } from './raffle-prizes';

const RAFFLE = 'raffle-prizes';

const prize = prizeViewFixture;

const won = (position: number, number: number, name: string, changes: Partial<PrizeView> = {}) =>
  prize(position, {
    result: `3${number}`,
    winning_number: number,
    drawn_at: '2026-11-22T03:00:00.000Z',
    winner: { ticket_number: String(number).padStart(2, '0'), buyer_name_masked: name },
    ...changes,
  });

/** The live board: 47 paid, 12 with a part paid, 80 only reserved, the rest free. */
function loadBoard() {
  const statuses = Array.from({ length: 100 }, (_, n) =>
    n === 47 ? 'p' : n === 12 ? 'b' : n === 80 ? 'a' : 'd',
  ).join('');
  useRaffleStore
    .getState()
    .loadBoard(RAFFLE, { raffle_id: RAFFLE, total_numbers: 100, digit_count: 2, version: 1, statuses });
}

const card = (position: number) => screen.getByTestId(`prize-${position}`);

beforeEach(() => useRaffleStore.setState({ boards: {} }));

describe('the prize list of a raffle with several prizes (decision 042)', () => {
  it('gives every winner, not only the 1.er premio, a chip saying whether the number is paid', () => {
    loadBoard();
    renderWithProviders(
      <RafflePrizes
        raffleId={RAFFLE}
        prizes={[won(1, 47, 'm*** p***'), won(2, 12, 'l*** h***'), won(3, 80, 'c*** r***')]}
        digitCount={2}
      />,
    );
    expect(within(card(1)).getByText('Pagado')).toBeTruthy();
    expect(within(card(2)).getByText('Abonado')).toBeTruthy();
    expect(within(card(3)).getByText('Apartado')).toBeTruthy();
  });

  it('follows the live board: the chip turns «Pagado» when the winner pays', () => {
    loadBoard();
    renderWithProviders(
      <RafflePrizes
        raffleId={RAFFLE}
        prizes={[won(1, 47, 'm*** p***'), won(2, 80, 'c*** r***')]}
        digitCount={2}
      />,
    );
    expect(within(card(2)).getByText('Apartado')).toBeTruthy();
    act(() => {
      useRaffleStore.getState().applyEvent(RAFFLE, { number: 80, status: 'pagado', version: 2 });
    });
    expect(within(card(2)).getByText('Pagado')).toBeTruthy();
  });

  it('no chip for a prize still to be drawn or drawn with no winner', () => {
    loadBoard();
    renderWithProviders(
      <RafflePrizes
        raffleId={RAFFLE}
        prizes={[won(1, 47, 'm*** p***'), won(2, 5, 'x', { winner: null }), prize(3)]}
        digitCount={2}
      />,
    );
    expect(within(card(2)).getByText('Salió el 05: nadie lo tenía, queda sin ganador')).toBeTruthy();
    expect(within(card(2)).queryByText('Disponible')).toBeNull();
    expect(within(card(3)).getByText('Por sortear')).toBeTruthy();
    expect(within(card(3)).queryByText(/Pagado|Apartado|Abonado/)).toBeNull();
  });
});

describe('the results a prize passed over (rule siguiente_resultado)', () => {
  // The first at the declared draw (21 nov, 10:00 p. m.), the next one at the draw it names (decision 084).
  const skipped = [
    { result: '347', round: null, number: 47, result_at: null },
    { result: '512', round: null, number: 12, result_at: '2026-11-23T02:00:00.000Z' },
  ];

  it('are listed while the prize waits for the next result', () => {
    renderWithProviders(
      <RafflePrizes
        raffleId={RAFFLE}
        prizes={[won(1, 47, 'm*** p***'), won(2, 12, 'l*** h***'), prize(3, { skipped })]}
        digitCount={2}
      />,
    );
    const third = card(3);
    expect(within(third).getByText(/2 resultados repitieron/)).toBeTruthy();
    expect(
      within(third).getByText('Resultado 347 del sorteo del 21 nov 2026, 10:00 p. m.: salió el 47'),
    ).toBeTruthy();
    expect(
      within(third).getByText('Resultado 512 del sorteo del 22 nov 2026, 10:00 p. m.: salió el 12'),
    ).toBeTruthy();
  });

  it('stay on the card once the prize is drawn, beside its winner', () => {
    renderWithProviders(
      <RafflePrizes
        raffleId={RAFFLE}
        prizes={[
          won(1, 47, 'm*** p***'),
          won(2, 12, 'l*** h***'),
          won(3, 80, 'c*** r***', { skipped, result: '280', result_at: '2026-11-24T02:00:00.000Z' }),
        ]}
        digitCount={2}
      />,
    );
    const third = card(3);
    expect(within(third).getByTestId('prize-winner').textContent).toContain('Ganó el 80');
    expect(
      within(third).getByText('Resultados pasados por alto (sus números ya habían ganado otro premio):'),
    ).toBeTruthy();
    expect(
      within(third).getByText('Resultado 347 del sorteo del 21 nov 2026, 10:00 p. m.: salió el 47'),
    ).toBeTruthy();
    expect(
      within(third).getByText('Resultado 512 del sorteo del 22 nov 2026, 10:00 p. m.: salió el 12'),
    ).toBeTruthy();
    expect(
      within(third).getByText('Decidido con el resultado 280 del sorteo del 23 nov 2026, 10:00 p. m.'),
    ).toBeTruthy();
  });

  it('a drand round passed over is named by its round', () => {
    renderWithProviders(
      <RafflePrizes
        raffleId={RAFFLE}
        prizes={[
          won(1, 47, 'm*** p***'),
          won(2, 80, 'c*** r***', {
            skipped: [{ result: null, round: 1234567, number: 47, result_at: null }],
          }),
        ]}
        digitCount={2}
      />,
    );
    expect(within(card(2)).getByText('Ronda 1.234.567 de drand: salió el 47')).toBeTruthy();
  });
});
