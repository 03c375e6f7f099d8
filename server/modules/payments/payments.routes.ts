import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../domain/api';
import {
  paymentListQuery,
  staffCreatePaymentAnswerSchema,
  staffPaymentListSchema,
  ticketPaymentListSchema,
} from '../../../domain/api-routes';
import {
  batchReviewSchema,
  createPaymentResultSchema,
  createPaymentSchema,
  paymentCountsSchema,
  publicCreatePaymentResultSchema,
  reviewedPaymentSchema,
  reviewedPaymentsSchema,
  reviewPaymentSchema,
} from '../../../domain/payments';
import { isStaffRole } from '../../../domain/roles';
import { errorResponse } from '../../lib/error-handler';
import { type Guards, requireAuth } from '../../lib/guards';
import { publicOrStaff, sendAs } from '../../lib/responses';
import type { PaymentsService } from './payments.service';

/**
 * A buyer's answer never carries `duplicate_of` (the serializer drops it). To staff, the service's
 * own view (staffCreatePaymentAnswerSchema).
 */
const createdAnswer = publicOrStaff(publicCreatePaymentResultSchema, createPaymentResultSchema);

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
        return isStaffRole(request.auth?.role)
          ? sendAs(reply, staffCreatePaymentAnswerSchema, created)
          : created;
      },
    );

    app.get(
      '/payments',
      {
        onRequest: guards.admin,
        schema: {
          querystring: paymentListQuery,
          response: { 200: staffPaymentListSchema },
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
        schema: { params: idParams, response: { 200: ticketPaymentListSchema } },
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
