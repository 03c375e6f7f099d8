import { RAFFLE_STATUSES } from './raffles';
import { z } from './zod';

export const INSIGHT_DEFAULT_DAYS = 30;
export const INSIGHT_MAX_DAYS = 365;

/** `GET /api/insight`: one raffle or every raffle the viewer may see; the chart's last `days` Caracas days. */
export const insightQuery = z.object({
  raffle_id: z.uuid('Rifa inválida').optional(),
  days: z.coerce
    .number('Número de días inválido')
    .int('Número de días inválido')
    .min(1, 'Pide al menos 1 día')
    .max(INSIGHT_MAX_DAYS, `Pide como máximo ${INSIGHT_MAX_DAYS} días`)
    .default(INSIGHT_DEFAULT_DAYS),
});
export type InsightQuery = z.input<typeof insightQuery>;

const count = z.int().min(0);
const cents = z.int().min(0);

/** Live sales by status and their money: `owed` is what apartado and abonado sales still owe. */
const salesFigures = z.object({
  reserved: count,
  partially_paid: count,
  paid: count,
  collected_cents: cents,
  owed_cents: cents,
});

export const insightRaffleSchema = salesFigures.extend({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(RAFFLE_STATUSES),
  total_numbers: count,
});

/**
 * The dashboard's sales insight. Counts are live sales (apartado, abonado, pagado): cancelled
 * sales and released or expired reservations are not counted anywhere. `per_day` has one entry per
 * Caracas day of the period, oldest first, zeros included: the sales made that day (by
 * `purchased_at`) that still stand, and what they are worth (paid + still owed). Sandbox raffles
 * (test bench) never appear. Amounts are USD cents; the web shows Bs with `currency_rate`.
 */
export const salesInsightSchema = z.object({
  currency_rate: z
    .object({
      rate_to_usd: z.number().positive(),
      rate_date: z.string(),
      is_stale: z.boolean(),
      updated_at: z.string(),
    })
    .nullable(),
  days: count,
  totals: salesFigures.extend({ sold: count }),
  per_day: z.array(
    z.object({
      day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      numbers: count,
      amount_cents: cents,
    }),
  ),
  raffles: z.array(insightRaffleSchema),
});
export type SalesInsight = z.output<typeof salesInsightSchema>;
export type InsightRaffle = z.output<typeof insightRaffleSchema>;
export type InsightDay = SalesInsight['per_day'][number];
