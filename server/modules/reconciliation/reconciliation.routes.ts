import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../domain/api';
import {
  statementApprovalSchema,
  statementDetailSchema,
  statementListSchema,
  statementUploadBodySchema,
  statementUploadResultSchema,
} from '../../../domain/reconciliation';
import { type Guards, requireAuth } from '../../lib/guards';
import { readStatementUpload, statementMultipartLimits } from './reconciliation.multipart';
import type { ReconciliationService } from './reconciliation.service';

/** Bank-statement reconciliation (issue 18): admins only, the guard runs before any body is read. */
export const reconciliationRoutes =
  (deps: { reconciliation: ReconciliationService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    const { reconciliation, guards } = deps;
    // Registered here so only the statement upload in this plugin accepts multipart bodies.
    await app.register(multipart, { limits: statementMultipartLimits });

    app.post(
      '/reconciliation/statements',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'uploadBankStatement',
          summary: 'Subir un estado de cuenta del banco y cruzarlo con los pagos reportados',
          description:
            'Un formato de columnas que no se reconoce ni se recuerda responde 422 `MAPPING_REQUIRED` ' +
            'con `columns`, `sample` y `suggested`; se envía de nuevo con `mapping`.',
          multipartBody: statementUploadBodySchema,
          response: { 201: statementUploadResultSchema },
        },
      },
      async (request, reply) => {
        const upload = await readStatementUpload(request);
        return reply.status(201).send(await reconciliation.upload(requireAuth(request), upload));
      },
    );

    app.get(
      '/reconciliation/statements',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'listBankStatements',
          summary: 'Estados de cuenta subidos, los más recientes primero',
          response: { 200: statementListSchema },
        },
      },
      async () => reconciliation.list(),
    );

    app.get(
      '/reconciliation/statements/:id',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'getBankStatement',
          summary: 'Un estado de cuenta con cada movimiento, su estado y los pagos con que coincide',
          params: idParams,
          response: { 200: statementDetailSchema },
        },
      },
      async (request) => reconciliation.get(request.params.id),
    );

    app.post(
      '/reconciliation/statements/:id/approve',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'approveBankStatementMatches',
          summary: 'Aprobar los pagos de todas las coincidencias del estado de cuenta',
          params: idParams,
          response: { 200: statementApprovalSchema },
        },
      },
      async (request) => reconciliation.approve(requireAuth(request), request.params.id),
    );
  };
