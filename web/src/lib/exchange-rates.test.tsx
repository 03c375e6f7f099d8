// @vitest-environment jsdom
import { caracasDate, daysBefore, MAX_RATE_AGE_DAYS } from '@domain/rate-age';
import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch, renderWithProviders } from '@/test/render';
import { useVesRate } from './exchange-rates';

vi.mock('sonner', () => ({ toast: { error: vi.fn() } }));

function Price() {
  const { rate, isError } = useVesRate();
  return <p>{isError ? 'sin tasa' : rate === null ? 'cargando o sin VES' : `Bs ${rate}`}</p>;
}

beforeEach(() => vi.mocked(toast.error).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('useVesRate', () => {
  it('says "Error al cargar las tasas de cambio" once when the rates cannot be loaded', async () => {
    const failing = recordFetch(() =>
      Response.json({ error: { code: 'X', message: 'caído' } }, { status: 503 }),
    );
    vi.stubGlobal('fetch', failing.fetchStub);
    renderWithProviders(
      <>
        <Price />
        <Price />
      </>,
    );
    await screen.findAllByText('sin tasa');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error al cargar las tasas de cambio', {
        id: 'exchange-rates-error',
      }),
    );
    // Two prices, one toast: the same id replaces it instead of stacking.
    expect(new Set(vi.mocked(toast.error).mock.calls.map(([, options]) => options?.id))).toEqual(
      new Set(['exchange-rates-error']),
    );
  });

  it('shows the VES rate and no error when the rates load', async () => {
    const rates = [{ currency_code: 'VES', rate_to_usd: 36.5, is_stale: false, rate_date: caracasDate() }];
    vi.stubGlobal('fetch', recordFetch(() => Response.json(rates)).fetchStub);
    renderWithProviders(<Price />);
    expect(await screen.findByText('Bs 36.5')).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('converts nothing at a rate older than the server takes for a payment in Bs (decision 086)', async () => {
    const at = (age: number) => [
      { currency_code: 'VES', rate_to_usd: 36.5, is_stale: true, rate_date: daysBefore(caracasDate(), age) },
    ];
    vi.stubGlobal('fetch', recordFetch(() => Response.json(at(MAX_RATE_AGE_DAYS))).fetchStub);
    const { unmount } = renderWithProviders(<Price />);
    expect(await screen.findByText('Bs 36.5')).toBeTruthy();
    unmount();
    vi.stubGlobal('fetch', recordFetch(() => Response.json(at(MAX_RATE_AGE_DAYS + 1))).fetchStub);
    renderWithProviders(<Price />);
    expect(await screen.findByText('cargando o sin VES')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Bs 36.5')).toBeNull();
  });
});
