import { centsField, countField, instantField } from './api';
import { cedulaField } from './fields';
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
  cedulaMismatch: 'La cédula no coincide con la del comprador de este ticket.',
  cedulaRequired: 'Indica la cédula del comprador para registrar el pago.',
  ticketNotPayable: 'Este ticket no admite pagos en su estado actual.',
  amountTooHigh: 'El monto supera lo que falta por pagar.',
  notFound: 'Pago no encontrado',
  approvedIsFinal: 'Un pago aprobado no se puede cambiar.',
  alreadyDecided: 'Este pago ya fue revisado: su decisión es definitiva.',
  ticketChanged:
    'El ticket cambió desde que se envió este pago (se liberó, se canceló o es de otro comprador). Revísalo antes de decidir.',
  exceedsRemaining: 'El monto de este pago supera lo que falta por pagar del ticket.',
  reasonRequired: 'Escribe el motivo del rechazo: el comprador lo verá.',
  buyerNotFound: 'No encontramos ese número con esa cédula y teléfono.',
  sentWithReservation: 'Comprobante enviado al apartar los números',
  statusChanged: (status: string) => `Estado cambiado a ${status}`,
  reasonLine: (reason: string) => `Motivo: ${reason}`,
} as const;

export const createPaymentSchema = z
  .object({
    ticket_id: z.uuid('Ticket inválido').optional(),
    amount_cents: z
      .int('El monto debe ser un entero de céntimos')
      .min(1, 'El monto debe ser mayor que cero')
      .max(100_000_000),
    payment_method: z.enum(PAYMENT_METHODS, 'Método de pago inválido').default('transfer'),
    reference: z.string().trim().max(60).nullish(),
    payment_proof: uploadUrlField().nullish(),
    notes: z.string().trim().max(500).nullish(),
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
      { title: 'Comprador, con el ticket', required: ['ticket_id', 'cedula'] },
      { title: 'Comprador, desde la consulta', required: ['raffle_id', 'number', 'cedula', 'phone_last4'] },
      { title: 'Personal (token Bearer)', required: ['ticket_id'] },
    ],
  });
export type CreatePaymentInput = z.input<typeof createPaymentSchema>;

export const reviewPaymentSchema = z
  .object({
    status: z.enum(PAYMENT_STATUSES, 'Estado de pago inválido'),
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

/** `GET /api/tickets/:id/payments`: a ticket's payments, newest first. */
export const ticketPaymentSchema = paymentSchema.extend({ rejection_reason: z.string().nullable() });
export type TicketPayment = z.infer<typeof ticketPaymentSchema>;

/** `PATCH /api/payments/:id`: the decided payment and, when approved, the ticket it paid. */
export const reviewedPaymentSchema = paymentSchema.extend({ ticket: buyerTicketSchema.nullable() });
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
