import { centsField, countField, instantField } from './api';
import { cedulaField, vePhoneField } from './fields';
import { ticketInstantWinSchema } from './instant-wins';
import { ledgerMessages, refundSchema, statusMoneyFields, TAKES_MONEY_BACK } from './ledger';
import { paymentSchema } from './payments';
import { buyerTicketSchema, PAYMENT_METHODS } from './reservations';
import { TICKET_STATUSES } from './tickets';
import { uploadUrlField } from './uploads';
import { z } from './zod';

/** Far beyond any real list, and small enough that (page - 1) * per_page stays an exact integer. */
const MAX_PAGE = 1_000_000;

/** The staff filter chips: the five statuses plus 'otros' (anything else). */
export const TICKET_FILTER_STATUSES = [...TICKET_STATUSES, 'otros'] as const;
export type TicketFilterStatus = (typeof TICKET_FILTER_STATUSES)[number];

/**
 * `status=apartado,abonado`: a comma list of filter statuses (spaces around them and empty items
 * ignored). The transform is the check and names what it does not know; `pattern` says exactly the
 * same for the OpenAPI document (domain/domain.test.ts compares them).
 */
const STATUS_ITEM = `\\s*(?:(?:${TICKET_FILTER_STATUSES.join('|')})\\s*)?`;
export const TICKET_STATUS_LIST_PATTERN = `^${STATUS_ITEM}(?:,${STATUS_ITEM})*$`;

const statusList = z
  .string()
  .max(200)
  .meta({ pattern: TICKET_STATUS_LIST_PATTERN, example: 'apartado,abonado' })
  .transform((v, ctx) => {
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = list.filter((s) => !(TICKET_FILTER_STATUSES as readonly string[]).includes(s));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `Estado desconocido: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return list;
  });

/** `GET /api/raffles/:id/tickets` query: page >= 1, per_page 1..1000 (400 outside). */
export const ticketListQuery = z.object({
  status: statusList.optional(),
  search: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  per_page: z.coerce.number().int().min(1).max(1000).default(50),
});

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const ticketPatchSchema = z
  .object({
    status: z.enum(TICKET_STATUSES, 'Estado inválido').optional(),
    buyer_name: optionalText(120),
    buyer_phone: vePhoneField().nullable().optional(),
    buyer_address: optionalText(300),
    buyer_cedula: cedulaField().nullable().optional(),
    buyer_email: z.email('Correo inválido').max(254).nullable().optional(),
    payment_method: z.enum(PAYMENT_METHODS).nullable().optional(),
    payment_proof: uploadUrlField().nullable().optional(),
    /** Money is a ledger: these are refused by name (400), staff record payments or refunds instead. */
    total_paid_cents: z.unknown().optional().meta({ description: 'No se acepta: se calcula de los pagos' }),
    remaining_cents: z.unknown().optional().meta({ description: 'No se acepta: se calcula de los pagos' }),
    reserved_until: z.iso.datetime({ offset: true }).nullable().optional(),
    note: z.string().trim().max(500).optional(),
    ...statusMoneyFields,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.status === 'abonado' && v.amount_cents === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount_cents'], message: ledgerMessages.amountRequired });
    // Only an abono reads the amount (pagado records what is owed): anywhere else it would be dropped
    // without a word, and a caller would believe a payment was recorded.
    if (v.amount_cents !== undefined && v.status !== 'abonado')
      ctx.addIssue({ code: 'custom', path: ['amount_cents'], message: ledgerMessages.amountOnlyWithAbono });
    // The same for a refund decision: only a status that gives the money back reads it.
    const givesBack = v.status !== undefined && TAKES_MONEY_BACK.has(v.status);
    for (const field of ['refund', 'no_refund_reason'] as const) {
      if (v[field] !== undefined && !givesBack)
        ctx.addIssue({ code: 'custom', path: [field], message: ledgerMessages.refundOnlyGivingBack });
    }
  });
export type TicketPatch = z.output<typeof ticketPatchSchema>;

// A real calendar day (no 2026-02-30, no year 0): the database refuses the rest with an error.
const isoDay = z.iso
  .date('Fecha inválida (AAAA-MM-DD)')
  .refine((day) => day >= '1900-01-01', 'Fecha inválida (AAAA-MM-DD)');

/** `GET /api/history`: `status` is the status a change led to; `from`/`to` are Caracas days, inclusive. */
export const historyQuery = z.object({
  raffle_id: z.uuid('Rifa inválida').optional(),
  ticket_id: z.uuid('Ticket inválido').optional(),
  status: z.enum(TICKET_STATUSES, 'Estado inválido').optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});

/** `GET /api/raffles/:id/tickets.csv`: the list's filters, every page. */
export const ticketCsvQuery = ticketListQuery.pick({ status: true, search: true });

/** `GET /api/raffles/:id/buyers`: buyers grouped by cedula. */
export const buyersQuery = z.object({
  search: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});

export const raffleBuyerSchema = z.object({
  cedula: z.string(),
  buyer_name: z.string().nullable(),
  buyer_phone: z.string().nullable(),
  buyer_email: z.string().nullable(),
  /** Their numbers (integers, ascending) and the same zero-padded. */
  numbers: z.array(countField),
  ticket_numbers: z.array(z.string()),
  tickets: countField,
  total_paid_cents: centsField,
  remaining_cents: centsField,
  /** Distinct statuses of their tickets. */
  statuses: z.array(z.string()),
  /**
   * Earliest reserved_until of their unpaid reservations that no payment under review keeps (the
   * deadline a reminder names); null when there are none.
   */
  reserved_until: instantField.nullable(),
  /**
   * Earliest time until which a payment under review keeps one of their reservations from
   * expiring; null when no pending payment holds any. With `reserved_until` null, every
   * reservation they still have to pay for is under review.
   */
  review_hold_until: instantField.nullable(),
  /** The sellers credited with their orders (decision 036), by name. */
  sellers: z.array(z.string()),
});
export type RaffleBuyer = z.infer<typeof raffleBuyerSchema>;

/** `GET /api/raffles/:id/buyers`. */
export const raffleBuyersPageSchema = z.object({
  items: z.array(raffleBuyerSchema),
  count: countField,
  page: countField,
  per_page: countField,
  /** Over every buyer of the raffle (not only this page or search). */
  totals: z.object({
    buyers: countField,
    tickets: countField,
    total_paid_cents: centsField,
    remaining_cents: centsField,
  }),
});
export type RaffleBuyersPage = z.infer<typeof raffleBuyersPageSchema>;

/** Tickets per filter chip (the five statuses and 'otros'). */
export const ticketCountsSchema = z.object({
  disponible: countField,
  apartado: countField,
  abonado: countField,
  pagado: countField,
  cancelado: countField,
  otros: countField,
}) satisfies z.ZodType<Record<TicketFilterStatus, number>>;
export type TicketCounts = z.infer<typeof ticketCountsSchema>;

export const ticketHistoryEntrySchema = z.object({
  id: z.int(),
  ticket_id: z.string(),
  raffle_id: z.string(),
  number: countField,
  from_status: z.string().nullable(),
  to_status: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  note: z.string().nullable(),
  created_at: instantField,
  raffle_name: z.string(),
  ticket_number: z.string(),
});
export type TicketHistoryEntry = z.infer<typeof ticketHistoryEntrySchema>;

/** `GET /api/history`: newest first. */
export const historyPageSchema = z.object({
  items: z.array(ticketHistoryEntrySchema),
  count: countField,
  page: countField,
  per_page: countField,
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** A row of the staff ticket list: a sale, or a number nobody holds (`id` null, 'disponible'). */
export const staffTicketSchema = buyerTicketSchema.extend({
  id: z.string().nullable(),
  /** The order (reservation) the sale belongs to, in lists; null for numbers nobody holds. */
  order_code: z.string().nullable().optional(),
  /** The seller credited with the sale (a referral link or the staff member who sold it), in lists. */
  seller_name: z.string().nullable().optional(),
  /**
   * In lists and `GET /api/tickets/:id`: until when a payment under review keeps this reservation
   * from expiring (it then outlasts `reserved_until`); null when no pending payment covers its
   * first amount due.
   */
  review_hold_until: instantField.nullable().optional(),
  /**
   * A number priced 0 whose status staff set by hand (decision 061): its order's payments no longer
   * change it. False for every other number; staff routes only (a buyer's view never carries it).
   */
  status_by_hand: z.boolean().optional(),
  /**
   * In lists and `GET /api/tickets/:id`, for those who may edit the raffle: the instant-win prize
   * this sale won and when it was handed over (decision 081), else null. A delivered prize stays
   * with this sale even if it is refunded, released or cancelled.
   */
  instant_win: ticketInstantWinSchema.nullable().optional(),
});
export type StaffTicket = z.infer<typeof staffTicketSchema>;

/** `GET /api/raffles/:id/tickets`: one page, ordered by number, with the counts per chip. */
export const ticketPageSchema = z.object({
  items: z.array(staffTicketSchema),
  count: countField,
  page: countField,
  per_page: countField,
  counts: ticketCountsSchema,
});
export type TicketPage = z.infer<typeof ticketPageSchema>;

/** The staff CSV export's columns, in order (GET /api/raffles/:id/tickets.csv). */
export const ticketCsvColumns = [
  'Número',
  'Estado',
  'Comprador',
  'Teléfono',
  'Cédula',
  'Correo',
  'Dirección',
  'Método de pago',
  'Pagado (USD)',
  'Pendiente (USD)',
  'Fecha de compra',
  'Apartado hasta',
  'Pedido',
  'Pagado (Bs)',
  'Pendiente (Bs)',
  'Vendedor',
] as const;

/** `POST /api/tickets/:id/payments` (201): the approved payment and the sale as it now stands. */
export const recordedPaymentSchema = z.object({ payment: paymentSchema, ticket: staffTicketSchema });
/** `POST /api/tickets/:id/refunds` (201). */
export const recordedRefundSchema = z.object({ refund: refundSchema, ticket: staffTicketSchema });

/** Money fields a patch names: refused with 400 by the service (money is a ledger, issue 18). */
export const moneyFieldsIn = (patch: TicketPatch) =>
  (['total_paid_cents', 'remaining_cents'] as const).filter((f) => patch[f] !== undefined);
