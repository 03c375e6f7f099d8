// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDeadlinePassed } from '@/hooks/use-deadline-passed';
import { renderWithProviders } from '@/test/render';
import { SalesCountdown } from './sales-countdown';

const CLOSE = '2026-12-24T00:00:00.000Z'; // 23 dic 2026, 8:00 p. m. in Caracas

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(Date.parse(CLOSE) - 65_000));
});
afterEach(() => vi.useRealTimers());

function PageState({ closingDate }: { closingDate: string }) {
  const passed = useDeadlinePassed(closingDate);
  return <p data-testid="page-state">{passed ? 'cerrada' : 'abierta'}</p>;
}

describe('SalesCountdown', () => {
  it('counts down each second and turns to "Ventas cerradas" by itself at the closing date', () => {
    renderWithProviders(
      <>
        <SalesCountdown closingDate={CLOSE} />
        <PageState closingDate={CLOSE} />
      </>,
    );
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toContain('Cierra en 1 min 05 s');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toContain('Cierra en 1 min 04 s');
    act(() => vi.advanceTimersByTime(60_000));
    expect(timer.textContent).toContain('Cierra en 4 s');
    expect(screen.getByTestId('page-state').textContent).toContain('abierta');
    act(() => vi.advanceTimersByTime(4000));
    expect(timer.textContent).toContain('Ventas cerradas');
    expect(screen.getByTestId('page-state').textContent).toContain('cerrada');
  });

  it('shows "Ventas cerradas" for a date already past', () => {
    renderWithProviders(<SalesCountdown closingDate="2026-01-01T00:00:00.000Z" />);
    expect(screen.getByRole('timer').textContent).toContain('Ventas cerradas');
  });
});
