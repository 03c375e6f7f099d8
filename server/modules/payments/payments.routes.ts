import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchReviewSchema,
  createPaymentSchema,
  PAYMENT_STATUSES,
  reviewPaymentSchema,
} from '../../../domain/payments';
import { errorResponse } from '../../lib/error-handler';
import { type Guards, requireAuth } from '../../lib/guards';
import type { PaymentsService } from './payments.service';

const idParams = z.object({ id: z.uuid('Identificador inválido') });

export const paymentsRoutes =
  (deps: { payments: PaymentsService; guards: Guards; perMinute: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const { payments, guards } = deps;
    // API.md: payment failures answer {"success": false, "error": {...}}.
    app.setErrorHandler((error, request, reply) => {
      const { status, body } = errorResponse(error as Error, request);
      return reply.status(status).send({ success: false, ...body });
    });

    app.post(
      '/payments',
      {
        preHandler: guards.optional,
        schema: { body: createPaymentSchema },
        config: { rateLimit: { max: deps.perMinute, timeWindow: '1 minute' } },
      },
      async (request, reply) => reply.status(201).send(await payments.create(request.body, request.auth)),
    );

    app.get(
      '/payments',
      {
        preHandler: guards.admin,
        schema: { querystring: z.object({ status: z.enum(PAYMENT_STATUSES).optional() }) },
      },
      async (request) => payments.list(request.query.status),
    );

    app.get('/payments/counts', { preHandler: guards.admin }, async () => payments.counts());

    app.post(
      '/payments/review',
      { preHandler: guards.admin, schema: { body: batchReviewSchema } },
      async (request) => payments.reviewMany(requireAuth(request), request.body),
    );

    app.get(
      '/tickets/:id/payments',
      { preHandler: guards.staff, schema: { params: idParams } },
      async (request) => payments.listForTicket(requireAuth(request), request.params.id),
    );

    app.patch(
      '/payments/:id',
      { preHandler: guards.admin, schema: { params: idParams, body: reviewPaymentSchema } },
      async (request) => payments.review(requireAuth(request), request.params.id, request.body),
    );
  };
