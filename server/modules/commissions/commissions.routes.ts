import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, nonJsonResponse, raffleIdParams } from '../../../domain/api';
import { cashHandoverInput, cashHandoverResultSchema, sellerCashSchema } from '../../../domain/cash-held';
import {
  commissionTermsInput,
  commissionTermsListSchema,
  commissionTermsSchema,
  ledgerQuery,
  payoutInput,
  payoutResultSchema,
  sellerLedgerSchema,
  sellerRankingQuery,
  sellerRankingSchema,
  sellerSalesSchema,
} from '../../../domain/commissions';
import { type Guards, requireAuth } from '../../lib/guards';
import type { CommissionsService } from './commissions.service';

/** Commissions (issue 22 part B, decision 037). Guards sit on each route: the contract reads them there. */
export const commissionsRoutes =
  (deps: { commissions: CommissionsService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    const { commissions, guards } = deps;

    app.put(
      '/raffles/:id/commissions',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'setRaffleCommission',
          summary: 'Fijar la comisión de un vendedor en una rifa (porcentaje o monto por número)',
          params: raffleIdParams,
          body: commissionTermsInput,
          response: { 200: commissionTermsSchema },
        },
      },
      async (request) => commissions.setTerms(requireAuth(request), request.params.id, request.body),
    );

    app.get(
      '/raffles/:id/commissions',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'listRaffleCommissions',
          summary: 'Comisiones vigentes de los vendedores de una rifa',
          params: raffleIdParams,
          response: { 200: commissionTermsListSchema },
        },
      },
      async (request) => commissions.listTerms(request.params.id),
    );

    app.get(
      '/sellers/:id/ledger',
      {
        onRequest: guards.staff,
        schema: {
          operationId: 'getSellerLedger',
          summary: 'Libro de comisiones de un vendedor (el propio vendedor o un administrador)',
          params: idParams,
          querystring: ledgerQuery,
          response: { 200: sellerLedgerSchema },
        },
      },
      async (request) => commissions.ledger(requireAuth(request), request.params.id, request.query),
    );

    app.get(
      '/sellers/:id/sales',
      {
        onRequest: guards.staff,
        schema: {
          operationId: 'getSellerSales',
          summary: 'Ventas y comisiones de un vendedor por rifa ("Mis ventas")',
          params: idParams,
          response: { 200: sellerSalesSchema },
        },
      },
      async (request) => commissions.sales(requireAuth(request), request.params.id),
    );

    app.post(
      '/sellers/:id/payouts',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'createSellerPayout',
          summary: 'Registrar un pago de comisión a un vendedor (no más de lo que se le debe)',
          params: idParams,
          body: payoutInput,
          response: { 201: payoutResultSchema },
        },
      },
      async (request, reply) => {
        const result = await commissions.payout(requireAuth(request), request.params.id, request.body);
        reply.status(201);
        return result;
      },
    );

    app.get(
      '/sellers/:id/cash',
      {
        onRequest: guards.staff,
        schema: {
          operationId: 'getSellerCash',
          summary:
            'Efectivo por entregar de un vendedor, la comisión retenida por él y sus entregas (el propio vendedor o un administrador)',
          params: idParams,
          response: { 200: sellerCashSchema },
        },
      },
      async (request) => commissions.cash(requireAuth(request), request.params.id),
    );

    app.post(
      '/sellers/:id/cash-handovers',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'createCashHandover',
          summary:
            'Registrar una entrega de efectivo de un vendedor (libera la comisión retenida; no más de lo que tiene)',
          params: idParams,
          body: cashHandoverInput,
          response: { 201: cashHandoverResultSchema },
        },
      },
      async (request, reply) => {
        const result = await commissions.handover(requireAuth(request), request.params.id, request.body);
        reply.status(201);
        return result;
      },
    );

    app.get(
      '/commissions/sellers',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'listSellerRanking',
          summary: 'Vendedores: ranking por números vendidos y dinero, en total o de una rifa',
          querystring: sellerRankingQuery,
          response: { 200: sellerRankingSchema },
        },
      },
      async (request) => commissions.ranking(request.query.raffle_id),
    );

    app.get(
      '/commissions/sellers.csv',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'exportSellerRankingCsv',
          summary: 'Exportar el ranking de vendedores en CSV',
          querystring: sellerRankingQuery,
          response: {
            200: nonJsonResponse('Vendedores en CSV (UTF-8 con BOM, columnas en español)', ['text/csv']),
          },
        },
      },
      async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="vendedores.csv"')
          .header('cache-control', 'private, no-store')
          .send(await commissions.rankingCsv(request.query.raffle_id)),
    );
  };
