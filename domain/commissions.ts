import { centsField, countField, instantField } from './api';
import { amountCentsField, wholeNumberField } from './fields';
import { z } from './zod';

/**
 * Commissions of vendedores (issue 22, part B; docs/decisions/037): terms per raffle and seller, an
 * append-only ledger per seller (earned on approved money, reversed on refunds, paid out by an
 * admin), and the figures the "Mis ventas" and "Vendedores" screens show.
 */

export const LEDGER_KINDS = ['earned', 'reversed', 'paid_out'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const ledgerKindLabels: Record<LedgerKind, string> = {
  earned: 'Comisión ganada',
  reversed: 'Comisión revertida',
  paid_out: 'Pago de comisión',
};

export const commissionMessages = {
  oneKind: 'Indica un porcentaje o un monto por número, no ambos',
  percentDecimals: 'El porcentaje admite hasta 2 decimales',
  sellerNotFound: 'Ese vendedor no existe',
  raffleNotFound: 'Rifa no encontrada',
  notYourLedger: 'Solo puedes ver tus propias comisiones',
  payoutExceedsBalance: (owedCents: number) =>
    `El pago supera lo que se le debe al vendedor ($${(owedCents / 100).toFixed(2)})`,
  payoutRequestReused:
    'Este pago ya se registró con otros datos; recarga la página y revisa los pagos del vendedor',
} as const;

/** A percent as people type it (10, 12.5, 7.25): 0 to 100 with up to 2 decimals, stored as basis points. */
const percentField = z
  .number('Porcentaje inválido')
  .min(0, 'El porcentaje no puede ser negativo')
  .max(100, 'El porcentaje no puede pasar de 100')
  .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, commissionMessages.percentDecimals);

/** Basis points of a percent that passed `percentField` (12.5 → 1250). */
export const percentToBp = (percent: number) => Math.round(percent * 100);
export const bpToPercent = (bp: number) => bp / 100;

/** `PUT /api/raffles/:id/commissions`: exactly one of `percent` and `per_number_cents`. */
export const commissionTermsInput = z
  .object({
    seller_id: z.uuid('Vendedor inválido'),
    percent: percentField.optional(),
    per_number_cents: wholeNumberField(0, 100_000_000, {
      notWhole: 'Monto por número inválido',
      tooSmall: 'El monto no puede ser negativo',
      tooBig: 'Monto por número demasiado alto',
    }).optional(),
  })
  .refine((v) => (v.percent === undefined) !== (v.per_number_cents === undefined), {
    message: commissionMessages.oneKind,
    path: ['percent'],
  });
export type CommissionTermsInput = z.input<typeof commissionTermsInput>;

export const commissionTermsSchema = z.object({
  raffle_id: z.uuid(),
  seller_id: z.uuid(),
  seller_name: z.string(),
  seller_email: z.string(),
  /** Percent of approved money (e.g. 12.5), or null when the seller earns per number. */
  percent: z.number().nullable(),
  percent_bp: z.int().nullable(),
  per_number_cents: centsField.nullable(),
  /** From when these terms apply (earlier earnings keep their own). */
  since: instantField,
});
export type CommissionTerms = z.infer<typeof commissionTermsSchema>;
export const commissionTermsListSchema = z.object({ items: z.array(commissionTermsSchema) });

/** `POST /api/sellers/:id/payouts`. */
export const payoutInput = z.object({
  amount_cents: amountCentsField(),
  method: z.string().trim().min(1, 'Indica el método de pago').max(60, 'Método demasiado largo'),
  reference: z.string().trim().max(120, 'Referencia demasiado larga').nullish(),
  /** The day it was paid (Caracas); today when omitted. */
  paid_on: z.iso.date('Fecha inválida').nullish(),
  note: z.string().trim().max(500, 'Nota demasiado larga').nullish(),
  /** Chosen once per dialog: the same key again answers the payout it recorded (migration 0034). */
  request_id: z.uuid('La clave de la solicitud no es válida').optional(),
});
export type PayoutInput = z.input<typeof payoutInput>;

export const ledgerEntrySchema = z.object({
  id: z.int(),
  kind: z.enum(LEDGER_KINDS),
  amount_cents: centsField,
  /** The same amount in Bs (céntimos) at the entry's rate, null when no rate was known. */
  amount_ves_cents: centsField.nullable(),
  rate_to_usd: z.number().nullable(),
  raffle_id: z.uuid().nullable(),
  raffle_name: z.string().nullable(),
  ticket_number: z.string().nullable(),
  percent_bp: z.int().nullable(),
  per_number_cents: centsField.nullable(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  paid_on: z.string().nullable(),
  note: z.string().nullable(),
  created_at: instantField,
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/**
 * Sums of the ledger (never stored). `held_cents`: commission earned on cash a vendedor still holds
 * (decision 062), not payable until it is handed over. `balance_cents` ("Por pagar") = earned −
 * reversed − paid out − held (negative: the seller owes).
 */
export const ledgerTotalsSchema = z.object({
  earned_cents: centsField,
  reversed_cents: centsField,
  paid_out_cents: centsField,
  held_cents: centsField,
  balance_cents: centsField,
});
export type LedgerTotals = z.infer<typeof ledgerTotalsSchema>;

export const LEDGER_PAGE_MAX = 200;
export const ledgerQuery = z.object({
  /** Keyset paging: entries older than this id (the previous page's `next_before`). */
  before: z.coerce.number('Cursor inválido').int('Cursor inválido').min(1, 'Cursor inválido').optional(),
  limit: z.coerce
    .number('Límite inválido')
    .int('Límite inválido')
    .min(1, 'Pide al menos 1')
    .max(LEDGER_PAGE_MAX, `Pide como máximo ${LEDGER_PAGE_MAX}`)
    .default(50),
});

export const sellerLedgerSchema = ledgerTotalsSchema.extend({
  seller_id: z.uuid(),
  entries: z.array(ledgerEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last one. */
  next_before: z.int().nullable(),
});
export type SellerLedger = z.infer<typeof sellerLedgerSchema>;

export const payoutResultSchema = z.object({ entry: ledgerEntrySchema, totals: ledgerTotalsSchema });
export type PayoutResult = z.infer<typeof payoutResultSchema>;

/** A seller's sales in one raffle: the sales credited to them that still stand. */
const salesFigures = z.object({
  numbers_sold: countField,
  numbers_paid: countField,
  buyers: countField,
  /** Money in (approved, net of refunds) on those sales. */
  collected_cents: centsField,
  earned_cents: centsField,
  reversed_cents: centsField,
});

export const sellerRaffleSchema = salesFigures.extend({ raffle_id: z.uuid(), raffle_name: z.string() });

/** `GET /api/sellers/:id/sales`: "Mis ventas". */
export const sellerSalesSchema = z.object({
  seller_id: z.uuid(),
  seller_name: z.string(),
  raffles: z.array(sellerRaffleSchema),
  totals: ledgerTotalsSchema.extend(salesFigures.shape),
  /** Net commission (earned − reversed) per Caracas day, the last `CHART_DAYS`, oldest first, zeros included. */
  per_day: z.array(z.object({ day: z.string(), commission_cents: centsField, numbers: countField })),
});
export type SellerSales = z.infer<typeof sellerSalesSchema>;
export const CHART_DAYS = 30;

/** `GET /api/commissions/sellers`: the ranking, overall or for one raffle. */
export const sellerRankingQuery = z.object({ raffle_id: z.uuid('Rifa inválida').optional() });
export const sellerRankingRowSchema = salesFigures.extend({
  seller_id: z.uuid(),
  seller_name: z.string(),
  seller_email: z.string(),
  /** Payouts are to the seller, not per raffle: overall figures (also in a raffle's ranking). */
  paid_out_cents: centsField,
  /** Commission waiting for cash the seller holds (decision 062); overall like payouts. */
  held_cents: centsField,
  balance_cents: centsField,
  /** Cash the seller recorded by hand and has not handed over: USD, Bs at each payment's rate, payments. */
  cash_held_cents: centsField,
  cash_held_ves_cents: centsField.nullable(),
  cash_payments: countField,
  /** The raffle's current terms (only with `raffle_id`). */
  percent: z.number().nullable(),
  per_number_cents: centsField.nullable(),
});
export type SellerRankingRow = z.infer<typeof sellerRankingRowSchema>;
export const sellerRankingSchema = z.object({
  raffle_id: z.uuid().nullable(),
  items: z.array(sellerRankingRowSchema),
  totals: salesFigures.extend({
    paid_out_cents: centsField,
    held_cents: centsField,
    balance_cents: centsField,
    cash_held_cents: centsField,
  }),
});
export type SellerRanking = z.infer<typeof sellerRankingSchema>;

/** The ranking's CSV columns (Spanish, as the other exports). */
export const sellerCsvColumns = [
  'Vendedor',
  'Correo',
  'Números vendidos',
  'Números pagados',
  'Compradores',
  'Cobrado (USD)',
  'Comisión ganada (USD)',
  'Comisión revertida (USD)',
  'Pagado al vendedor (USD)',
  'Saldo por pagar (USD)',
  'Comisión retenida (USD)',
  'Efectivo por entregar (USD)',
] as const;
