import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { raffleIdParams } from '../../../domain/api';
import { buyersQuery, raffleBuyersPageSchema } from '../../../domain/staff-tickets';
import { type Guards, requireAuth } from '../../lib/guards';
import type { RafflesService } from '../raffles/raffles.service';
import type { BuyersService } from './buyers.service';

export const buyersRoutes =
  (deps: { raffles: RafflesService; buyers: BuyersService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/raffles/:id/buyers',
      {
        onRequest: deps.guards.staff,
        schema: {
          operationId: 'listRaffleBuyers',
          summary: 'Compradores de una rifa agrupados por cédula',
          params: raffleIdParams,
          querystring: buyersQuery,
          response: { 200: raffleBuyersPageSchema },
        },
      },
      async (request) => {
        const raffle = await deps.raffles.getRowFor('manage-sales', request.params.id, requireAuth(request));
        return deps.buyers.list(raffle, request.query);
      },
    );
  };
