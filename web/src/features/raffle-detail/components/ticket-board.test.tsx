// @vitest-environment jsdom
import { MAX_NUMBERS_PER_RESERVATION } from '@domain/tickets';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRaffleStore } from '../store/raffle-store';
import { TicketBoard } from './ticket-board';

vi.mock('sonner', () => ({ toast: { info: vi.fn(), warning: vi.fn() } }));

const RAFFLE = 'raffle-1';
const TOTAL = 120;

// jsdom lays nothing out: give the board a phone-sized box (8 columns of 44 px, 12 rows in view)
// so the virtualized rows render, and a ResizeObserver that never fires.
const sizes = { clientWidth: 400, clientHeight: 600 };
const saved = Object.keys(sizes).map((key) => [
  key,
  Object.getOwnPropertyDescriptor(HTMLElement.prototype, key),
]);
beforeAll(() => {
  for (const [key, value] of Object.entries(sizes)) {
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  }
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterAll(() => {
  for (const [key, descriptor] of saved) {
    if (descriptor)
      Object.defineProperty(HTMLElement.prototype, key as string, descriptor as PropertyDescriptor);
  }
  vi.unstubAllGlobals();
});

/** Numbers 3 (apartado) and 4 (pagado) are taken; the rest are available. */
function loadBoard() {
  const statuses = Array.from({ length: TOTAL }, (_, n) => (n === 3 ? 'a' : n === 4 ? 'p' : 'd')).join('');
  useRaffleStore
    .getState()
    .loadBoard(RAFFLE, { raffle_id: RAFFLE, total_numbers: TOTAL, digit_count: 3, version: 1, statuses });
}

function renderBoard(interactive = true) {
  loadBoard();
  render(<TicketBoard raffleId={RAFFLE} interactive={interactive} onlyAvailable={false} />);
}

const cell = (n: number) => {
  const found = document.querySelector<HTMLButtonElement>(`[data-number="${n}"]`);
  if (!found) throw new Error(`number ${n} is not on the board`);
  return found;
};
const selection = () => useRaffleStore.getState().selection;

beforeEach(() => {
  useRaffleStore.setState(useRaffleStore.getInitialState(), true);
  vi.mocked(toast.info).mockClear();
  vi.mocked(toast.warning).mockClear();
});
afterEach(cleanup);

describe('TicketBoard selection', () => {
  it('a tap chooses an available number and a second tap gives it back', async () => {
    renderBoard();
    await userEvent.click(cell(7));
    await userEvent.click(cell(2));
    expect(selection()).toEqual([2, 7]);
    expect(cell(7).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Número 007, elegido por ti' })).toBe(cell(7));

    await userEvent.click(cell(7));
    expect(selection()).toEqual([2]);
    expect(cell(7).getAttribute('aria-pressed')).toBe('false');
  });

  it('a taken number cannot be chosen: the visitor is told why', async () => {
    renderBoard();
    await userEvent.click(cell(3));
    await userEvent.click(cell(4));
    expect(selection()).toEqual([]);
    expect(cell(3).getAttribute('aria-disabled')).toBe('true');
    expect(toast.info).toHaveBeenCalledWith('El número 003 está apartado.', expect.anything());
    expect(toast.info).toHaveBeenCalledWith('El número 004 está vendido.', expect.anything());
  });

  it(`stops at ${MAX_NUMBERS_PER_RESERVATION} numbers, and a chosen one can still be given back`, async () => {
    renderBoard();
    const full = Array.from({ length: TOTAL }, (_, n) => n)
      .filter((n) => n !== 3 && n !== 4)
      .slice(0, MAX_NUMBERS_PER_RESERVATION);
    useRaffleStore.getState().select(full);
    const outside = TOTAL - 1;
    expect(full).not.toContain(outside);

    await userEvent.click(cell(outside));
    expect(selection()).toHaveLength(MAX_NUMBERS_PER_RESERVATION);
    expect(selection()).not.toContain(outside);
    expect(toast.warning).toHaveBeenCalledWith(
      `Puedes apartar como máximo ${MAX_NUMBERS_PER_RESERVATION} números a la vez.`,
      expect.anything(),
    );

    await userEvent.click(cell(0));
    expect(selection()).toHaveLength(MAX_NUMBERS_PER_RESERVATION - 1);
    await userEvent.click(cell(outside));
    expect(selection()).toContain(outside);
  });

  it('a board whose sales closed chooses nothing', async () => {
    renderBoard(false);
    await userEvent.click(cell(7));
    expect(selection()).toEqual([]);
    expect(cell(7).getAttribute('aria-disabled')).toBe('true');
    expect(toast.info).not.toHaveBeenCalled();
  });
});
