import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nonJsonResponse, raffleIdParams, ticketIdParams } from '../../../domain/api';
import { raffleNumberParams } from '../../../domain/api-routes';
import {
  historyPageSchema,
  historyQuery,
  staffTicketSchema,
  ticketCsvQuery,
  ticketListQuery,
  ticketPageSchema,
  ticketPatchSchema,
} from '../../../domain/staff-tickets';
import { type Guards, requireAuth } from '../../lib/guards';
import type { RafflesService } from '../raffles/raffles.service';
import type { StaffTicketsService } from './staff-tickets.service';
import { fileSlug } from './tickets-csv';

export const staffTicketsRoutes =
  (deps: {
    raffles: RafflesService;
    staffTickets: StaffTicketsService;
    guards: Guards;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { raffles, staffTickets, guards } = deps;
    app.addHook('onRequest', guards.staff);

    app.get(
      '/raffles/:id/tickets',
      {
        schema: { params: raffleIdParams, querystring: ticketListQuery, response: { 200: ticketPageSchema } },
      },
      async (request) => {
        const raffle = await raffles.getRowFor('manage-sales', request.params.id, requireAuth(request));
        return staffTickets.list(raffle, request.query);
      },
    );

    app.get(
      '/raffles/:id/tickets.csv',
      {
        schema: {
          params: raffleIdParams,
          querystring: ticketCsvQuery,
          response: {
            200: nonJsonResponse('Tickets en CSV (UTF-8 con BOM, columnas en español)', ['text/csv']),
          },
        },
      },
      async (request, reply) => {
        const raffle = await raffles.getRowFor('manage-sales', request.params.id, requireAuth(request));
        const filename = `tickets-${fileSlug(raffle.name)}.csv`;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .send(Readable.from(staffTickets.csv(raffle, request.query)));
      },
    );

    app.get(
      '/tickets/:id',
      { schema: { params: ticketIdParams, response: { 200: staffTicketSchema } } },
      async (request) => staffTickets.get(requireAuth(request), request.params.id),
    );

    app.patch(
      '/tickets/:id',
      { schema: { params: ticketIdParams, body: ticketPatchSchema, response: { 200: staffTicketSchema } } },
      async (request) => staffTickets.update(requireAuth(request), request.params.id, request.body),
    );

    app.patch(
      '/raffles/:id/numbers/:number',
      {
        schema: { params: raffleNumberParams, body: ticketPatchSchema, response: { 200: staffTicketSchema } },
      },
      async (request) => {
        const actor = requireAuth(request);
        const raffle = await raffles.getRowFor('manage-sales', request.params.id, actor);
        return staffTickets.updateNumber(actor, raffle, request.params.number, request.body);
      },
    );

    app.get(
      '/history',
      { schema: { querystring: historyQuery, response: { 200: historyPageSchema } } },
      async (request) => {
        const actor = requireAuth(request);
        if (request.query.raffle_id) await raffles.getRowFor('manage-sales', request.query.raffle_id, actor);
        return staffTickets.history(actor, request.query);
      },
    );
  };
