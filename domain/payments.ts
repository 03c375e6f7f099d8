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
  sentWithReservation: 'Comprobante enviado al apartar los números',
  statusChanged: (status: string) => `Estado cambiado a ${status}`,
} as const;

export const createPaymentSchema = z
  .object({
    ticket_id: z.uuid('Ticket inválido'),
    amount_cents: z
      .int('El monto debe ser un entero de céntimos')
      .min(1, 'El monto debe ser mayor que cero')
      .max(100_000_000),
    payment_method: z.enum(PAYMENT_METHODS, 'Método de pago inválido').default('transfer'),
    reference: z.string().trim().max(60).nullish(),
    payment_proof: z.string().max(500).nullish(),
    notes: z.string().trim().max(500).nullish(),
    cedula: cedulaField().optional(),
  })
  .strict();
export type CreatePaymentInput = z.input<typeof createPaymentSchema>;

export const reviewPaymentSchema = z
  .object({
    status: z.enum(PAYMENT_STATUSES, 'Estado de pago inválido'),
    notes: z.string().trim().max(500).optional(),
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
