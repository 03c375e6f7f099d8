import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currencyCodeSchema, setRateSchema } from '../../../domain/rates';
import type { Guards } from '../../lib/guards';
import type { RatesService } from './rates.service';

export const ratesRoutes =
  (deps: { rates: RatesService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    const { rates, guards } = deps;

    app.get('/exchange-rates', async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return rates.list();
    });

    app.post('/exchange-rates/refresh', { preHandler: guards.staff }, async (request) =>
      rates.refresh(request.log),
    );

    app.put(
      '/exchange-rates/:currency',
      {
        preHandler: guards.admin,
        schema: { params: z.object({ currency: currencyCodeSchema }), body: setRateSchema },
      },
      async (request) => rates.setRate(request.params.currency, request.body.rate_to_usd),
    );
  };
