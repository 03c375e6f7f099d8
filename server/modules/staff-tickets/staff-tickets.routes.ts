import { PassThrough, Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nonJsonResponse, raffleIdParams, ticketIdParams } from '../../../domain/api';
import { raffleNumberParams } from '../../../domain/api-routes';
import {
  bulkReleaseInputSchema,
  bulkReleasePreviewSchema,
  bulkReleaseResultSchema,
} from '../../../domain/bulk-release';
import { refundInputSchema, staffPaymentInputSchema } from '../../../domain/ledger';
import {
  historyPageSchema,
  historyQuery,
  recordedPaymentSchema,
  recordedRefundSchema,
  staffTicketSchema,
  ticketCsvQuery,
  ticketListQuery,
  ticketPageSchema,
  ticketPatchSchema,
} from '../../../domain/staff-tickets';
import { z } from '../../../domain/zod';
import type { RaffleRow } from '../../db/rows';
import { type Guards, requireAuth } from '../../lib/guards';
import { toPayment } from '../payments/payment-views';
import type { RafflesService } from '../raffles/raffles.service';
import type { StaffTicketsService } from './staff-tickets.service';
import { fileSlug } from './tickets-csv';
import { XLSX_TYPE } from './tickets-xlsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const staffTicketsRoutes =
  (deps: {
    raffles: RafflesService;
    staffTickets: StaffTicketsService;
    guards: Guards;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { raffles, staffTickets, guards } = deps;
    // Staff only. The guard is on each route (not a plugin hook): the contract reads it there.
    const onRequest = guards.staff;

    app.get(
      '/raffles/:id/tickets',
      {
        onRequest,
        schema: {
          operationId: 'listRaffleTickets',
          summary: 'Tickets de una rifa: página, búsqueda y filtro por estados, con conteos',
          params: raffleIdParams,
          querystring: ticketListQuery,
          response: { 200: ticketPageSchema },
        },
      },
      async (request) => {
        const actor = requireAuth(request);
        const raffle = await raffles.getRowFor('manage-sales', request.params.id, actor);
        return staffTickets.list(actor, raffle, request.query);
      },
    );

    app.get(
      '/raffles/:id/tickets.csv',
      {
        onRequest,
        schema: {
          operationId: 'exportRaffleTicketsCsv',
          summary: 'Exportar los tickets de una rifa en CSV (todas las páginas)',
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
          .send(Readable.from(staffTickets.csv(raffle, request.query), { highWaterMark: 1 }));
      },
    );

    // Whose raffle it is is checked before the body is read (a vendedor of another raffle learns
    // nothing from a validation error); a malformed id is left to the params' 400.
    const releaseRaffle = new WeakMap<object, RaffleRow>();
    app.post(
      '/raffles/:id/tickets/release',
      {
        onRequest,
        preValidation: async (request) => {
          const { id } = request.params as { id?: string };
          if (id && UUID.test(id))
            releaseRaffle.set(request, await raffles.getRowFor('manage-sales', id, requireAuth(request)));
        },
        schema: {
          operationId: 'releaseRaffleTickets',
          summary:
            'Liberar en lote: números de una lista, de un comprador o del filtro; con dry_run cuenta antes de confirmar',
          params: raffleIdParams,
          body: bulkReleaseInputSchema,
          response: { 200: z.union([bulkReleaseResultSchema, bulkReleasePreviewSchema]) },
        },
      },
      async (request) => {
        const actor = requireAuth(request);
        const raffle =
          releaseRaffle.get(request) ?? (await raffles.getRowFor('manage-sales', request.params.id, actor));
        return staffTickets.releaseMany(actor, raffle, request.body);
      },
    );

    app.get(
      '/raffles/:id/tickets.xlsx',
      {
        onRequest,
        schema: {
          operationId: 'exportRaffleTicketsXlsx',
          summary: 'Exportar los tickets de una rifa en Excel (XLSX; las mismas filas y columnas que el CSV)',
          params: raffleIdParams,
          querystring: ticketCsvQuery,
          response: {
            200: nonJsonResponse('Tickets en XLSX (Número como texto, montos como números)', [XLSX_TYPE], {
              binary: true,
            }),
          },
        },
      },
      async (request, reply) => {
        const raffle = await raffles.getRowFor('manage-sales', request.params.id, requireAuth(request));
        const filename = `tickets-${fileSlug(raffle.name)}.xlsx`;
        // exceljs writes into `out` as Fastify streams it to the socket; a failure midway cuts the
        // download (the headers are gone by then), and a client that leaves stops the writer.
        const out = new PassThrough();
        staffTickets.xlsx(raffle, request.query, out).catch((error: unknown) => {
          request.log.error({ err: error }, 'xlsx export failed');
          out.destroy(error instanceof Error ? error : new Error(String(error)));
        });
        return reply
          .type(XLSX_TYPE)
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .send(out);
      },
    );

    app.get(
      '/tickets/:id',
      {
        onRequest,
        schema: {
          operationId: 'getTicket',
          summary: 'Un ticket con los datos del comprador',
          params: ticketIdParams,
          response: { 200: staffTicketSchema },
        },
      },
      async (request) => staffTickets.get(requireAuth(request), request.params.id),
    );

    app.patch(
      '/tickets/:id',
      {
        onRequest,
        schema: {
          operationId: 'updateTicket',
          summary: 'Editar un ticket: estado o datos del comprador',
          params: ticketIdParams,
          body: ticketPatchSchema,
          response: { 200: staffTicketSchema },
        },
      },
      async (request) => staffTickets.update(requireAuth(request), request.params.id, request.body),
    );

    app.post(
      '/tickets/:id/payments',
      {
        onRequest,
        schema: {
          operationId: 'recordTicketPayment',
          summary: 'Registrar dinero recibido por el personal (pago aprobado al registrarlo)',
          params: ticketIdParams,
          body: staffPaymentInputSchema,
          response: { 201: recordedPaymentSchema },
        },
      },
      async (request, reply) => {
        const recorded = await staffTickets.recordPayment(
          requireAuth(request),
          request.params.id,
          request.body,
        );
        reply.status(201);
        return { payment: toPayment(recorded.payment), ticket: recorded.ticket };
      },
    );

    app.post(
      '/tickets/:id/refunds',
      {
        onRequest,
        schema: {
          operationId: 'refundTicket',
          summary: 'Registrar un reembolso de un ticket',
          params: ticketIdParams,
          body: refundInputSchema,
          response: { 201: recordedRefundSchema },
        },
      },
      async (request, reply) => {
        const { refund, ticket } = await staffTickets.refund(
          requireAuth(request),
          request.params.id,
          request.body,
        );
        reply.status(201);
        return {
          refund: {
            id: refund.id,
            ticket_id: refund.ticketId,
            amount_cents: refund.amountCents,
            reason: refund.reason,
            actor_email: refund.actorEmail,
            created_at: refund.createdAt.toISOString(),
          },
          ticket,
        };
      },
    );

    app.patch(
      '/raffles/:id/numbers/:number',
      {
        onRequest,
        schema: {
          operationId: 'updateRaffleNumber',
          summary: 'Vender o apartar un número de la rifa, tenga o no venta',
          params: raffleNumberParams,
          body: ticketPatchSchema,
          response: { 200: staffTicketSchema },
        },
      },
      async (request) => {
        const actor = requireAuth(request);
        const raffle = await raffles.getRowFor('manage-sales', request.params.id, actor);
        return staffTickets.updateNumber(actor, raffle, request.params.number, request.body);
      },
    );

    app.get(
      '/history',
      {
        onRequest,
        schema: {
          operationId: 'listTicketHistory',
          summary: 'Historial de cambios de tickets, los más recientes primero',
          querystring: historyQuery,
          response: { 200: historyPageSchema },
        },
      },
      async (request) => {
        const actor = requireAuth(request);
        if (request.query.raffle_id) await raffles.getRowFor('manage-sales', request.query.raffle_id, actor);
        return staffTickets.history(actor, request.query);
      },
    );
  };
