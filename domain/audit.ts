import { countField, instantField } from './api';
import { z } from './zod';

/** The audit log's API (issue 19, decision 025): the entries as stored, and the chain's verdict. */

export const AUDIT_PAGE_SIZE = 50;
const MAX_PAGE = 1_000_000;

const isoDay = z.iso
  .date('Fecha inválida (AAAA-MM-DD)')
  .refine((day) => day >= '1900-01-01', 'Fecha inválida (AAAA-MM-DD)');

/** `GET /api/audit`: `actor` and `action` match part of the e-mail / action; `from`/`to` are Caracas days, inclusive. */
export const auditListQuery = z.object({
  raffle_id: z.uuid('Rifa inválida').optional(),
  actor: z.string().trim().max(200).optional(),
  action: z.string().trim().max(200).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
});
export type AuditListQuery = z.output<typeof auditListQuery>;

export const auditEntrySchema = z.object({
  seq: countField,
  at: instantField,
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  actor_role: z.string().nullable(),
  /** `METHOD /api/route/:pattern` for a staff request, or `auth.sign_in`, `auth.sign_in_failed`, … */
  action: z.string(),
  raffle_id: z.string().nullable(),
  /** The ids the route named (its path params). */
  target: z.record(z.string(), z.string()),
  /** `status`, the body's top-level `fields`, the whitelisted `values`; never secrets. */
  summary: z.record(z.string(), z.unknown()),
  prev_hash: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: countField,
  page_size: countField,
  total: countField,
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** `GET /api/audit/verify`: the whole chain recomputed from the first entry. */
export const auditVerdictSchema = z.union([
  z.object({ ok: z.literal(true), count: countField }),
  z.object({
    ok: z.literal(false),
    first_broken_seq: countField,
    reason: z.enum(['prev_hash_mismatch', 'hash_mismatch']),
    count: countField,
  }),
]);

/** Actions that are not a route: the auth events. */
export const AUDIT_AUTH_ACTIONS = {
  signIn: 'auth.sign_in',
  signInFailed: 'auth.sign_in_failed',
  signOut: 'auth.sign_out',
  refreshTokenReused: 'auth.refresh_token_reused',
} as const;

export const auditMessages = {
  intact: (count: number) => `Cadena íntegra (${count} ${count === 1 ? 'entrada' : 'entradas'})`,
  broken: (seq: number, reason: 'prev_hash_mismatch' | 'hash_mismatch') =>
    reason === 'hash_mismatch'
      ? `Cadena rota en la entrada #${seq}: su contenido fue alterado`
      : `Cadena rota en la entrada #${seq}: no enlaza con la entrada anterior (falta, sobra o cambió de orden)`,
} as const;
