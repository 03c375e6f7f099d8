import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../domain/api';
import {
  paymentListQuery,
  staffCreatePaymentAnswerSchema,
  staffPaymentListSchema,
  ticketPaymentListSchema,
} from '../../../domain/api-routes';
import { orderCodeField, orderQuery, orderViewSchema } from '../../../domain/orders';
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
import { z } from '../../../domain/zod';
import { AppError } from '../../lib/errors';
import { type Guards, requireAuth } from '../../lib/guards';
import { publicOrStaff, sendAs } from '../../lib/responses';
import { type PhoneGuesses, trackingLimitError } from '../tracking/phone-guesses';
import { type OrderGuesses, orderLimitError } from './order-guesses';
import type { PaymentsService } from './payments.service';

/**
 * A buyer's answer never carries `duplicate_of` (the serializer drops it). To staff, the service's
 * own view (staffCreatePaymentAnswerSchema).
 */
const createdAnswer = publicOrStaff(publicCreatePaymentResultSchema, createPaymentResultSchema);

export const paymentsRoutes =
  (deps: {
    payments: PaymentsService;
    guards: Guards;
    perMinute: number;
    guesses: PhoneGuesses;
    orderGuesses: OrderGuesses;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { payments, guards } = deps;
    const orderNotFound = (outcome: { error: unknown } | { result: unknown }) =>
      'error' in outcome && outcome.error instanceof AppError && outcome.error.code === 'ORDER_NOT_FOUND';
    // Failures answer the API's one error envelope, {"error":{"code","message"}} (issue 17).

    app.post(
      '/payments',
      {
        onRequest: guards.optional,
        schema: {
          operationId: 'createPayment',
          summary: 'Reportar un pago de un ticket (comprador con su cédula, o personal)',
          body: createPaymentSchema,
          response: { 201: createdAnswer },
        },
        // The answer names the buyer's ticket and payment.
        config: { rateLimit: { max: deps.perMinute, timeWindow: '1 minute' }, noStore: true },
      },
      async (request, reply) => {
        const { body } = request;
        // A buyer naming a number with their cédula and phone proves it as tracking does: a wrong
        // phone counts against the cédula's misses of the hour (tracking/phone-guesses.ts).
        const buyer = !isStaffRole(request.auth?.role);
        const byPhone = buyer && body.phone_last4 !== undefined && !body.ticket_id;
        let created: Awaited<ReturnType<PaymentsService['create']>>;
        if (buyer && body.order_code) {
          // A buyer paying an order by its code proves it with the cédula: a wrong one counts
          // against the code's misses of the hour (order-guesses.ts).
          const made = await deps.orderGuesses.attempt(
            body.order_code,
            () => payments.create(body, request.auth),
            orderNotFound,
          );
          if (!made) throw orderLimitError();
          created = made.result;
        } else if (byPhone && body.cedula) {
          const made = await deps.guesses.attempt(
            body.cedula,
            () => payments.create(body, request.auth),
            (outcome) =>
              'error' in outcome &&
              outcome.error instanceof AppError &&
              outcome.error.code === 'TICKET_NOT_FOUND',
          );
          if (!made) throw trackingLimitError();
          created = made.result;
        } else created = await payments.create(body, request.auth);
        reply.status(201);
        return isStaffRole(request.auth?.role)
          ? sendAs(reply, staffCreatePaymentAnswerSchema, created)
          : created;
      },
    );

    app.get(
      '/orders/:code',
      {
        schema: {
          operationId: 'getOrder',
          summary: 'Un pedido del comprador (con su cédula): números, lo pagado y lo que falta',
          params: z.object({ code: orderCodeField() }),
          querystring: orderQuery,
          response: { 200: orderViewSchema },
        },
        // Buyer data: the answer is theirs only.
        config: { rateLimit: { max: deps.perMinute, timeWindow: '1 minute' }, noStore: true },
      },
      async (request) => {
        const { code } = request.params;
        const found = await deps.orderGuesses.attempt(
          code,
          () => payments.orderView(code, request.query.cedula),
          orderNotFound,
        );
        if (!found) throw orderLimitError();
        return found.result;
      },
    );

    app.get(
      '/payments',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'listPayments',
          summary: 'Pagos por revisar (o de un estado), los más recientes primero',
          querystring: paymentListQuery,
          response: { 200: staffPaymentListSchema },
        },
      },
      async (request) => payments.list(request.query.status),
    );

    app.get(
      '/payments/counts',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'countPayments',
          summary: 'Cantidad de pagos por estado',
          response: { 200: paymentCountsSchema },
        },
      },
      async () => payments.counts(),
    );

    app.post(
      '/payments/review',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'reviewPayments',
          summary: 'Aprobar o rechazar varios pagos a la vez',
          body: batchReviewSchema,
          response: { 200: reviewedPaymentsSchema },
        },
      },
      async (request) => payments.reviewMany(requireAuth(request), request.body),
    );

    app.get(
      '/tickets/:id/payments',
      {
        onRequest: guards.staff,
        schema: {
          operationId: 'listTicketPayments',
          summary: 'Pagos de un ticket, los más recientes primero',
          params: idParams,
          response: { 200: ticketPaymentListSchema },
        },
      },
      async (request) => payments.listForTicket(requireAuth(request), request.params.id),
    );

    app.patch(
      '/payments/:id',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'reviewPayment',
          summary: 'Aprobar o rechazar un pago',
          params: idParams,
          body: reviewPaymentSchema,
          response: { 200: reviewedPaymentSchema },
        },
      },
      async (request) => payments.review(requireAuth(request), request.params.id, request.body),
    );
  };
