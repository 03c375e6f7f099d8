import { centsField, countField, instantField } from './api';
import { DRAW_KINDS, LOTTERY_RULES } from './draw-terms';
import { vePhoneField, wholeNumberField } from './fields';
import { type InstantWin, instantWinsSchema, sameInstantWins } from './instant-wins';
import { type RafflePackage, rafflePackagesSchema } from './packages';
import { paymentAccountsField, paymentAccountViewSchema } from './payment-accounts';
import { prizeRepeatRuleField, prizesField, prizeViewSchema } from './prizes';
import { uploadUrlField } from './uploads';
import { z } from './zod';

// Kept in a module without zod so public pages can use them without the validation library.

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
  /** DELETE of a raffle with a sale or a payment (any ticket row, live or ended): money is never deleted. */
  hasSales:
    'Esta rifa tiene ventas o pagos registrados: no se puede eliminar. Archívala para ocultarla sin perder sus ventas, pagos ni historial.',
  archiveActive:
    'Una rifa activa sigue recibiendo reservas: cierra las ventas (o pásala a borrador) antes de archivarla.',
  archiveAwaitingDraw:
    'Esta rifa está cerrada y espera su sorteo: sortéala antes de archivarla, para que sus compradores puedan verificarlo.',
  archivePrizesPending:
    'A esta rifa le quedan premios por sortear: sortéalos antes de archivarla, para que sus compradores puedan verificarlos.',
  alreadyArchived: 'Esta rifa ya está archivada.',
  archivedStatus: 'La rifa está archivada: su estado ya no cambia.',
} as const;

/** The terms a number is sold under; none changes once any number was ever taken (issue 18). */
export const SALE_TERMS = [
  'payment_type',
  'installments',
  'digit_count',
  'total_numbers',
  'packages',
  'instant_wins',
] as const;
export type SaleTerm = (typeof SALE_TERMS)[number];
export const saleTermLabels: Record<SaleTerm, string> = {
  payment_type: 'la forma de pago',
  installments: 'la cantidad de cuotas',
  digit_count: 'las cifras por número',
  total_numbers: 'la cantidad de números',
  packages: 'los paquetes de números',
  instant_wins: 'los números premiados',
};

/** "a, b y c". */
const spanishList = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;

/** 409 TERMS_LOCKED, naming the terms the edit tried to change. */
export const termsLockedMessage = (terms: readonly SaleTerm[]) =>
  `Ya se apartaron o vendieron números de esta rifa: no se puede cambiar ${spanishList(terms.map((term) => saleTermLabels[term]))}.`;

type SaleTerms = {
  payment_type: PaymentType;
  installments: number | null;
  digit_count: number;
  total_numbers: number;
  packages: readonly RafflePackage[];
  instant_wins: readonly InstantWin[];
};

/** The same packages, in any order. */
const samePackages = (a: readonly RafflePackage[], b: readonly RafflePackage[]) => {
  const key = (ps: readonly RafflePackage[]) =>
    ps
      .map((p) => `${p.numbers}:${p.price_cents}`)
      .sort()
      .join();
  return key(a) === key(b);
};

/** The terms `next` changes from `current` (a single payment is null or 1 installments: the same terms). */
export function changedSaleTerms(current: SaleTerms, next: SaleTerms): SaleTerm[] {
  return SALE_TERMS.filter((term) =>
    term === 'installments'
      ? (current.installments ?? 1) !== (next.installments ?? 1)
      : term === 'packages'
        ? !samePackages(current.packages, next.packages)
        : term === 'instant_wins'
          ? !sameInstantWins(current.instant_wins, next.instant_wins)
          : current[term] !== next[term],
  );
}

const fields = {
  name: z.string().trim().min(3, 'El nombre debe tener al menos 3 caracteres').max(120),
  // No defaults in `fields`: a partial update must change only what it sends (defaults go on create).
  description: z.string().trim().max(5000),
  price_cents: wholeNumberField(0, 100_000_000, {
    notWhole: 'El precio debe ser un número entero de céntimos',
    tooSmall: 'El precio no puede ser negativo',
    tooBig: 'El precio no puede pasar de $1.000.000,00',
  }),
  total_numbers: wholeNumberField(1, MAX_TOTAL_NUMBERS, {
    notWhole: 'La cantidad de números debe ser un entero',
    tooSmall: 'La rifa necesita al menos 1 número',
    tooBig: 'Una rifa puede tener como máximo 1.000.000 de números',
  }),
  digit_count: z.int().min(1, 'Mínimo 1 cifra').max(MAX_DIGIT_COUNT, `Máximo ${MAX_DIGIT_COUNT} cifras`),
  payment_type: z.enum(PAYMENT_TYPES, 'Elige pago único o cuotas'),
  // A single payment is one installment: pago_unico takes null or 1; cuotas needs 2 or more (rule below).
  installments: wholeNumberField(1, 48, {
    notWhole: 'Las cuotas deben ser un número entero',
    tooSmall: 'Mínimo 1 cuota',
    tooBig: 'Máximo 48 cuotas',
  }).nullable(),
  status: z.enum(RAFFLE_STATUSES, 'Estado inválido'),
  closing_date: z.iso.datetime({ offset: true, message: 'Fecha de cierre inválida' }).nullable(),
  /** Kept for older clients: whole hours. `reservation_minutes` says it exactly and wins when both come. */
  reservation_hours: z.int().min(1, 'Mínimo 1 hora').max(720, 'Máximo 720 horas (30 días)'),
  /** How long an unpaid reservation is held (issue 21); reporting a payment extends it. */
  reservation_minutes: wholeNumberField(10, 43_200, {
    notWhole: 'Escribe los minutos como número entero',
    tooSmall: 'Mínimo 10 minutos',
    tooBig: 'Máximo 43.200 minutos (30 días)',
  }),
  /** Numbers one buyer (by cedula) may hold of the raffle (issue 21). */
  max_numbers_per_buyer: z
    .int('Escribe un número entero')
    .min(1, 'Mínimo 1 número por comprador')
    .max(1_000_000, 'Máximo 1.000.000'),
  draw_source: z.string().trim().max(200).nullable(),
  /** The declared draw source (issue 19): frozen at the first sale like the other terms. */
  draw_kind: z.enum(DRAW_KINDS, 'Elige lotería o número aleatorio público').nullable(),
  draw_lottery: z.string().trim().min(2, 'Escribe el nombre de la lotería').max(120).nullable(),
  draw_at: z.iso.datetime({ offset: true, message: 'Fecha del sorteo inválida' }).nullable(),
  draw_rule: z.enum(LOTTERY_RULES, 'Regla de sorteo inválida').nullable(),
  images: z.array(uploadUrlField()).max(10, 'Máximo 10 imágenes'),
  organizer_name: z.string().trim().max(120).nullable(),
  contact_phone: vePhoneField().nullable(),
  payment_instructions: z.string().trim().max(2000).nullable(),
  payment_accounts: paymentAccountsField,
  seller_id: z.uuid().nullable(),
  /** Public "Top vendedores" / "Top compradores" on the raffle page (decision 036). */
  show_leaderboards: z.boolean('Elige si se muestran las clasificaciones'),
  /** "5 números por $20,00" (issue 23): each cheaper than its numbers alone, locked at the first sale. */
  packages: rafflePackagesSchema,
  // Several prizes (issue 23, decision 042): the 2.º, 3.º, … in order (the raffle's own prize is the 1.º).
  prizes: prizesField,
  prize_repeat_rule: prizeRepeatRuleField,
  /** Instant-win numbers (decision 041): only their commitment is public before the close. */
  instant_wins: instantWinsSchema,
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
    // Neither given: 120 minutes (raffles.service.ts); hours alone (older clients): those hours.
    reservation_hours: fields.reservation_hours.optional(),
    reservation_minutes: fields.reservation_minutes.optional(),
    max_numbers_per_buyer: fields.max_numbers_per_buyer.default(100),
    draw_source: fields.draw_source.default(null),
    draw_kind: fields.draw_kind.default(null),
    draw_lottery: fields.draw_lottery.default(null),
    draw_at: fields.draw_at.default(null),
    draw_rule: fields.draw_rule.default(null),
    images: fields.images.default([]),
    organizer_name: fields.organizer_name.default(null),
    contact_phone: fields.contact_phone.default(null),
    payment_instructions: fields.payment_instructions.default(null),
    payment_accounts: fields.payment_accounts.default([]),
    seller_id: fields.seller_id.optional(),
    show_leaderboards: fields.show_leaderboards.default(false),
    packages: fields.packages.default([]),
    // Several prizes (decision 042).
    prizes: fields.prizes.default([]),
    prize_repeat_rule: fields.prize_repeat_rule.default('siguiente_resultado'),
    instant_wins: fields.instant_wins.default([]),
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

/** Numbers per status: what anyone may see of a raffle's sales. */
export const raffleCountsSchema = z.object({
  disponible: countField,
  apartado: countField,
  abonado: countField,
  pagado: countField,
  cancelado: countField,
});
export type RaffleCounts = z.infer<typeof raffleCountsSchema>;

/** The counts plus the money: collected, and still owed by live sales. Staff of the raffle only. */
export const raffleStatsSchema = raffleCountsSchema.extend({
  total_paid_cents: centsField,
  pending_cents: centsField,
});
export type RaffleStats = z.infer<typeof raffleStatsSchema>;

const raffleFields = {
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price_cents: centsField,
  total_numbers: countField,
  digit_count: countField,
  seller_id: z.string().nullable(),
  payment_type: z.enum(PAYMENT_TYPES),
  status: z.enum(RAFFLE_STATUSES),
  installments: z.int().nullable(),
  images: z.array(z.string()),
  created_at: instantField,
  closing_date: instantField.nullable(),
  reservation_hours: z.int(),
  reservation_minutes: z.int(),
  max_numbers_per_buyer: z.int(),
  /** Who runs it, a WhatsApp/phone to reach them, and how to pay (bank, pago móvil data). */
  organizer_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  payment_instructions: z.string().nullable(),
  /** Where to pay, as data (domain/payment-accounts.ts); the instructions above stay as free text. */
  payment_accounts: z.array(paymentAccountViewSchema),
  draw_source: z.string().nullable(),
  draw_commitment: z.string().nullable(),
  winning_number: z.int().nullable(),
  drawn_at: instantField.nullable(),
  // The sealed draw (issue 19, docs/verification.md).
  /** When the sold list was frozen and committed; null before. */
  closed_at: instantField.nullable(),
  /** 1: flat SHA-256 of the list (closed before issue 19); 2: RFC 6962 Merkle root. */
  commitment_version: z.int().nullable(),
  line_count: z.int().nullable(),
  /** Every extension of the closing date, oldest first. */
  closing_extensions: z.array(z.object({ from: instantField, to: instantField, at: instantField })),
  /** Dated notes appended to the prize text after it froze. */
  clarifications: z.array(z.object({ at: instantField, text: z.string() })),
  draw_kind: z.enum(DRAW_KINDS).nullable(),
  draw_lottery: z.string().nullable(),
  /** The declared time of the lottery's draw. */
  draw_at: instantField.nullable(),
  draw_rule: z.enum(LOTTERY_RULES).nullable(),
  /** The rule in words ("Gana el número con los últimos 3 dígitos del primer premio de la lotería."). */
  draw_rule_text: z.string().nullable(),
  /** The official result as published (a lottery source), once registered. */
  draw_result: z.string().nullable(),
  /** The page shows the masked leaderboards (`GET /api/raffles/:id/leaderboards`). */
  show_leaderboards: z.boolean(),
  /** Number packages, smallest first: the checkout charges the cheapest combination (domain/packages.ts). */
  packages: z.array(z.object({ numbers: countField, price_cents: centsField })),
  // Several prizes (issue 23, decision 042).
  /** Every prize in order: position 1 is the raffle's own prize and source, then the additional ones. */
  prizes: z.array(prizeViewSchema),
  /** What a prize whose number already won gets: the next result/round, or no winner. */
  prize_repeat_rule: prizeRepeatRuleField,
  /**
   * SHA-256 over the instant-win numbers and a secret salt (docs/verification.md), null without
   * them: the numbers themselves are published with the salt in the draw answer at close.
   */
  instant_win_commitment: z.string().nullable(),
  /**
   * Archived by an admin (hidden from the listings), or null. The public sees only a finished
   * raffle archived: its page keeps the result and its proof (raffles.service.ts `isPageVisible`).
   */
  archived_at: instantField.nullable(),
};

/** A raffle as the public sees it: `stats` has counts only, never money. */
export const publicRaffleSchema = z.object({ ...raffleFields, stats: raffleCountsSchema });
export type PublicRaffle = z.infer<typeof publicRaffleSchema>;

/**
 * A raffle as staff see it: the money in `stats` is there for those who manage the raffle (an admin,
 * its seller); a vendedor listing someone else's raffle gets the counts only.
 */
export const raffleSchema = z.object({
  ...raffleFields,
  /** Some number was ever taken (a live or an ended sale): the raffle cannot be deleted, only archived. */
  has_sales: z.boolean(),
  /** Payment type, installments, digits and size can no longer change: it has sales, or it closed. */
  terms_locked: z.boolean(),
  stats: raffleCountsSchema.extend(
    raffleStatsSchema.pick({ total_paid_cents: true, pending_cents: true }).partial().shape,
  ),
});
export type Raffle = z.infer<typeof raffleSchema>;

/** The sealed-draw fields of a raffle answer (issue 19). */
export type SealedDrawFields = Pick<
  Raffle,
  | 'closed_at'
  | 'commitment_version'
  | 'line_count'
  | 'closing_extensions'
  | 'clarifications'
  | 'draw_kind'
  | 'draw_lottery'
  | 'draw_at'
  | 'draw_rule'
  | 'draw_rule_text'
  | 'draw_result'
>;
