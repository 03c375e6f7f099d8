import { centsField, instantField } from './api';
import { amountCentsField } from './fields';
import { formatBs, formatUsd } from './money';
import { PAYMENT_METHODS } from './reservations';
import { z } from './zod';

/**
 * Money only moves through recorded entries (issue 18, decision 019): an approved payment adds to a
 * number, a refund takes back; what a number has paid is their sum, and staff never type it.
 */
export const ledgerMessages = {
  moneyFieldsReadOnly: (fields: string[]) =>
    `${fields.join(', ')}: lo pagado y lo que falta se calculan de los pagos y reembolsos; registra un pago o un reembolso.`,
  amountRequired: 'Indica el monto abonado.',
  refundOnlyGivingBack:
    'El reembolso va solo al devolver el número (apartado, disponible o cancelado); para reembolsar sin cambiar el estado, usa «Reembolsar».',
  amountOnlyWithAbono:
    'El monto va solo con el estado abonado; para registrar un pago sin cambiar el estado, usa «Registrar pago».',
  amountTooHigh: (owedCents: number) => `El monto supera lo que falta por pagar (${formatUsd(owedCents)}).`,
  refundTooHigh: (paidCents: number) => `El reembolso supera lo pagado (${formatUsd(paidCents)}).`,
  refundDecisionRequired: (paidCents: number) =>
    `Este número tiene ${formatUsd(paidCents)} pagados: indica el reembolso o el motivo para no reembolsar.`,
  backToReservedRefundsAll: (paidCents: number) =>
    `Un número apartado no tiene pagos: para volver a apartado, reembolsa todo lo pagado (${formatUsd(paidCents)}).`,
  nothingOwed: 'Este número ya está pagado por completo.',
  nothingPaid: 'Este número no tiene pagos que reembolsar.',
  reservedUntilOutOfRange: 'La reserva solo se puede extender hasta la fecha de cierre de la rifa.',
  reservedUntilPast: 'La nueva fecha límite ya pasó: para devolver el número a la venta, libéralo.',
  saleNotPayable: 'Este número no admite pagos en su estado actual.',
} as const;

/** Ticket history and payment notes, in Spanish with Spanish amounts. */
export const ledgerNotes = {
  approved: (amountCents: number, rate: number | null) =>
    `Pago aprobado: ${formatUsd(amountCents)}${rate ? ` / ${formatBs(amountCents, rate)}` : ''}`,
  rejected: 'Pago rechazado',
  recordedByStaff: (amountCents: number, method: string) =>
    `Pago registrado por el personal: ${formatUsd(amountCents)} (${method})`,
  refunded: (amountCents: number, reason: string) => `Reembolso de ${formatUsd(amountCents)}: ${reason}`,
  /** Said of a refund when part of it came out of cash a vendedor held for the business (decision 062). */
  fromSellerCash: (amountCents: number) =>
    `${formatUsd(amountCents)} salió del efectivo que el vendedor tenía por entregar`,
  noRefund: (reason: string) => `Sin reembolso: ${reason}`,
} as const;

/**
 * The status money leads to for a live sale that is not cancelled: all paid -> pagado, some ->
 * abonado, none -> apartado.
 */
export function statusForMoney(paidCents: number, priceCents: number): 'pagado' | 'abonado' | 'apartado' {
  if (paidCents >= priceCents) return 'pagado';
  return paidCents > 0 ? 'abonado' : 'apartado';
}

/** `POST /api/tickets/:id/payments` (staff): money received by hand, approved at once. */
export const staffPaymentInputSchema = z
  .object({
    amount_cents: amountCentsField(),
    payment_method: z.enum(PAYMENT_METHODS, 'Método de pago inválido').default('efectivo'),
    reference: z.string().trim().max(60).nullish(),
    note: z.string().trim().max(500).optional(),
  })
  .strict();
export type StaffPaymentInput = z.output<typeof staffPaymentInputSchema>;

/** `POST /api/tickets/:id/refunds` (staff). */
export const refundInputSchema = z
  .object({
    amount_cents: amountCentsField(),
    reason: z.string().trim().min(3, 'Escribe el motivo del reembolso').max(300),
    /**
     * The money went back out of the cash a vendedor holds for this sale (decision 062): only then
     * does the refund lower what they must hand over. An admin's word; a vendedor refunding their
     * own cash always does, and a vendedor's flag is ignored for another seller's cash.
     */
    from_seller_cash: z.boolean().optional(),
  })
  .strict();
export type RefundInput = z.output<typeof refundInputSchema>;

export const refundSchema = z.object({
  id: z.string(),
  ticket_id: z.string(),
  amount_cents: centsField,
  reason: z.string(),
  actor_email: z.string().nullable(),
  created_at: instantField,
});
export type Refund = z.infer<typeof refundSchema>;

/**
 * Statuses that give a sale's money back (a refund) or say it stays without one (`no_refund_reason`).
 * Apartado keeps the sale, so its money must all go back: a live sale with money is abonado or pagado.
 */
export const TAKES_MONEY_BACK: ReadonlySet<string> = new Set(['apartado', 'disponible', 'cancelado']);

/**
 * What a status change in `PATCH /api/tickets/:id` says about money: `pagado` records the amount
 * owed (method, default efectivo); `abonado` records `amount_cents`; taking money back (to apartado,
 * disponible or cancelado) needs `refund` or `no_refund_reason`.
 */
export const statusMoneyFields = {
  amount_cents: amountCentsField().optional(),
  refund: z
    .object({
      amount_cents: amountCentsField(),
      reason: z.string().trim().min(3, 'Escribe el motivo del reembolso').max(300),
      /** As in `refundInputSchema`. */
      from_seller_cash: z.boolean().optional(),
    })
    .strict()
    .optional(),
  no_refund_reason: z.string().trim().min(3, 'Escribe por qué no hay reembolso').max(300).optional(),
};
