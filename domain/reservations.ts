import { centsField, countField, instantField } from './api';
import { cedulaField, vePhoneField } from './fields';
import { orderSummarySchema } from './orders';
import { MAX_TOTAL_NUMBERS } from './raffles';
import { sellerCodeField } from './seller-network';
import { MAX_NUMBERS_PER_RESERVATION } from './tickets';
import { uploadUrlField } from './uploads';
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
  /** The raffle's cap per buyer (by cedula), and what this cedula holds of it already. */
  buyerLimit: (max: number, held: number) =>
    held > 0
      ? `Cada comprador puede tener como máximo ${max} ${max === 1 ? 'número' : 'números'} de esta rifa y con esta cédula ya tienes ${held}. Elige menos números.`
      : `Cada comprador puede tener como máximo ${max} ${max === 1 ? 'número' : 'números'} de esta rifa. Elige menos números.`,
  duplicates: 'No repitas números',
  invalidProof: 'El comprobante no es un archivo subido válido',
  /** 409 PRICES_CHANGED: the price or the packages changed while this reservation was priced. */
  pricesChanged:
    'El precio o los paquetes de esta rifa acaban de cambiar. Revisa el total y vuelve a intentarlo.',
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
        z
          .int('Los números deben ser enteros')
          .min(0, reservationMessages.outOfRange)
          .max(MAX_TOTAL_NUMBERS - 1, reservationMessages.outOfRange),
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
    payment_proof: uploadUrlField().nullish(),
    /** The referral code kept from a seller's link (decision 036): an unknown one credits nobody. */
    seller_code: sellerCodeField.optional(),
    /**
     * A key the browser chooses for this request and sends again with it after a lost answer: the
     * same request, refused by its own earlier sale, is answered with that order (decision 057).
     */
    request_id: z.uuid('La clave de la solicitud no es válida').optional(),
    /**
     * The total the buyer was shown for these numbers, in cents: sold only at that total (409
     * PRICES_CHANGED if the price or the packages changed since). Absent: today's price.
     */
    total_cents: z.int('El total debe ser un número entero de centavos').min(0).optional(),
    /** A solved proof of work (the ALTCHA widget's payload), asked for under pressure (428 CHALLENGE_REQUIRED). */
    altcha: z.string().max(4000).optional(),
  })
  .strict();
export type ReservationInput = z.input<typeof reservationSchema>;
export type Reservation = z.output<typeof reservationSchema>;

export const luckyPickSchema = z
  .object({
    count: z.int().min(1).max(MAX_NUMBERS_PER_RESERVATION),
    exclude: z
      .array(
        z
          .int()
          .min(0)
          .max(MAX_TOTAL_NUMBERS - 1),
      )
      .max(500)
      .default([]),
  })
  .strict();

/** A sale as its buyer (right after reserving) and staff see it: contact data included. */
export const buyerTicketSchema = z.object({
  id: z.string(),
  raffle_id: z.string(),
  number: countField,
  ticket_number: z.string(),
  status: z.string(),
  buyer_name: z.string().nullable(),
  buyer_phone: z.string().nullable(),
  buyer_address: z.string().nullable(),
  buyer_cedula: z.string().nullable(),
  buyer_email: z.string().nullable(),
  payment_method: z.string().nullable(),
  payment_proof: z.string().nullable(),
  purchased_at: instantField.nullable(),
  total_paid_cents: centsField,
  remaining_cents: centsField,
  /** The price this sale was made at (kept if the raffle's price changes); null for a number nobody holds. */
  price_cents: centsField.nullable(),
  reserved_until: instantField.nullable(),
  /** Secret to the buyer and staff: with the cedula it proves the sale's line in the sealed list (issue 19). */
  verification_code: z.string().nullable(),
});
export type BuyerTicket = z.infer<typeof buyerTicketSchema>;

/** `POST /api/raffles/:id/reservations` (201): the buyer's own tickets, ids included. */
export const reservationResultSchema = z.object({
  tickets: z.array(buyerTicketSchema),
  /** The reservation's order (pedido): one code to pay and track all its numbers. */
  order: orderSummarySchema,
});
export type ReservationResult = z.infer<typeof reservationResultSchema>;

/** `POST /api/raffles/:id/lucky-pick`: available numbers picked at random. */
export const luckyPickResultSchema = z.object({ numbers: z.array(countField) });
export type LuckyPickResult = z.infer<typeof luckyPickResultSchema>;

/** Public board: one character per number; see BOARD_CODES in tickets.ts. */
export const boardSchema = z.object({
  raffle_id: z.string(),
  total_numbers: countField,
  digit_count: countField,
  version: z.number(),
  statuses: z.string(),
});
export type Board = z.infer<typeof boardSchema>;

/** A live update on `GET /api/raffles/:id/events` (event `ticket`). Never buyer data. */
export const ticketEventSchema = z.object({ number: countField, status: z.string(), version: z.number() });
export type TicketEvent = z.infer<typeof ticketEventSchema>;

/** `?batch=1`: one `event: tickets` per tick with the changes packed (live-events.ts), instead of one `ticket` each. */
export const eventStreamQuery = z.object({
  batch: z
    .literal('1')
    .optional()
    .describe('1: un evento `tickets` por tick con la lista de cambios (id = versión del último)'),
});

/**
 * GET /api/reservations/challenge: an ALTCHA proof-of-work challenge (PoW v2), signed by the server.
 * Solved by the web app's widget when a reservation answers 428 `CHALLENGE_REQUIRED`.
 */
export const reservationChallengeSchema = z.object({
  parameters: z
    .object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
    })
    .strict(),
  signature: z.string().optional(),
});
