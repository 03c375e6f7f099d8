import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, raffleIdParams } from '../../../domain/api';
import {
  leaderboardsSchema,
  raffleSellersBodySchema,
  raffleSellersSchema,
  sellerMeSchema,
  sellerRafflesBodySchema,
  sellerRafflesSchema,
} from '../../../domain/seller-network';
import { type Guards, requireAuth } from '../../lib/guards';
import type { SellerNetworkService } from './seller-network.service';

/** Assignment (admins), the vendedor's own links, and the public leaderboards (decision 036). */
export const sellerNetworkRoutes =
  (deps: {
    sellers: SellerNetworkService;
    guards: Guards;
    leaderboardPerMinute: number;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { sellers, guards } = deps;

    app.get(
      '/raffles/:id/sellers',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'getRaffleSellers',
          summary: 'Vendedores asignados a una rifa',
          params: raffleIdParams,
          response: { 200: raffleSellersSchema },
        },
      },
      async (request) => sellers.raffleSellers(request.params.id),
    );

    app.put(
      '/raffles/:id/sellers',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'setRaffleSellers',
          summary:
            'Asignar vendedores a una rifa (reemplaza la lista; quitar a uno le quita el acceso al instante)',
          params: raffleIdParams,
          body: raffleSellersBodySchema,
          response: { 200: raffleSellersSchema },
        },
      },
      async (request) =>
        sellers.setRaffleSellers(requireAuth(request), request.params.id, request.body.seller_ids),
    );

    app.get(
      '/sellers/:id/raffles',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'getSellerRaffles',
          summary: 'Rifas asignadas a un vendedor',
          params: idParams,
          response: { 200: sellerRafflesSchema },
        },
      },
      async (request) => sellers.sellerRaffles(request.params.id),
    );

    app.put(
      '/sellers/:id/raffles',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'setSellerRaffles',
          summary: 'Asignar rifas a un vendedor (reemplaza la lista)',
          params: idParams,
          body: sellerRafflesBodySchema,
          response: { 200: sellerRafflesSchema },
        },
      },
      async (request) =>
        sellers.setSellerRaffles(requireAuth(request), request.params.id, request.body.raffle_ids),
    );

    app.get(
      '/sellers/me',
      {
        onRequest: guards.staff,
        schema: {
          operationId: 'getMySellerLinks',
          summary: 'Mi código de vendedor y mi enlace de ventas de cada rifa (solo vendedores)',
          response: { 200: sellerMeSchema },
        },
      },
      async (request) => sellers.me(requireAuth(request)),
    );

    app.get(
      '/raffles/:id/leaderboards',
      {
        config: { rateLimit: { max: deps.leaderboardPerMinute, timeWindow: '1 minute' } },
        schema: {
          operationId: 'getRaffleLeaderboards',
          summary:
            'Top vendedores y top compradores de una rifa (nombres enmascarados, solo cantidades de números)',
          params: raffleIdParams,
          response: { 200: leaderboardsSchema },
        },
      },
      async (request, reply) => {
        // Shared caches may keep it briefly: it is public and counted at most every few seconds.
        reply.header('cache-control', 'public, max-age=5');
        return sellers.leaderboards(request.params.id);
      },
    );
  };
