import { centsField, countField, instantField } from './api';
import { BANK_CODES } from './banks';
import { formatDateTime } from './dates';
import { amountCentsField, cedulaField, vePhoneField } from './fields';
import { formatVesCents } from './money';
import { orderCodeField } from './orders';
import { caracasDate } from './rates';
import { normalizeReference } from './references';
import { buyerTicketSchema, PAYMENT_METHODS } from './reservations';
import { uploadUrlField } from './uploads';
import { z } from './zod';

export const PAYMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Pendiente',
  approved: 'Aprobado',
  rejected: 'Rechazado',
};

export const paymentMessages = {
  sellerCashByRecord:
    'El efectivo que cobraste se registra con «Registrar pago» en el número: así queda como efectivo en tus manos hasta que lo entregues.',
  underReviewRelease:
    'Este número tiene un pago del comprador en revisión: apruébalo o recházalo antes de liberarlo o anularlo.',
  cedulaMismatch: 'La cédula no coincide con la del comprador de este ticket.',
  cedulaRequired: 'Indica la cédula del comprador para registrar el pago.',
  ticketNotPayable: 'Este ticket no admite pagos en su estado actual.',
  amountTooHigh: 'El monto supera lo que falta por pagar.',
  amountBelowOneCent: 'El monto en bolívares no llega a un céntimo de dólar a la tasa del día.',
  notFound: 'Pago no encontrado',
  approvedIsFinal: 'Un pago aprobado no se puede cambiar.',
  alreadyDecided: 'Este pago ya fue revisado: su decisión es definitiva.',
  ticketChanged:
    'El ticket cambió desde que se envió este pago (se liberó, se canceló o es de otro comprador). Revísalo antes de decidir.',
  exceedsRemaining: 'El monto de este pago supera lo que falta por pagar del ticket.',
  reasonRequired: 'Escribe el motivo del rechazo: el comprador lo verá.',
  buyerNotFound: 'No encontramos ese número con esa cédula y teléfono.',
  sentWithReservation: 'Comprobante enviado al apartar los números',
  statusChanged: (status: PaymentStatus) => `Pago ${paymentStatusLabels[status].toLowerCase()}`,
  reasonLine: (reason: string) => `Motivo: ${reason}`,
  duplicateReference: (ticketNumber: string, raffleName: string, at: Date) =>
    `Esta referencia ya se registró en el pago del número ${ticketNumber} de «${raffleName}» (${formatDateTime(at)}).`,
  duplicateReferenceRace: 'Esta referencia ya se registró en otro pago.',
  requestIdUsed: 'Este envío ya se registró con otros datos. Recarga la página y revisa tus pagos.',
  rateUnavailable: 'No hay tasa del día para convertir el monto en Bs: indica el monto en USD.',
  orderNotFound: 'No encontramos ese pedido con esa cédula.',
  orderNotPayable: 'Este pedido no tiene números por pagar.',
  referenceRequired: 'Indica la referencia de la transferencia o del pago móvil.',
  payerPhoneRequired: 'Indica el teléfono desde el que hiciste el pago móvil.',
  surplus: 'Sobrante: el número ya está pagado; este pago sobra y conviene rechazarlo.',
  amountRequired: 'Indica el monto en USD o en Bs.',
  paidOnFuture: 'La fecha del pago no puede ser futura.',
} as const;

/** The most one payment may say in Bs (céntimos): Bs 1.000.000.000. */
const MAX_AMOUNT_VES_CENTS = 100_000_000_000;

/** Methods whose payments a bank statement shows, so they carry a bank reference. */
export const REFERENCED_METHODS = new Set(['transfer', 'pago_movil']);

/**
 * Whether a buyer (by cédula) may see a payment of their numbers: theirs, or one nobody is named on.
 * A number given or sold again to someone else keeps its rows: that buyer's payments are not theirs.
 */
export const isBuyersOwnPayment = (payerCedula: string | null, cedula: string) =>
  payerCedula === null || payerCedula === cedula;

export const createPaymentSchema = z
  .object({
    ticket_id: z.uuid('Ticket inválido').optional(),
    /** A buyer paying a whole order (with `cedula`): the amount is spread over its numbers. */
    order_code: orderCodeField().optional(),
    amount_cents: amountCentsField().optional(),
    /** The amount in Bs (céntimos), converted at the day's rate, which is kept with the payment. */
    amount_ves_cents: amountCentsField(MAX_AMOUNT_VES_CENTS, formatVesCents(MAX_AMOUNT_VES_CENTS)).optional(),
    bank_code: z.enum(BANK_CODES, 'Banco inválido').optional(),
    payer_phone: vePhoneField().optional(),
    /** The day the buyer made the transfer (Caracas), when they say. */
    paid_on: z.iso.date('Fecha inválida (AAAA-MM-DD)').optional(),
    payment_method: z.enum(PAYMENT_METHODS, 'Método de pago inválido').default('transfer'),
    reference: z.string().trim().max(60).nullish(),
    payment_proof: uploadUrlField().nullish(),
    notes: z.string().trim().max(500).nullish(),
    /**
     * A key the browser chooses for this report and sends again with it after a lost answer: the
     * same report from the same buyer for the same sales gets that payment again (decision 057).
     */
    request_id: z.uuid('La clave de la solicitud no es válida').optional(),
    /** The ticket buyer's cedula: what proves a caller without a staff token is the buyer. */
    cedula: cedulaField()
      .optional()
      .meta({ description: 'Cédula del comprador del ticket: obligatoria sin token de personal' }),
    /** A buyer paying from tracking names the number instead of the ticket id, and proves it with both. */
    raffle_id: z.uuid('Rifa inválida').optional(),
    number: z.int().min(0).max(999_999).optional(),
    phone_last4: z
      .string()
      .regex(/^\d{4}$/, 'Escribe los últimos 4 dígitos de tu teléfono')
      .optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.amount_cents === undefined) === (v.amount_ves_cents === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['amount_cents'], message: paymentMessages.amountRequired });
    }
    // A transfer dated after today (in Caracas, by the server's clock) is a typo or an invented
    // report: the buyer's form refuses it, and so does the API.
    if (v.paid_on !== undefined && v.paid_on > caracasDate())
      ctx.addIssue({ code: 'custom', path: ['paid_on'], message: paymentMessages.paidOnFuture });
    if (v.order_code) {
      if (!v.cedula)
        ctx.addIssue({ code: 'custom', path: ['cedula'], message: paymentMessages.cedulaRequired });
      // Invisible characters or separators only are no reference (and no duplicate check sees them).
      if (REFERENCED_METHODS.has(v.payment_method) && !normalizeReference(v.reference ?? ''))
        ctx.addIssue({ code: 'custom', path: ['reference'], message: paymentMessages.referenceRequired });
      if (v.payment_method === 'pago_movil' && !v.payer_phone)
        ctx.addIssue({ code: 'custom', path: ['payer_phone'], message: paymentMessages.payerPhoneRequired });
      return;
    }
    if (v.ticket_id) return;
    if (v.raffle_id === undefined || v.number === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ticket_id'], message: 'Indica el ticket que pagas' });
    } else if (!v.cedula || !v.phone_last4) {
      ctx.addIssue({
        code: 'custom',
        path: ['phone_last4'],
        message: 'Indica tu cédula y los últimos 4 dígitos de tu teléfono',
      });
    }
  })
  // What the refinement above and the service require, for the OpenAPI document: a buyer proves the
  // ticket with its cedula (payments.service: CEDULA_REQUIRED without a staff token).
  .meta({
    anyOf: [
      { title: 'Comprador, un pedido entero', required: ['order_code', 'cedula'] },
      { title: 'Comprador, con el ticket', required: ['ticket_id', 'cedula'] },
      { title: 'Comprador, desde la consulta', required: ['raffle_id', 'number', 'cedula', 'phone_last4'] },
      { title: 'Personal (token Bearer)', required: ['ticket_id'] },
    ],
  });
export type CreatePaymentInput = z.input<typeof createPaymentSchema>;

export const reviewPaymentSchema = z
  .object({
    // A decision: `pending` is no answer (it was written down as a rejection that rejected nothing).
    status: z.enum(['approved', 'rejected'], 'Estado de pago inválido'),
    notes: z.string().trim().max(500).optional(),
    /** Why it was rejected, in words the buyer reads in tracking. */
    reason: z.string().trim().min(3, 'Escribe el motivo del rechazo').max(300).optional(),
  })
  .strict();

export const paymentSchema = z.object({
  id: z.string(),
  ticket_id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount_cents: centsField,
  payment_method: z.string(),
  reference: z.string().nullable(),
  payment_proof: z.string().nullable(),
  payment_date: instantField,
  notes: z.string().nullable(),
  rate_to_usd: z.number().nullable(),
  /** An earlier payment with the same reference or proof file: a fraud hint for the reviewer (staff only). */
  duplicate_of: z.string().nullable(),
  order_code: z.string().nullable(),
  amount_ves_cents: centsField.nullable(),
  bank_code: z.string().nullable(),
  payer_phone: z.string().nullable(),
  paid_on: z.string().nullable(),
  /** Money staff received by hand (approved when recorded). */
  recorded_by_staff: z.boolean(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** A payment as the buyer who sent it sees it: no fraud hint about other payments. */
export const publicPaymentSchema = paymentSchema.omit({ duplicate_of: true });
export type PublicPayment = z.infer<typeof publicPaymentSchema>;

/** `POST /api/payments` (201), to staff of the raffle. */
export const createPaymentResultSchema = z.object({
  success: z.literal(true),
  ticket: z.object({ id: z.string(), number: countField, status: z.string() }),
  payment: paymentSchema,
});
/** `POST /api/payments` (201), to a buyer (a public caller with the ticket's cedula). */
export const publicCreatePaymentResultSchema = createPaymentResultSchema.extend({
  payment: publicPaymentSchema,
});
export type CreatePaymentResult = z.infer<typeof createPaymentResultSchema>;
export type PublicCreatePaymentResult = z.infer<typeof publicCreatePaymentResultSchema>;

/** A payment as the admin's review screen shows it: the ticket, its buyer and raffle, the review window. */
export const staffPaymentSchema = paymentSchema.extend({
  created_at: instantField,
  reviewed_at: instantField.nullable(),
  /** The buyer's reason when rejected (shown to the buyer in tracking). */
  rejection_reason: z.string().nullable(),
  /** Pending payments that cover the first amount due keep the numbers held until then; else null. */
  review_until: instantField.nullable(),
  /** Payments of one proof file by one buyer share this key (decided together); null without a proof. */
  group_key: z.string().nullable(),
  /** What the payment gives each number of its order, in number order. */
  parts: z.array(
    z.object({
      ticket_id: z.string(),
      number: countField,
      ticket_number: z.string(),
      amount_cents: centsField,
      status: z.string(),
      remaining_cents: centsField,
      /** The instant-win prize this sale won when it became fully paid (decision 041), or null. */
      instant_win_prize: z.string().nullable(),
    }),
  ),
  /** Pending, but its numbers no longer owe what it brings: "Sobrante", to reject. */
  surplus: z.boolean(),
  /** A bank statement row already showed this reference (reconciliation). */
  bank_confirmed: z.boolean(),
  ticket: z.object({
    id: z.string(),
    number: countField,
    ticket_number: z.string(),
    raffle_id: z.string(),
    raffle_name: z.string(),
    status: z.string(),
    buyer_name: z.string().nullable(),
    buyer_email: z.string().nullable(),
    buyer_phone: z.string().nullable(),
    buyer_cedula: z.string().nullable(),
    remaining_cents: centsField,
  }),
});
export type StaffPayment = z.infer<typeof staffPaymentSchema>;

/**
 * `GET /api/tickets/:id/payments`: a ticket's ledger, newest first: the payments that gave it money
 * (`part_cents`: what this number got of each) and its refunds.
 */
export const ticketPaymentSchema = paymentSchema.extend({
  kind: z.literal('payment'),
  rejection_reason: z.string().nullable(),
  part_cents: centsField,
  /** The seller credited with the payment's order (decision 036), by name; staff screens only. */
  seller_name: z.string().nullable().optional(),
});
export type TicketPayment = z.infer<typeof ticketPaymentSchema>;
export const ticketRefundEntrySchema = z.object({
  kind: z.literal('refund'),
  id: z.string(),
  ticket_id: z.string(),
  amount_cents: centsField,
  reason: z.string(),
  actor_email: z.string().nullable(),
  created_at: instantField,
});
export type TicketRefundEntry = z.infer<typeof ticketRefundEntrySchema>;
export const ticketLedgerEntrySchema = z.discriminatedUnion('kind', [
  ticketPaymentSchema,
  ticketRefundEntrySchema,
]);
export type TicketLedgerEntry = z.infer<typeof ticketLedgerEntrySchema>;

/** `PATCH /api/payments/:id`: the decided payment and, when approved, the ticket it paid. */
export const reviewedPaymentSchema = paymentSchema.extend({
  ticket: buyerTicketSchema.nullable(),
  /** Every number the payment paid, when approved. */
  tickets: z.array(buyerTicketSchema),
});
export type ReviewedPayment = z.infer<typeof reviewedPaymentSchema>;
/** `POST /api/payments/review`. */
export const reviewedPaymentsSchema = z.object({ payments: z.array(reviewedPaymentSchema) });
export type ReviewedPayments = z.infer<typeof reviewedPaymentsSchema>;

export const paymentCountsSchema = z.object({
  pending: countField,
  approved: countField,
  rejected: countField,
}) satisfies z.ZodType<Record<PaymentStatus, number>>;
export type PaymentCounts = z.infer<typeof paymentCountsSchema>;

export const REJECTION_REASON_MAX = 300;

/** `POST /api/payments/review`: one decision for several payments (one proof for several numbers). */
export const batchReviewSchema = z
  .object({
    ids: z.array(z.uuid('Pago inválido')).min(1, 'Elige al menos un pago').max(100),
    status: z.enum(['approved', 'rejected'], 'Estado de pago inválido'),
    notes: z.string().trim().max(500).optional(),
    reason: z.string().trim().min(3, 'Escribe el motivo del rechazo').max(REJECTION_REASON_MAX).optional(),
  })
  .strict();
