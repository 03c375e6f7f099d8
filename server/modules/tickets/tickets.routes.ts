import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { raffleMessages } from '../../../domain/raffles';
import { luckyPickSchema, reservationSchema } from '../../../domain/reservations';
import { NotFoundError } from '../../lib/errors';
import type { Guards } from '../../lib/guards';
import { raffleIdParams } from '../raffles/raffles.routes';
import type { RafflesService } from '../raffles/raffles.service';
import type { RealtimeHub } from '../realtime/realtime.hub';
import { type BoardCache, pickEncoding } from './board-cache';
import { openEventStream } from './event-stream';
import type { TicketsService } from './tickets.service';

export const ticketsRoutes =
  (deps: {
    raffles: RafflesService;
    tickets: TicketsService;
    hub: RealtimeHub;
    boards: BoardCache;
    guards: Guards;
    reservationsPerMinute: number;
    boardPerMinute: number;
    /** HTTP_COMPRESSION: false leaves compressing to a proxy in front. */
    compression?: boolean;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { raffles, tickets, guards } = deps;

    // From memory (see board-cache.ts): no database query, serialized and compressed once per version.
    app.get(
      '/raffles/:id/board',
      {
        preHandler: guards.optional,
        schema: { params: raffleIdParams },
        config: { rateLimit: { max: deps.boardPerMinute, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        // With compression off (a proxy in front compresses) the board goes out as is.
        const board = await deps.boards.get(
          request.params.id,
          deps.compression === false ? 'identity' : pickEncoding(request.headers['accept-encoding']),
        );
        if (!board || !raffles.isVisible(board.raffle, request.auth))
          throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
        reply
          .header('etag', board.etag)
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-encoding');
        if (request.headers['if-none-match'] === board.etag) return reply.status(304).send();
        if (board.encoding !== 'identity') reply.header('content-encoding', board.encoding);
        return reply.type('application/json; charset=utf-8').send(board.body);
      },
    );

    app.post(
      '/raffles/:id/reservations',
      {
        schema: { params: raffleIdParams, body: reservationSchema },
        config: { rateLimit: { max: deps.reservationsPerMinute, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const reserved = await tickets.reserve(request.params.id, request.body);
        return reply.status(201).send({ tickets: reserved });
      },
    );

    app.post(
      '/raffles/:id/lucky-pick',
      {
        schema: { params: raffleIdParams, body: luckyPickSchema },
        config: { rateLimit: { max: deps.reservationsPerMinute * 4, timeWindow: '1 minute' } },
      },
      async (request) => {
        const raffle = await raffles.getVisibleRow(request.params.id);
        return { numbers: await tickets.luckyPick(raffle, request.body.count, request.body.exclude) };
      },
    );

    // An event must leave at once: a compressor would hold it back until its buffer fills.
    // (The hijacked reply skips onSend, so @fastify/compress never sees it; this says it too.)
    app.get(
      '/raffles/:id/events',
      { compress: false, schema: { params: raffleIdParams } },
      async (request, reply) => {
        const raffle = await raffles.getVisibleRow(request.params.id);
        openEventStream(request, reply, deps.hub, raffle.id);
      },
    );
  };
