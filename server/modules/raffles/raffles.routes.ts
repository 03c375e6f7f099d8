import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContentSchema, raffleIdParams } from '../../../domain/api';
import { publicRaffleListSchema, raffleListQuery, raffleListSchema } from '../../../domain/api-routes';
import { drawResultSchema, drawSchema, winnerResultSchema } from '../../../domain/draw';
import { messages } from '../../../domain/messages';
import {
  createRaffleSchema,
  publicRaffleSchema,
  raffleSchema,
  updateRaffleSchema,
} from '../../../domain/raffles';
import { isStaffRole } from '../../../domain/roles';
import { ForbiddenError } from '../../lib/errors';
import { type Guards, guard, requireAuth } from '../../lib/guards';
import { allows, forbidden } from '../../lib/permissions';
import { publicOrStaff, sendAs } from '../../lib/responses';
import type { RaffleDrawService } from './raffle-draw.service';
import type { RafflesService } from './raffles.service';

/** Public callers get counts only (the serializer drops the money); staff, what the service gives them. */
const raffleAnswer = publicOrStaff(publicRaffleSchema, raffleSchema);
const raffleListAnswer = publicOrStaff(publicRaffleListSchema, raffleListSchema);

export const rafflesRoutes =
  (deps: { raffles: RafflesService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    const { raffles, guards } = deps;

    app.get(
      '/raffles',
      {
        onRequest: guards.optional,
        schema: {
          operationId: 'listRaffles',
          summary: 'Rifas (el público no ve borradores; el personal ve también el dinero)',
          querystring: raffleListQuery,
          response: { 200: raffleListAnswer },
        },
      },
      async (request, reply) => {
        const { archived, ...filters } = request.query;
        const list = await raffles.list({ ...filters, archived: archived === 'true' }, request.auth);
        return isStaffRole(request.auth?.role) ? sendAs(reply, raffleListSchema, list) : list;
      },
    );

    app.get(
      '/raffles/:id',
      {
        onRequest: guards.optional,
        schema: {
          operationId: 'getRaffle',
          summary: 'Una rifa con sus conteos por estado',
          params: raffleIdParams,
          response: { 200: raffleAnswer },
        },
      },
      async (request, reply) => {
        const raffle = await raffles.get(request.params.id, request.auth);
        return isStaffRole(request.auth?.role) ? sendAs(reply, raffleSchema, raffle) : raffle;
      },
    );

    app.post(
      '/raffles',
      {
        onRequest: guards.staff,
        schema: {
          operationId: 'createRaffle',
          summary: 'Crear una rifa (un vendedor, a su nombre)',
          body: createRaffleSchema,
          response: { 201: raffleSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await raffles.create(requireAuth(request), request.body)),
    );

    app.patch(
      '/raffles/:id',
      {
        onRequest: guards.staff,
        schema: {
          operationId: 'updateRaffle',
          summary: 'Editar una rifa (o cambiar su estado)',
          params: raffleIdParams,
          body: updateRaffleSchema,
          response: { 200: raffleSchema },
        },
      },
      async (request) => raffles.update(requireAuth(request), request.params.id, request.body),
    );

    // The role is checked in onRequest like every guard (before the params are validated), with
    // the message the spec gives a vendedor here.
    const adminDeletes = async (request: FastifyRequest) => {
      if (!allows(requireAuth(request), 'delete-raffle'))
        throw new ForbiddenError(messages.raffles.onlyAdminsDelete);
    };
    app.delete(
      '/raffles/:id',
      {
        onRequest: [guards.staff, adminDeletes],
        schema: {
          operationId: 'deleteRaffle',
          summary: 'Eliminar una rifa (solo administradores)',
          params: raffleIdParams,
          response: { 204: noContentSchema },
        },
      },
      async (request, reply) => {
        await raffles.remove(request.params.id);
        return reply.status(204).send();
      },
    );

    // Admins only, by the permission service; marked as an admin guard so the OpenAPI document
    // says so (the staff guard before it answers 401 first).
    const adminArchives = guard('admin', async (request: FastifyRequest) => {
      if (!allows(requireAuth(request), 'archive-raffle')) throw forbidden();
    });
    app.post(
      '/raffles/:id/archive',
      {
        onRequest: [guards.staff, adminArchives],
        schema: {
          operationId: 'archiveRaffle',
          summary: 'Archivar una rifa: se oculta al público sin borrar sus ventas, pagos ni historial',
          params: raffleIdParams,
          response: { 200: raffleSchema },
        },
      },
      async (request) => raffles.archive(requireAuth(request), request.params.id),
    );
  };

export const raffleDrawRoutes =
  (deps: { draws: RaffleDrawService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    const { draws, guards } = deps;
    app.post(
      '/raffles/:id/close',
      {
        onRequest: guards.staff,
        schema: {
          operationId: 'closeRaffle',
          summary: 'Cerrar las ventas y publicar la lista de vendidos con su huella SHA-256',
          params: raffleIdParams,
          response: { 200: raffleSchema },
        },
      },
      async (request) => draws.close(requireAuth(request), request.params.id),
    );
    app.post(
      '/raffles/:id/draw',
      {
        onRequest: guards.admin,
        schema: {
          operationId: 'drawRaffle',
          summary: 'Sortear: registrar el número ganador de la lotería oficial',
          params: raffleIdParams,
          body: drawSchema,
          response: { 200: drawResultSchema },
        },
      },
      async (request) => draws.draw(request.params.id, request.body.winning_number),
    );
    app.get(
      '/raffles/:id/winner',
      {
        onRequest: guards.staff,
        schema: {
          operationId: 'getRaffleWinner',
          summary: 'El ganador de una rifa sorteada, con sus datos de contacto',
          params: raffleIdParams,
          response: { 200: winnerResultSchema },
        },
      },
      async (request) => ({ winner: await draws.winner(requireAuth(request), request.params.id) }),
    );
    app.get(
      '/raffles/:id/draw',
      {
        schema: {
          operationId: 'getRaffleDraw',
          summary: 'El sorteo verificable: lista de vendidos, su huella y el ganador (enmascarado)',
          params: raffleIdParams,
          response: { 200: drawResultSchema },
        },
      },
      async (request) => draws.get(request.params.id),
    );
  };
