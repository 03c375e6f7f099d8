import { messages } from '@domain/messages';
import { caracasDate, rateUsableOn } from '@domain/rate-age';
import type { ExchangeRate } from '@domain/rates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { api } from './api-client';
import { serverNow } from './server-clock';

/** `GET /api/exchange-rates` (public): the latest rate per currency, units per US dollar. */
export const getExchangeRates = (signal?: AbortSignal): Promise<ExchangeRate[]> =>
  api.get<ExchangeRate[]>('/exchange-rates', { signal, auth: false });

export const exchangeRatesQueryOptions = () =>
  queryOptions({
    queryKey: ['exchange-rates'],
    queryFn: ({ signal }) => getExchangeRates(signal),
  });

export type VesRate = {
  /**
   * Bolívares per US dollar, or null when there is no VES rate recent enough to convert with (show
   * USD only; the server refuses a Bs amount then too, decision 086).
   */
  rate: number | null;
  /** The rate is from an earlier day or the last refresh failed: hint "tasa desactualizada". */
  isStale: boolean;
  isLoading: boolean;
  /** The rates could not be read: prices show in USD only, and a toast said why (once per screen). */
  isError: boolean;
};

/** One toast however many prices on screen asked for the rate. */
const RATES_ERROR_TOAST = 'exchange-rates-error';

/**
 * The bolívar rate shared by every price on screen. With no VES rate, prices show in USD only; when
 * the rates could not be loaded the visitor is told so (SPEC 8: 'Error al cargar las tasas de
 * cambio') instead of the Bs amounts silently disappearing.
 */
export function useVesRate(): VesRate {
  const query = useQuery(exchangeRatesQueryOptions());
  const ves = query.data?.find(
    (r) =>
      r.currency_code === 'VES' &&
      r.rate_to_usd > 0 &&
      rateUsableOn(r.rate_date, caracasDate(new Date(serverNow()))),
  );
  useEffect(() => {
    if (query.isError) toast.error(messages.store.loadRates, { id: RATES_ERROR_TOAST });
  }, [query.isError]);
  return {
    rate: ves?.rate_to_usd ?? null,
    isStale: ves?.is_stale ?? false,
    isLoading: query.isLoading,
    isError: query.isError,
  };
}
