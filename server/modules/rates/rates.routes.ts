import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currencyParams, exchangeRateListSchema, rateHistorySchema } from '../../../domain/api-routes';
import {
  exchangeRateSchema,
  rateHistoryQuerySchema,
  ratesRefreshResultSchema,
  setRateSchema,
} from '../../../domain/rates';
import type { Guards } from '../../lib/guards';
import type { RatesService } from './rates.service';

export const ratesRoutes =
  (deps: { rates: RatesService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    const { rates, guards } = deps;

    app.get(
      '/exchange-rates',
      {
        schema: {
          operationId: 'listExchangeRates',
          summary: 'Tasas de cambio del día (Bs por USD)',
          response: { 200: exchangeRateListSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return rates.list();
      },
    );

    app.get(
      '/exchange-rates/history',
      {
        onRequest: guards.staff,
        schema: {
          operationId: 'getExchangeRateHistory',
          summary: 'Historial diario de una tasa',
          querystring: rateHistoryQuerySchema,
          response: { 200: rateHistorySchema },
        },
      },
      async (request) => rates.history(request.query.currency, request.query.days),
    );

    app.post(
      '/exchange-rates/refresh',
      {
        onRequest: guards.staff,
        schema: {
          operationId: 'refreshExchangeRates',
          summary: 'Traer las tasas ahora desde la fuente automática (sin fuente configurada no cambia nada)',
          response: { 200: ratesRefreshResultSchema },
        },
      },
      async (request) => rates.refresh(request.log),
    );

    app.put(
      '/exchange-rates/:currency',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'setExchangeRate',
          summary: 'Fijar a mano la tasa de una moneda',
          params: currencyParams,
          body: setRateSchema,
          response: { 200: exchangeRateSchema },
        },
      },
      async (request) => rates.setRate(request.params.currency, request.body.rate_to_usd),
    );
  };
