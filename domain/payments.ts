import { cedulaField } from './fields';
import { PAYMENT_METHODS } from './reservations';
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
    payment_proof: z.string().max(500).nullish(),
    notes: z.string().trim().max(500).nullish(),
    cedula: cedulaField().optional(),
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

export type Payment = {
  id: string;
  ticket_id: string;
  status: PaymentStatus;
  amount_cents: number;
  payment_method: string;
  reference: string | null;
  payment_proof: string | null;
  payment_date: string;
  notes: string | null;
  rate_to_usd: number | null;
  duplicate_of: string | null;
};

/** A payment as the admin's review screen shows it: the ticket, its buyer and raffle, the review window. */
export type StaffPayment = Payment & {
  created_at: string;
  reviewed_at: string | null;
  /** The buyer's reason when rejected (shown to the buyer in tracking). */
  rejection_reason: string | null;
  /** Pending payments that cover the first amount due keep the numbers held until then; else null. */
  review_until: string | null;
  /** Payments of one proof file by one buyer share this key (decided together); null without a proof. */
  group_key: string | null;
  ticket: {
    id: string;
    number: number;
    ticket_number: string;
    raffle_id: string;
    raffle_name: string;
    status: string;
    buyer_name: string | null;
    buyer_email: string | null;
    buyer_phone: string | null;
    buyer_cedula: string | null;
    remaining_cents: number;
  };
};

export type PaymentCounts = Record<PaymentStatus, number>;

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
