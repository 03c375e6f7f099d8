import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuery, auditPageSchema, auditVerdictSchema } from '../../../domain/audit';
import type { Guards } from '../../lib/guards';
import type { AuditLog } from './audit.service';

/** The audit log: admins only (a vendedor gets 403, no session 401). */
export const auditRoutes =
  (deps: { audit: AuditLog; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    const { audit, guards } = deps;
    // The guard is on each route (not a plugin hook): the contract reads it there.
    const onRequest = guards.admin;

    app.get(
      '/audit',
      {
        onRequest,
        schema: {
          operationId: 'listAuditEntries',
          summary:
            'Registro de auditoría: cada acción del personal, encadenada por hash (más recientes primero)',
          querystring: auditListQuery,
          response: { 200: auditPageSchema },
        },
      },
      async (request) => audit.list(request.query),
    );

    app.get(
      '/audit/verify',
      {
        onRequest,
        schema: {
          operationId: 'verifyAuditChain',
          summary: 'Recalcular la cadena de auditoría completa y señalar la primera entrada rota',
          response: { 200: auditVerdictSchema },
        },
      },
      async () => audit.verify(),
    );
  };
