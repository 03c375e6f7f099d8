import { vePhoneField } from './fields';
import { z } from './zod';

// Kept in a module without zod so public pages can use them without the validation library.
export { amountDueCents, installmentCents, soldPercent } from './raffle-figures';

export const RAFFLE_STATUSES = ['borrador', 'activa', 'cerrada', 'finalizada'] as const;
export type RaffleStatus = (typeof RAFFLE_STATUSES)[number];
export const raffleStatusLabels: Record<RaffleStatus, string> = {
  borrador: 'Borrador',
  activa: 'Activa',
  cerrada: 'Cerrada',
  finalizada: 'Finalizada',
};

/** API names; stored as 'unico' | 'cuotas'. */
export const PAYMENT_TYPES = ['pago_unico', 'cuotas'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const paymentTypeLabels: Record<PaymentType, string> = { pago_unico: 'Pago único', cuotas: 'Cuotas' };

export const MAX_TOTAL_NUMBERS = 1_000_000;
export const MAX_DIGIT_COUNT = 7;

export const raffleMessages = {
  totalExceedsDigits: 'La cantidad de números no cabe en la cantidad de cifras elegida',
  installmentsRequired: 'Indica en cuántas cuotas se paga',
  installmentsMin: 'Mínimo 2 cuotas',
  singlePaymentInstallments: 'Un pago único es una sola cuota: deja las cuotas vacías o en 1',
  closingInPast: 'La fecha de cierre debe ser futura',
  invalidImage: 'La imagen no es una imagen subida para rifas',
  notFound: 'Rifa no encontrada',
  notYours: 'Solo puedes gestionar tus propias rifas.',
  totalLocked: 'No se puede cambiar la cantidad de números: ya hay números apartados o vendidos.',
  notOpen: 'Esta rifa no está recibiendo reservas en este momento.',
  closed: 'Esta rifa ya cerró: no admite más reservas.',
} as const;

const fields = {
  name: z.string().trim().min(3, 'El nombre debe tener al menos 3 caracteres').max(120),
  // No defaults in `fields`: a partial update must change only what it sends (defaults go on create).
  description: z.string().trim().max(5000),
  price_cents: z
    .int('El precio debe ser un número entero de céntimos')
    .min(0, 'El precio no puede ser negativo')
    .max(100_000_000),
  total_numbers: z
    .int('La cantidad de números debe ser un entero')
    .min(1, 'La rifa necesita al menos 1 número')
    .max(MAX_TOTAL_NUMBERS, 'Una rifa puede tener como máximo 1.000.000 de números'),
  digit_count: z.int().min(1, 'Mínimo 1 cifra').max(MAX_DIGIT_COUNT, `Máximo ${MAX_DIGIT_COUNT} cifras`),
  payment_type: z.enum(PAYMENT_TYPES, 'Elige pago único o cuotas'),
  // A single payment is one installment: pago_unico takes null or 1; cuotas needs 2 or more (rule below).
  installments: z
    .int('Las cuotas deben ser un número entero')
    .min(1, 'Mínimo 1 cuota')
    .max(48, 'Máximo 48 cuotas')
    .nullable(),
  status: z.enum(RAFFLE_STATUSES, 'Estado inválido'),
  closing_date: z.iso.datetime({ offset: true, message: 'Fecha de cierre inválida' }).nullable(),
  reservation_hours: z.int().min(1, 'Mínimo 1 hora').max(720, 'Máximo 720 horas (30 días)'),
  draw_source: z.string().trim().max(200).nullable(),
  images: z.array(z.string().max(500)).max(10, 'Máximo 10 imágenes'),
  organizer_name: z.string().trim().max(120).nullable(),
  contact_phone: vePhoneField().nullable(),
  payment_instructions: z.string().trim().max(2000).nullable(),
  seller_id: z.uuid().nullable(),
};

type RuleInput = {
  total_numbers?: number;
  digit_count?: number;
  payment_type?: PaymentType;
  installments?: number | null;
};

/** Cross-field rules, shared by create and (merged) update. */
export function raffleRuleViolations(v: RuleInput): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (v.total_numbers !== undefined && v.digit_count !== undefined && v.total_numbers > 10 ** v.digit_count) {
    problems.push({ path: 'total_numbers', message: raffleMessages.totalExceedsDigits });
  }
  if (v.payment_type === 'cuotas' && !v.installments) {
    problems.push({ path: 'installments', message: raffleMessages.installmentsRequired });
  } else if (v.payment_type === 'cuotas' && v.installments === 1) {
    problems.push({ path: 'installments', message: raffleMessages.installmentsMin });
  } else if (v.payment_type === 'pago_unico' && v.installments != null && v.installments !== 1) {
    problems.push({ path: 'installments', message: raffleMessages.singlePaymentInstallments });
  }
  return problems;
}

export const createRaffleSchema = z
  .object({
    ...fields,
    description: fields.description.default(''),
    status: fields.status.default('activa'),
    payment_type: fields.payment_type.default('pago_unico'),
    installments: fields.installments.default(null),
    closing_date: fields.closing_date.default(null),
    reservation_hours: fields.reservation_hours.default(24),
    draw_source: fields.draw_source.default(null),
    images: fields.images.default([]),
    organizer_name: fields.organizer_name.default(null),
    contact_phone: fields.contact_phone.default(null),
    payment_instructions: fields.payment_instructions.default(null),
    seller_id: fields.seller_id.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    for (const p of raffleRuleViolations(v))
      ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
  });
export type CreateRaffleInput = z.input<typeof createRaffleSchema>;
export type CreateRaffle = z.output<typeof createRaffleSchema>;

export const updateRaffleSchema = z.object(fields).partial().strict();
export type UpdateRaffle = z.output<typeof updateRaffleSchema>;

export type RaffleStats = {
  disponible: number;
  apartado: number;
  abonado: number;
  pagado: number;
  cancelado: number;
  total_paid_cents: number;
  pending_cents: number;
};

export type Raffle = {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  total_numbers: number;
  digit_count: number;
  seller_id: string | null;
  payment_type: PaymentType;
  status: RaffleStatus;
  installments: number | null;
  images: string[];
  created_at: string;
  closing_date: string | null;
  reservation_hours: number;
  /** Who runs it, a WhatsApp/phone to reach them, and how to pay (bank, pago móvil data). */
  organizer_name: string | null;
  contact_phone: string | null;
  payment_instructions: string | null;
  draw_source: string | null;
  draw_commitment: string | null;
  winning_number: number | null;
  drawn_at: string | null;
  stats: RaffleStats;
};
