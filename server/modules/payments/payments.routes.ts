import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchReviewSchema,
  createPaymentResultSchema,
  createPaymentSchema,
  PAYMENT_STATUSES,
  paymentCountsSchema,
  publicCreatePaymentResultSchema,
  reviewedPaymentSchema,
  reviewedPaymentsSchema,
  reviewPaymentSchema,
  staffPaymentSchema,
  ticketPaymentSchema,
} from '../../../domain/payments';
import { isStaffRole } from '../../../domain/roles';
import { errorResponse } from '../../lib/error-handler';
import { type Guards, requireAuth } from '../../lib/guards';
import { publicOrStaff, sendAs } from '../../lib/responses';
import type { PaymentsService } from './payments.service';

const idParams = z.object({ id: z.uuid('Identificador inválido') });

/**
 * A buyer's answer never carries `duplicate_of` (the serializer drops it). To staff, the service's
 * own view: the hint on the raffles they manage (staff first in this union, public otherwise).
 */
const createdAnswer = publicOrStaff(publicCreatePaymentResultSchema, createPaymentResultSchema);
const createdForStaff = z.union([createPaymentResultSchema, publicCreatePaymentResultSchema]);

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
        onRequest: guards.optional,
        schema: { body: createPaymentSchema, response: { 201: createdAnswer } },
        config: { rateLimit: { max: deps.perMinute, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const created = await payments.create(request.body, request.auth);
        reply.status(201);
        return isStaffRole(request.auth?.role) ? sendAs(reply, createdForStaff, created) : created;
      },
    );

    app.get(
      '/payments',
      {
        onRequest: guards.admin,
        schema: {
          querystring: z.object({ status: z.enum(PAYMENT_STATUSES).optional() }),
          response: { 200: z.array(staffPaymentSchema) },
        },
      },
      async (request) => payments.list(request.query.status),
    );

    app.get(
      '/payments/counts',
      { onRequest: guards.admin, schema: { response: { 200: paymentCountsSchema } } },
      async () => payments.counts(),
    );

    app.post(
      '/payments/review',
      {
        onRequest: guards.admin,
        schema: { body: batchReviewSchema, response: { 200: reviewedPaymentsSchema } },
      },
      async (request) => payments.reviewMany(requireAuth(request), request.body),
    );

    app.get(
      '/tickets/:id/payments',
      {
        onRequest: guards.staff,
        schema: { params: idParams, response: { 200: z.array(ticketPaymentSchema) } },
      },
      async (request) => payments.listForTicket(requireAuth(request), request.params.id),
    );

    app.patch(
      '/payments/:id',
      {
        onRequest: guards.admin,
        schema: { params: idParams, body: reviewPaymentSchema, response: { 200: reviewedPaymentSchema } },
      },
      async (request) => payments.review(requireAuth(request), request.params.id, request.body),
    );
  };
