import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUDIT_AUTH_ACTIONS } from '../../../domain/audit';
import { auditSummary } from '../../../domain/audit-chain';
import { type AuditLog, asUuid } from './audit.service';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes whose action reads better as an event name than as their pattern. */
const ACTION_NAMES: Record<string, string> = {
  'POST /api/auth/sign-out': AUDIT_AUTH_ACTIONS.signOut,
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The id of what a staff POST created (its 201 answer's `id`), for its audit entry. */
    auditCreatedId?: string;
  }
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The raffle an action touched: named by the route, its body or query, or found from the sale or payment it names. */
async function raffleOf(
  audit: AuditLog,
  url: string,
  params: Record<string, string>,
  request: FastifyRequest,
) {
  const body = asRecord(request.body);
  const named =
    asUuid(params.raffleId) ??
    (url.startsWith('/api/raffles/:id') ? asUuid(params.id) : null) ??
    (url === '/api/raffles' ? asUuid(request.auditCreatedId) : null) ??
    asUuid(body.raffle_id) ??
    asUuid(asRecord(request.query).raffle_id);
  if (named) return named;
  const id = asUuid(params.id);
  if (id && url.startsWith('/api/tickets/:id')) return audit.raffleOfTicket(id);
  if (id && url.startsWith('/api/payments/:id')) return audit.raffleOfPayment(id);
  const ticketId = asUuid(body.ticket_id);
  return ticketId ? audit.raffleOfTicket(ticketId) : null;
}

/** A signed-in request under /api that changed something and succeeded. */
const captured = (request: FastifyRequest, statusCode: number) =>
  Boolean(
    request.auth &&
      request.routeOptions.url?.startsWith('/api/') &&
      MUTATING.has(request.method) &&
      statusCode < 400,
  );

/**
 * The one place staff actions are captured: every signed-in request under /api that changes
 * something (POST, PUT, PATCH, DELETE) and succeeded (< 400) becomes an entry once its answer is
 * ready. That is onSend, not onResponse: a client that hangs up before the answer arrives gets no
 * `finish`, and its committed change would leave no entry. The entry keeps the route's pattern as
 * its action, the ids the path named (and the id a 201 answer created), and what auditSummary keeps
 * of the body (key names; values only for a whitelist): never a secret. Appending happens beside the
 * answer and never fails the request; a failure is logged. Register before the routes (a root hook
 * reaches the plugins registered after it).
 */
export function captureStaffActions(app: FastifyInstance, audit: AuditLog) {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode === 201 && captured(request, reply.statusCode))
      request.auditCreatedId = asUuid(asRecord(payload).id) ?? undefined;
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    const actor = request.auth;
    if (!actor || !url || !captured(request, reply.statusCode)) return payload;
    const pattern = `${request.method} ${url}`;
    // Path params as the URL had them: a number the route's schema coerced (`:number`) is kept too.
    const params = Object.fromEntries(
      Object.entries(asRecord(request.params)).flatMap(([k, v]) =>
        typeof v === 'string'
          ? [[k, v]]
          : typeof v === 'number' && Number.isFinite(v)
            ? [[k, String(v)]]
            : [],
      ),
    );
    const created = request.auditCreatedId;
    const entry = async () => ({
      action: ACTION_NAMES[pattern] ?? pattern,
      actor_id: actor.userId,
      actor_email: actor.email,
      actor_role: actor.role,
      raffle_id: await raffleOf(audit, url, params, request),
      target: created ? { ...params, created_id: created } : params,
      summary: auditSummary(reply.statusCode, request.body),
    });
    audit.record(entry(), request.log);
    return payload;
  });
}
