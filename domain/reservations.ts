import { cedulaField, vePhoneField } from './fields';
import { MAX_NUMBERS_PER_RESERVATION } from './tickets';
import { z } from './zod';

export const PAYMENT_METHODS = ['transfer', 'pago_movil', 'zelle', 'efectivo', 'binance'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  transfer: 'Transferencia bancaria',
  pago_movil: 'Pago móvil',
  zelle: 'Zelle',
  efectivo: 'Efectivo',
  binance: 'Binance (USDT)',
};

// Lives in tickets.ts (no zod), so the board can use it without the validation library.
export { MAX_NUMBERS_PER_RESERVATION } from './tickets';

export const reservationMessages = {
  unavailable: (numbers: string[]) =>
    numbers.length === 1
      ? `El número ${numbers[0]} ya no está disponible. Elige otro.`
      : `Los números ${numbers.join(', ')} ya no están disponibles. Elige otros.`,
  outOfRange: 'Hay números fuera del rango de esta rifa',
  duplicates: 'No repitas números',
  invalidProof: 'El comprobante no es un archivo subido válido',
} as const;

export const buyerSchema = z
  .object({
    name: z.string().trim().min(3, 'Escribe tu nombre y apellido').max(120, 'El nombre es demasiado largo'),
    phone: vePhoneField(),
    address: z
      .string()
      .trim()
      .min(5, 'Escribe tu dirección (ciudad y sector)')
      .max(300, 'La dirección es demasiado larga'),
    cedula: cedulaField(),
    email: z
      .union([z.literal(''), z.email('Correo inválido').max(254)])
      .optional()
      .transform((v) => (v ? v.toLowerCase() : undefined)),
  })
  .strict();
export type BuyerInput = z.input<typeof buyerSchema>;

export const reservationSchema = z
  .object({
    numbers: z
      .array(
        z.int('Los números deben ser enteros').min(0, reservationMessages.outOfRange),
        'Elige al menos un número',
      )
      .min(1, 'Elige al menos un número')
      .max(
        MAX_NUMBERS_PER_RESERVATION,
        `Puedes apartar como máximo ${MAX_NUMBERS_PER_RESERVATION} números a la vez`,
      )
      .refine((ns) => new Set(ns).size === ns.length, reservationMessages.duplicates),
    buyer: buyerSchema,
    payment_method: z.enum(PAYMENT_METHODS, 'Método de pago inválido').default('transfer'),
    payment_proof: z.string().max(500).nullish(),
  })
  .strict();
export type ReservationInput = z.input<typeof reservationSchema>;
export type Reservation = z.output<typeof reservationSchema>;

export const luckyPickSchema = z
  .object({
    count: z.int().min(1).max(MAX_NUMBERS_PER_RESERVATION),
    exclude: z.array(z.int().min(0)).max(500).default([]),
  })
  .strict();

export type BuyerTicket = {
  id: string;
  raffle_id: string;
  number: number;
  ticket_number: string;
  status: string;
  buyer_name: string | null;
  buyer_phone: string | null;
  buyer_address: string | null;
  buyer_cedula: string | null;
  buyer_email: string | null;
  payment_method: string | null;
  payment_proof: string | null;
  purchased_at: string | null;
  total_paid_cents: number;
  remaining_cents: number;
  reserved_until: string | null;
};

/** Public board: one character per number; see BOARD_CODES in tickets.ts. */
export type Board = {
  raffle_id: string;
  total_numbers: number;
  digit_count: number;
  version: number;
  statuses: string;
};

/** A live update on `GET /api/raffles/:id/events` (event `ticket`). Never buyer data. */
export type TicketEvent = { number: number; status: string; version: number };
