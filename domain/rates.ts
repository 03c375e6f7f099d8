import { z } from './zod';

export const ratesMessages = {
  invalidCurrency: 'Código de moneda inválido: usa de 3 a 5 letras, p. ej. VES o USDT',
  invalidRate: 'La tasa debe ser un número mayor que cero',
  rateTooLarge: 'La tasa es demasiado grande',
  /** "Actualizar" with no feed set up: nothing was fetched, so nothing changes (issue 18). */
  notConfigured:
    'No hay una fuente automática de tasas configurada: las tasas guardadas se mantienen sin cambios. La tasa del día se escribe a mano.',
  invalidDays: 'Los días deben ser un número entero entre 1 y 365',
  refreshFailed:
    'No se pudieron actualizar las tasas de cambio. Se mantienen las últimas tasas guardadas, marcadas como desactualizadas.',
} as const;

/** "VES", "EUR", "USDT"…: ISO 4217 codes plus the common crypto dollars, stored upper case. */
export const currencyCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{3,5}$/, ratesMessages.invalidCurrency)
  .transform((v) => v.toUpperCase());

/** Rates are stored as numeric(18, 6): at most 12 integer digits and 6 decimals. */
const MIN_RATE = 0.000001;
const MAX_RATE = 999_999_999_999;
export const rateValueSchema = z
  .number(ratesMessages.invalidRate)
  .min(MIN_RATE, ratesMessages.invalidRate)
  .max(MAX_RATE, ratesMessages.rateTooLarge);

/** `PUT /api/exchange-rates/:currency`: the day's rate typed by hand (e.g. the BCV rate). */
export const setRateSchema = z.object({ rate_to_usd: rateValueSchema }).strict();
export type SetRateInput = z.input<typeof setRateSchema>;

/** Units of the currency per US dollar (VES 36.5 = 36,50 Bs. per dollar). */
export const exchangeRateSchema = z.object({
  currency_code: z.string(),
  rate_to_usd: z.number(),
  rate_date: z.string(),
  is_stale: z.boolean(),
  source: z.string().nullable(),
  updated_at: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

/** `POST /api/exchange-rates/refresh`: the rates kept, with a `warning` when the refresh failed. */
export const ratesRefreshResultSchema = z.object({
  rates: z.array(exchangeRateSchema),
  warning: z.string().optional(),
});
export type RatesRefreshResult = z.infer<typeof ratesRefreshResultSchema>;

export type RemoteRate = { currency_code: string; rate_to_usd: number };

export const RATE_SOURCES = ['remote', 'manual'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** `GET /api/exchange-rates/history` query: one currency, the last `days` Caracas days (today included). */
export const rateHistoryQuerySchema = z.object({
  currency: currencyCodeSchema.default('VES'),
  days: z.coerce
    .number(ratesMessages.invalidDays)
    .int(ratesMessages.invalidDays)
    .min(1, ratesMessages.invalidDays)
    .max(365, ratesMessages.invalidDays)
    .default(30),
});

/**
 * One day's rate in the history, oldest first. `is_stale` is the stored flag: a refresh failed
 * while this was the latest rate (a past day is not stale just for being past).
 */
export const rateHistoryPointSchema = z.object({
  rate_date: z.string(),
  rate_to_usd: z.number(),
  source: z.string().nullable(),
  is_stale: z.boolean(),
});
export type RateHistoryPoint = z.infer<typeof rateHistoryPointSchema>;

/**
 * The rates feed: `{"rates":{"VES":36.5}}` or `[{"currency_code":"VES","rate_to_usd":36.5}]`.
 * Entries without a valid code and a sane positive number are skipped.
 */
export function parseRatesPayload(payload: unknown): RemoteRate[] {
  const entries: [unknown, unknown][] = Array.isArray(payload)
    ? payload.map((item) => [item?.currency_code, item?.rate_to_usd])
    : isRecord(payload) && isRecord(payload.rates)
      ? Object.entries(payload.rates)
      : [];
  const byCode = new Map<string, number>();
  for (const [code, rate] of entries) {
    const parsedCode = currencyCodeSchema.safeParse(code);
    const parsedRate = rateValueSchema.safeParse(typeof rate === 'string' ? Number(rate) : rate);
    if (parsedCode.success && parsedRate.success) byCode.set(parsedCode.data, parsedRate.data);
  }
  return [...byCode].map(([currency_code, rate_to_usd]) => ({ currency_code, rate_to_usd }));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Zod-free, for the public bundle: domain/rate-age.ts.
export { caracasDate, daysBefore, MAX_RATE_AGE_DAYS, rateUsableOn } from './rate-age';
