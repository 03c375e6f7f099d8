import { cedulaField, vePhoneField } from './fields';
import { PAYMENT_METHODS } from './reservations';
import { TICKET_STATUSES } from './tickets';
import { z } from './zod';

const statusList = z
  .string()
  .max(200)
  .transform((v, ctx) => {
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = list.filter((s) => !(TICKET_STATUSES as readonly string[]).includes(s));
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

export const historyQuery = z.object({
  raffle_id: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});

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
};
