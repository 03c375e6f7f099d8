import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContentSchema, nonJsonResponse, notModifiedSchema, raffleIdParams } from '../../../domain/api';
import { publicRaffleListSchema, raffleListQuery, raffleListSchema } from '../../../domain/api-routes';
import {
  clarificationSchema,
  drawResultSchema,
  drawSchema,
  proofQuerySchema,
  proofResultSchema,
  winnerQuerySchema,
  winnerResultSchema,
} from '../../../domain/draw';
import { drawMessages } from '../../../domain/draw-messages';
import { messages } from '../../../domain/messages';
import { prizeMessages } from '../../../domain/prize-rules';
import { preDrawListParams } from '../../../domain/prizes';
import {
  createRaffleSchema,
  publicRaffleSchema,
  raffleMessages,
  raffleSchema,
  updateRaffleSchema,
} from '../../../domain/raffles';
import { isStaffRole } from '../../../domain/roles';
import { pickEncoding } from '../../lib/encoded-body';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { type Guards, guard, requireAuth } from '../../lib/guards';
import { allows, forbidden } from '../../lib/permissions';
import { publicOrStaff, sendAs } from '../../lib/responses';
import type { PublicRaffles } from './public-raffles';
import type { PublishedFile } from './published-lists';
import type { RaffleDrawService } from './raffle-draw.service';
import type { RafflesService } from './raffles.service';

/** Public callers get counts only (the serializer drops the money); staff, what the service gives them. */
const raffleAnswer = publicOrStaff(publicRaffleSchema, raffleSchema);
const raffleListAnswer = publicOrStaff(publicRaffleListSchema, raffleListSchema);

/** A public answer made once per version (public-raffles.ts): ETag / 304, sent as the bytes it is. */
function sendVersion(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { etag: string; body: Buffer },
  encoding: string,
) {
  reply.header('etag', answer.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(answer.body as never);
}

export const rafflesRoutes =
  (deps: {
    raffles: RafflesService;
    guards: Guards;
    /** The public answers from memory (decision 027); without it every answer is counted fresh. */
    publicRaffles?: PublicRaffles;
    /** HTTP_COMPRESSION: false leaves compressing to a proxy in front. */
    compression?: boolean;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { raffles, guards, publicRaffles } = deps;
    const encodingFor = (request: FastifyRequest) =>
      deps.compression ? pickEncoding(request.headers['accept-encoding']) : 'identity';

    app.get(
      '/raffles',
      {
        onRequest: guards.optional,
        schema: {
          operationId: 'listRaffles',
          summary: 'Rifas (el público no ve borradores; el personal ve también el dinero)',
          querystring: raffleListQuery,
          response: { 200: raffleListAnswer, 304: notModifiedSchema },
        },
      },
      async (request, reply) => {
        const { archived, ...filters } = request.query;
        if (publicRaffles && !isStaffRole(request.auth?.role) && archived !== 'true') {
          const encoding = encodingFor(request);
          return sendVersion(request, reply, await publicRaffles.list(filters, encoding), encoding);
        }
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
          response: { 200: raffleAnswer, 304: notModifiedSchema },
        },
      },
      async (request, reply) => {
        if (publicRaffles && !isStaffRole(request.auth?.role)) {
          const encoding = encodingFor(request);
          const answer = await publicRaffles.get(request.params.id, encoding);
          if (!answer) throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
          return sendVersion(request, reply, answer, encoding);
        }
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
  (deps: { draws: RaffleDrawService; guards: Guards; compression: boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    const { draws, guards } = deps;
    /**
     * A published list (the close's or a pre-sorteo's) never changes: its root is its version, and
     * every download is served from the bytes compressed once (published-lists.ts).
     */
    const sendPublishedList = (
      request: FastifyRequest,
      reply: FastifyReply,
      file: PublishedFile,
      filename: string,
    ) => {
      reply
        .header('etag', file.etag)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'accept-encoding')
        .header('content-disposition', `inline; filename="${filename}"`)
        .type('text/plain; charset=utf-8');
      if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
      const encoding = deps.compression ? pickEncoding(request.headers['accept-encoding']) : 'identity';
      if (encoding === 'identity') return reply.send(file.raw);
      return reply.header('content-encoding', encoding).send(encoding === 'br' ? file.br : file.gzip);
    };
    app.post(
      '/raffles/:id/close',
      {
        onRequest: guards.staff,
        schema: {
          operationId: 'closeRaffle',
          summary: 'Cerrar las ventas y publicar la lista de vendidos con su raíz Merkle (RFC 6962)',
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
          summary:
            'Sortear: registrar el resultado oficial de la lotería declarada (o el número, rifas sin fuente declarada)',
          params: raffleIdParams,
          body: drawSchema,
          response: { 200: drawResultSchema },
        },
      },
      async (request) => draws.draw(request.params.id, request.body),
    );
    app.get(
      '/raffles/:id/winner',
      {
        onRequest: guards.staff,
        schema: {
          operationId: 'getRaffleWinner',
          summary: 'El ganador de un premio sorteado (el 1.º sin `prize`), con sus datos de contacto',
          params: raffleIdParams,
          querystring: winnerQuerySchema,
          response: { 200: winnerResultSchema },
        },
      },
      async (request) => ({
        winner: await draws.winner(requireAuth(request), request.params.id, request.query.prize),
      }),
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
    app.get(
      '/raffles/:id/sold-list.txt',
      {
        // Already compressed, once per list: never again per request.
        compress: false,
        schema: {
          operationId: 'getRaffleSoldList',
          summary: 'La lista publicada al cerrar: una línea por venta, cada una terminada en salto de línea',
          params: raffleIdParams,
          response: {
            200: nonJsonResponse('La lista publicada (UTF-8, una línea por venta terminada en \\n)', [
              'text/plain',
            ]),
            304: notModifiedSchema,
          },
        },
      },
      async (request, reply) => {
        const file = await draws.soldList(request.params.id);
        if (!file) throw new NotFoundError(drawMessages.notClosed, 'RAFFLE_NOT_CLOSED');
        return sendPublishedList(request, reply, file, `lista-${request.params.id}.txt`);
      },
    );
    app.get(
      '/raffles/:id/prizes/:position/list.txt',
      {
        compress: false,
        schema: {
          operationId: 'getPreDrawList',
          summary:
            'La lista sellada de un pre-sorteo: los números pagados por completo a su fecha, una línea por venta',
          params: preDrawListParams,
          response: {
            200: nonJsonResponse('La lista sellada (UTF-8, una línea por venta terminada en \\n)', [
              'text/plain',
            ]),
            304: notModifiedSchema,
          },
        },
      },
      async (request, reply) => {
        const { id, position } = request.params;
        const file = await draws.preList(id, position);
        if (!file) throw new NotFoundError(prizeMessages.preDrawNotFrozen, 'PRE_DRAW_NOT_SEALED');
        return sendPublishedList(request, reply, file, `presorteo-${position}-${id}.txt`);
      },
    );
    app.get(
      '/raffles/:id/proof',
      {
        schema: {
          operationId: 'getRaffleProof',
          summary: 'Prueba de inclusión (RFC 6962) de la línea de un número en la lista sellada',
          params: raffleIdParams,
          querystring: proofQuerySchema,
          response: { 200: proofResultSchema },
        },
      },
      async (request) => draws.proof(request.params.id, request.query.number),
    );
    app.get(
      '/raffles/:id/prizes/:position/proof',
      {
        schema: {
          operationId: 'getPreDrawProof',
          summary:
            'Prueba de inclusión (RFC 6962) de la línea de un número en la lista sellada de un pre-sorteo',
          params: preDrawListParams,
          querystring: proofQuerySchema,
          response: { 200: proofResultSchema },
        },
      },
      async (request) => draws.preListProof(request.params.id, request.params.position, request.query.number),
    );
  };

export const raffleClarificationRoutes =
  (deps: { raffles: RafflesService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/raffles/:id/clarifications',
      {
        onRequest: deps.guards.staff,
        schema: {
          operationId: 'addRaffleClarification',
          summary: 'Agregar una aclaración con fecha bajo el texto del premio (que no cambia tras el cierre)',
          params: raffleIdParams,
          body: clarificationSchema,
          response: { 201: raffleSchema },
        },
      },
      async (request, reply) => {
        const raffle = await deps.raffles.addClarification(
          requireAuth(request),
          request.params.id,
          request.body.text,
        );
        return reply.code(201).send(raffle);
      },
    );
  };
