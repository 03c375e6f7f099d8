import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { luckyPickSchema, reservationSchema } from '../../../domain/reservations';
import type { Guards } from '../../lib/guards';
import { raffleIdParams } from '../raffles/raffles.routes';
import type { RafflesService } from '../raffles/raffles.service';
import type { RealtimeHub } from '../realtime/realtime.hub';
import { openEventStream } from './event-stream';
import type { TicketsService } from './tickets.service';

export const ticketsRoutes =
  (deps: {
    raffles: RafflesService;
    tickets: TicketsService;
    hub: RealtimeHub;
    guards: Guards;
    reservationsPerMinute: number;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { raffles, tickets, guards } = deps;

    app.get(
      '/raffles/:id/board',
      { preHandler: guards.optional, schema: { params: raffleIdParams } },
      async (request, reply) => {
        const raffle = await raffles.getVisibleRow(request.params.id, request.auth);
        const { etag, board } = await tickets.board(raffle);
        reply.header('etag', etag).header('cache-control', 'no-cache');
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        return board;
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
