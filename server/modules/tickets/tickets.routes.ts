import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nonJsonResponse, notModifiedSchema, raffleIdParams } from '../../../domain/api';
import { messages } from '../../../domain/messages';
import { normalizeCedula } from '../../../domain/phone';
import { raffleMessages } from '../../../domain/raffles';
import {
  boardSchema,
  eventStreamQuery,
  luckyPickResultSchema,
  luckyPickSchema,
  reservationChallengeSchema,
  reservationResultSchema,
  reservationSchema,
} from '../../../domain/reservations';
import { clientAddress } from '../../lib/client-address';
import { pickEncoding } from '../../lib/encoded-body';
import { AppError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../../lib/errors';
import type { Guards } from '../../lib/guards';
import type { UploadQuota as HourlyQuota } from '../files/upload-quota';
import type { RafflesService } from '../raffles/raffles.service';
import type { RealtimeHub } from '../realtime/realtime.hub';
import type { BoardCache } from './board-cache';
import { openEventStream } from './event-stream';
import type { ReservationChallenge } from './reservation-challenge';
import type { TicketsService } from './tickets.service';

/** "IP|V-12345678": the buyer a reservation counts against (the body is parsed, not yet validated). */
function buyerKey(request: FastifyRequest): string {
  const cedula = (request.body as { buyer?: { cedula?: unknown } } | null | undefined)?.buyer?.cedula;
  const buyer = typeof cedula === 'string' ? (normalizeCedula(cedula) ?? cedula.trim().slice(0, 40)) : '';
  return `${clientAddress(request)}|${buyer}`;
}

export const ticketsRoutes =
  (deps: {
    raffles: RafflesService;
    tickets: TicketsService;
    hub: RealtimeHub;
    boards: BoardCache;
    guards: Guards;
    /** Reservations per minute per buyer: client IP + cedula (RATE_LIMIT_RESERVATIONS). */
    reservationsPerMinute: number;
    /** Reservations per minute per client IP, whatever the cedula (RATE_LIMIT_RESERVATIONS_PER_IP). */
    reservationsPerIpPerMinute: number;
    boardPerMinute: number;
    /** Open live streams one IP may hold (SSE_MAX_PER_IP); the next is a 429. */
    streamsPerIp: number;
    /** Open live streams of every address together (SSE_MAX_TOTAL); the next is a 503. */
    streamsTotal: number;
    /** HTTP_COMPRESSION: false leaves compressing to a proxy in front. */
    compression: boolean;
    /** Numbers per "<raffle>:<address>" in the last 60 minutes (RESERVATION_MAX_NUMBERS_PER_IP). */
    numbersPerIp: HourlyQuota;
    numbersPerIpPerRaffle: number;
    /** Proof of work past RESERVATION_CHALLENGE_PER_MINUTE (reservation-challenge.ts). */
    challenge: ReservationChallenge;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { raffles, tickets, guards } = deps;
    /** Open live streams per client IP on this instance. */
    const streamsByIp = new Map<string, number>();
    /** Open live streams of every address, against SSE_MAX_TOTAL. */
    let openStreams = 0;

    // From memory (see board-cache.ts): no database query, serialized and compressed once per version.
    app.get(
      '/raffles/:id/board',
      {
        onRequest: guards.optional,
        // The body is serialized from boardSchema once per version by the board cache (board-cache.ts).
        schema: {
          operationId: 'getRaffleBoard',
          summary: 'El tablero: un carácter por número con su estado (ETag / 304)',
          params: raffleIdParams,
          response: { 200: boardSchema, 304: notModifiedSchema },
        },
        config: { rateLimit: { max: deps.boardPerMinute, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        // With compression off (a proxy in front compresses) the board goes out as is.
        const board = await deps.boards.get(
          request.params.id,
          deps.compression ? pickEncoding(request.headers['accept-encoding']) : 'identity',
        );
        if (!board || !raffles.isVisible(board.raffle, request.auth))
          throw new NotFoundError(raffleMessages.notFound, 'RAFFLE_NOT_FOUND');
        reply
          .header('etag', board.etag)
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-encoding');
        if (request.headers['if-none-match'] === board.etag) return reply.status(304).send();
        if (board.encoding !== 'identity') reply.header('content-encoding', board.encoding);
        // Already the JSON of boardSchema (bytes made once per version): sent as is, not serialized again.
        return reply.type('application/json; charset=utf-8').send(board.body as never);
      },
    );

    // Many real buyers share one address behind a mobile carrier's NAT: a per-IP limit alone would
    // lock them out in a rush. The limit is per buyer (IP + cedula, read from the parsed body), under
    // a higher per-IP ceiling (checked before the body is read) that still stops one client cycling
    // through made-up cedulas.
    const perIpCeiling = app.createRateLimit({
      max: deps.reservationsPerIpPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => `reservations-ip|${clientAddress(request)}`,
    });
    const reservationCeiling = async (request: FastifyRequest, reply: FastifyReply) => {
      const limit = await perIpCeiling(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', limit.ttlInSeconds);
        throw new TooManyRequestsError(messages.http.rateLimited);
      }
    };

    app.post(
      '/raffles/:id/reservations',
      {
        onRequest: reservationCeiling,
        schema: {
          operationId: 'reserveTickets',
          summary: 'Apartar números (todos o ninguno)',
          params: raffleIdParams,
          body: reservationSchema,
          response: { 201: reservationResultSchema },
        },
        config: {
          rateLimit: {
            max: deps.reservationsPerMinute,
            timeWindow: '1 minute',
            hook: 'preValidation',
            keyGenerator: buyerKey,
          },
          // The buyer's own tickets, with their contact data.
          noStore: true,
        },
      },
      async (request, reply) => {
        // Under pressure (a rush on this raffle or from this address) a reservation pays a proof of
        // work first; the web app solves it without the buyer noticing and sends the same body again.
        if (deps.challenge.isRequired(request.params.id, clientAddress(request))) {
          const payload = request.body.altcha;
          if (!payload) throw new AppError(428, 'CHALLENGE_REQUIRED', messages.http.challengeRequired);
          if (!(await deps.challenge.verify(payload)))
            throw new ForbiddenError(messages.http.challengeFailed, 'CHALLENGE_FAILED');
        }
        // Counted before, given back when nothing was sold: one address cannot hold a raffle alone.
        const key = `${request.params.id}:${clientAddress(request)}`;
        const count = request.body.numbers.length;
        if (!(await deps.numbersPerIp.take(key, count))) {
          // A request sent again after its answer was lost was counted the first time (decision 057).
          const before = await tickets.sentBefore(request.params.id, request.body);
          if (before) return reply.status(201).send(before);
          throw new TooManyRequestsError(
            messages.http.numbersPerIp(deps.numbersPerIpPerRaffle),
            'RESERVATION_IP_LIMIT',
            600,
          );
        }
        try {
          const { replayed, ...reserved } = await tickets.reserveOrder(request.params.id, request.body);
          // A request sent again got its first answer: its numbers were counted the first time.
          if (replayed) await deps.numbersPerIp.giveBack(key, count);
          return reply.status(201).send(reserved);
        } catch (error) {
          await deps.numbersPerIp.giveBack(key, count);
          throw error;
        }
      },
    );

    app.get(
      '/reservations/challenge',
      {
        onRequest: reservationCeiling,
        schema: {
          operationId: 'getReservationChallenge',
          summary: 'Un desafío de prueba de trabajo (ALTCHA) para apartar cuando hay mucha demanda',
          response: { 200: reservationChallengeSchema },
        },
        config: {
          rateLimit: { max: deps.reservationsPerIpPerMinute, timeWindow: '1 minute' },
          noStore: true,
        },
      },
      async () => deps.challenge.create(),
    );

    app.post(
      '/raffles/:id/lucky-pick',
      {
        schema: {
          operationId: 'pickLuckyNumbers',
          summary: 'Números disponibles al azar',
          params: raffleIdParams,
          body: luckyPickSchema,
          response: { 200: luckyPickResultSchema },
        },
        // Per IP (no buyer yet): at least the reservations' per-IP ceiling, for the same shared addresses.
        config: {
          rateLimit: {
            max: Math.max(deps.reservationsPerMinute * 4, deps.reservationsPerIpPerMinute),
            timeWindow: '1 minute',
          },
        },
      },
      async (request) => {
        const raffle = await raffles.getVisibleSummary(request.params.id);
        return { numbers: await tickets.luckyPick(raffle, request.body.count, request.body.exclude) };
      },
    );

    // An event must leave at once: a compressor would hold it back until its buffer fills.
    // (The hijacked reply skips onSend, so @fastify/compress never sees it; this says it too.)
    app.get(
      '/raffles/:id/events',
      {
        // Who sees a draft is decided as for the board (raffles.isVisible): its staff with a token.
        onRequest: guards.optional,
        compress: false,
        schema: {
          operationId: 'streamRaffleEvents',
          summary: 'Cambios del tablero en vivo (Server-Sent Events)',
          params: raffleIdParams,
          querystring: eventStreamQuery,
          response: {
            200: nonJsonResponse(
              'Server-Sent Events: evento `ticket` con {number,status,version} por cada cambio (con `batch=1`, un evento `tickets` por tick: {numbers,statuses,versions}); nunca datos de compradores.',
              ['text/event-stream'],
            ),
          },
        },
      },
      async (request, reply) => {
        const raffle = await raffles.getVisibleSummary(request.params.id, request.auth);
        // HEAD wants only the headers, but Node sends a body-less response's headers at its end,
        // which a stream never reaches: the HEAD would hang, holding a stream slot.
        if (request.method === 'HEAD') return reply.type('text/event-stream; charset=utf-8').send();
        // Every stream holds a descriptor: past the total, health and reservations would go without.
        if (openStreams >= deps.streamsTotal) {
          throw new AppError(503, 'STREAMS_FULL', messages.http.streamsFull, {}, 5);
        }
        const ip = clientAddress(request);
        const open = streamsByIp.get(ip) ?? 0;
        if (open >= deps.streamsPerIp) throw new TooManyRequestsError(messages.http.tooManyStreams);
        streamsByIp.set(ip, open + 1);
        openStreams++;
        openEventStream(request, reply, deps.hub, raffle.id, {
          batched: request.query.batch === '1',
          onClose: () => {
            openStreams--;
            const left = (streamsByIp.get(ip) ?? 1) - 1;
            if (left > 0) streamsByIp.set(ip, left);
            else streamsByIp.delete(ip);
          },
        });
      },
    );
  };
