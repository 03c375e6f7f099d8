import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { drawSchema } from '../../../domain/draw';
import { messages } from '../../../domain/messages';
import {
  createRaffleSchema,
  PAYMENT_TYPES,
  RAFFLE_STATUSES,
  updateRaffleSchema,
} from '../../../domain/raffles';
import { ForbiddenError } from '../../lib/errors';
import { type Guards, requireAuth } from '../../lib/guards';
import type { RaffleDrawService } from './raffle-draw.service';
import type { RafflesService } from './raffles.service';

export const raffleIdParams = z.object({ id: z.uuid('Identificador de rifa inválido') });

export const rafflesRoutes =
  (deps: { raffles: RafflesService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    const { raffles, guards } = deps;

    app.get(
      '/raffles',
      {
        preHandler: guards.optional,
        schema: {
          querystring: z.object({
            status: z.enum(RAFFLE_STATUSES).optional(),
            payment_type: z.enum(PAYMENT_TYPES).optional(),
            seller_id: z.uuid().optional(),
          }),
        },
      },
      async (request) => raffles.list(request.query, request.auth),
    );

    app.get(
      '/raffles/:id',
      { preHandler: guards.optional, schema: { params: raffleIdParams } },
      async (request) => raffles.get(request.params.id, request.auth),
    );

    app.post(
      '/raffles',
      { preHandler: guards.staff, schema: { body: createRaffleSchema } },
      async (request, reply) =>
        reply.status(201).send(await raffles.create(requireAuth(request), request.body)),
    );

    app.patch(
      '/raffles/:id',
      { preHandler: guards.staff, schema: { params: raffleIdParams, body: updateRaffleSchema } },
      async (request) => raffles.update(requireAuth(request), request.params.id, request.body),
    );

    app.delete(
      '/raffles/:id',
      { preHandler: guards.staff, schema: { params: raffleIdParams } },
      async (request, reply) => {
        if (requireAuth(request).role !== 'admin')
          throw new ForbiddenError(messages.raffles.onlyAdminsDelete);
        await raffles.remove(request.params.id);
        return reply.status(204).send();
      },
    );
  };

export const raffleDrawRoutes =
  (deps: { draws: RaffleDrawService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    const { draws, guards } = deps;
    app.post(
      '/raffles/:id/close',
      { preHandler: guards.staff, schema: { params: raffleIdParams } },
      async (request) => draws.close(requireAuth(request), request.params.id),
    );
    app.post(
      '/raffles/:id/draw',
      { preHandler: guards.admin, schema: { params: raffleIdParams, body: drawSchema } },
      async (request) => draws.draw(request.params.id, request.body.winning_number),
    );
    app.get('/raffles/:id/draw', { schema: { params: raffleIdParams } }, async (request) =>
      draws.get(request.params.id),
    );
  };
