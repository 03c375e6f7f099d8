// @vitest-environment jsdom
import { caracasDate } from '@domain/rate-age';
import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { UsdOverBs } from './usd-over-bs';

const VES = [{ currency_code: 'VES', rate_to_usd: 36.5, is_stale: false, rate_date: caracasDate() }];
const answerRates = (rates: Promise<unknown>) =>
  vi.stubGlobal('fetch', async () => Response.json(await rates));

vi.mock('sonner', () => ({ toast: { error: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

describe('UsdOverBs', () => {
  it('keeps the Bs line in place while the rate loads, then fills it: the two lines never change', async () => {
    let answer: (rates: unknown) => void = () => {};
    answerRates(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    renderWithProviders(<UsdOverBs cents={500} />);
    expect(screen.getByText('$5,00')).toBeTruthy();
    expect(screen.getByTestId('amount-bs').textContent).toBe('\u00a0');
    answer(VES);
    await waitFor(() => expect(screen.getByTestId('amount-bs').textContent).toBe('Bs 182,50'));
    expect(screen.getByText('$5,00')).toBeTruthy();
  });

  it('keeps the Bs line blank in its place when the rates cannot be read', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'X', message: 'caído' } }, { status: 503 }),
    );
    renderWithProviders(<UsdOverBs cents={500} />);
    // The failure reached the hook (its toast), and the line is still there, blank.
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(screen.getByTestId('amount-bs').textContent).toBe('\u00a0');
    expect(screen.getByText('$5,00')).toBeTruthy();
  });

  it('shows dollars only when there is no bolívar rate', async () => {
    answerRates(Promise.resolve([{ currency_code: 'EUR', rate_to_usd: 0.9, is_stale: false }]));
    renderWithProviders(<UsdOverBs cents={500} />);
    await waitFor(() => expect(screen.queryByTestId('amount-bs')).toBeNull());
    expect(screen.getByText('$5,00')).toBeTruthy();
  });
});
