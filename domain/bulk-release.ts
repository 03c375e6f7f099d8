import { countField } from './api';
import { cedulaField } from './fields';
import { ticketCsvQuery } from './staff-tickets';
import { z } from './zod';

/** Numbers one bulk release may take back: one short transaction, one confirmation a person can read. */
export const BULK_RELEASE_MAX = 10_000;

/** Why a selected number was left as it is (the single release's rules, applied per number). */
export const BULK_SKIP_REASONS = [
  'HAS_PAYMENTS',
  'PAID_WITH_ORDER',
  'PAID_BY_HAND',
  'NOT_SOLD',
  'OUT_OF_RANGE',
  'NOT_YOUR_SALE',
  'ON_PRE_DRAW_LIST',
  'PAYMENT_UNDER_REVIEW',
] as const;
export type BulkSkipReason = (typeof BULK_SKIP_REASONS)[number];

export const bulkReleaseMessages = {
  oneSelection: 'Indica una sola selección: números, cédula del comprador o filtro.',
  tooMany: (n: number) =>
    `Se pueden liberar como máximo ${BULK_RELEASE_MAX.toLocaleString('es-VE')} números por vez (seleccionaste ${n.toLocaleString('es-VE')}).`,
  skipped: {
    HAS_PAYMENTS: 'Tiene pagos aprobados: libéralo uno por uno para decidir el reembolso',
    // A number priced 0 has no payment of its own (decision 061): paid by its order, or marked by staff.
    PAID_WITH_ORDER: 'Pagado con su pedido: libéralo uno por uno si corresponde',
    PAID_BY_HAND: 'Marcado pagado a mano, sin pagos: libéralo uno por uno si corresponde',
    NOT_SOLD: 'No está vendido ni apartado',
    OUT_OF_RANGE: 'No existe en esta rifa',
    NOT_YOUR_SALE: 'No es una venta acreditada a ti: solo el dueño de la rifa o un administrador la libera',
    ON_PRE_DRAW_LIST:
      'Está en la lista sellada de un pre-sorteo que aún no se sortea: sigue en ella hasta registrar su resultado',
    PAYMENT_UNDER_REVIEW: 'Tiene un pago del comprador en revisión: apruébalo o recházalo antes de liberarlo',
  } satisfies Record<BulkSkipReason, string>,
  /** The history note of each released number (the single release writes "Estado cambiado a …"). */
  note: (staff: string) => `Liberado en lote por ${staff}`,
} as const;

/**
 * `POST /api/raffles/:id/tickets/release`: exactly one selection (a list of numbers, one buyer's
 * cedula, or the staff list's filter), and `dry_run` to count before confirming. The list may be
 * longer than BULK_RELEASE_MAX only to be refused with 422 naming the limit (the body limit bounds it).
 */
export const bulkReleaseInputSchema = z
  .object({
    numbers: z.array(z.int('Número inválido').min(0, 'Número inválido')).min(1).max(200_000).optional(),
    buyer_cedula: cedulaField().optional(),
    filter: ticketCsvQuery.strict().optional(),
    dry_run: z.boolean().optional(),
  })
  .strict()
  .refine(
    (v) => [v.numbers, v.buyer_cedula, v.filter].filter((s) => s !== undefined).length === 1,
    bulkReleaseMessages.oneSelection,
  );
export type BulkReleaseInput = z.output<typeof bulkReleaseInputSchema>;

const skippedSchema = z.object({
  number: countField,
  reason: z.enum(BULK_SKIP_REASONS),
  /** The reason as staff read it. */
  message: z.string(),
});
export type BulkSkipped = z.infer<typeof skippedSchema>;

/** The dry run: what the real run would release now, for the confirmation. */
export const bulkReleasePreviewSchema = z.object({
  numbers: countField,
  buyers: countField,
  skipped: z.array(skippedSchema),
  /**
   * Numbers the release takes whose instant-win prize was already handed over (decision 081): the
   * prize stays with the sale. Empty for staff who may not edit the raffle (decision 041).
   */
  delivered_prizes: z.array(z.object({ number: countField, prize: z.string() })),
});
export type BulkReleasePreview = z.infer<typeof bulkReleasePreviewSchema>;

export const bulkReleaseResultSchema = z.object({
  released: countField,
  buyers: countField,
  skipped: z.array(skippedSchema),
});
export type BulkReleaseResult = z.infer<typeof bulkReleaseResultSchema>;
