import { cedulaField, vePhoneField } from './fields';
import { type BuyerTicket, PAYMENT_METHODS } from './reservations';
import { TICKET_STATUSES } from './tickets';
import { z } from './zod';

/** The staff filter chips: the five statuses plus 'otros' (anything else). */
export const TICKET_FILTER_STATUSES = [...TICKET_STATUSES, 'otros'] as const;
export type TicketFilterStatus = (typeof TICKET_FILTER_STATUSES)[number];

const statusList = z
  .string()
  .max(200)
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
  page: z.coerce.number().int().min(1).default(1),
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
    payment_proof: z.string().max(500).nullable().optional(),
    total_paid_cents: z.int().min(0).max(100_000_000).optional(),
    remaining_cents: z.int().min(0).max(100_000_000).optional(),
    reserved_until: z.iso.datetime({ offset: true }).nullable().optional(),
    note: z.string().trim().max(500).optional(),
  })
  .strict();
export type TicketPatch = z.output<typeof ticketPatchSchema>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha inválida (AAAA-MM-DD)');

/** `GET /api/history`: `status` is the status a change led to; `from`/`to` are Caracas days, inclusive. */
export const historyQuery = z.object({
  raffle_id: z.uuid('Rifa inválida').optional(),
  ticket_id: z.uuid('Ticket inválido').optional(),
  status: z.enum(TICKET_STATUSES, 'Estado inválido').optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});

/** `GET /api/raffles/:id/tickets.csv`: the list's filters, every page. */
export const ticketCsvQuery = ticketListQuery.pick({ status: true, search: true });

/** `GET /api/raffles/:id/buyers`: buyers grouped by cedula. */
export const buyersQuery = z.object({
  search: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});

export type RaffleBuyer = {
  cedula: string;
  buyer_name: string | null;
  buyer_phone: string | null;
  buyer_email: string | null;
  /** Their numbers (integers, ascending) and the same zero-padded. */
  numbers: number[];
  ticket_numbers: string[];
  tickets: number;
  total_paid_cents: number;
  remaining_cents: number;
  /** Distinct statuses of their tickets. */
  statuses: string[];
  /** Earliest reserved_until of their unpaid reservations (the deadline a reminder names). */
  reserved_until: string | null;
};

export type RaffleBuyersPage = {
  items: RaffleBuyer[];
  count: number;
  page: number;
  per_page: number;
  /** Over every buyer of the raffle (not only this page or search). */
  totals: { buyers: number; tickets: number; total_paid_cents: number; remaining_cents: number };
};

export type TicketCounts = Record<TicketFilterStatus, number>;

export type TicketHistoryEntry = {
  id: number;
  ticket_id: string;
  raffle_id: string;
  number: number;
  from_status: string | null;
  to_status: string;
  actor_id: string | null;
  actor_email: string | null;
  note: string | null;
  created_at: string;
  raffle_name: string;
  ticket_number: string;
};

/** A row of the staff ticket list: a sale, or a number nobody holds (`id` null, 'disponible'). */
export type StaffTicket = Omit<BuyerTicket, 'id'> & { id: string | null };
