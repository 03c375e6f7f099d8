import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { raffleIdParams } from '../../../domain/api';
import { raffleNumberParams } from '../../../domain/api-routes';
import { staffInstantWinsSchema } from '../../../domain/instant-wins';
import { type Guards, requireAuth } from '../../lib/guards';
import type { RafflesService } from '../raffles/raffles.service';
import type { InstantWinsService } from './instant-wins.service';

/**
 * The instant-win list for those who edit the raffle (admins, its owner), and the mark that a won
 * prize was handed over; everyone else sees the commitment only.
 */
export const instantWinsRoutes =
  (deps: {
    raffles: RafflesService;
    instantWins: InstantWinsService;
    guards: Guards;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { raffles, instantWins, guards } = deps;
    app.get(
      '/raffles/:id/instant-wins',
      {
        onRequest: guards.staff,
        schema: {
          operationId: 'getRaffleInstantWins',
          summary: 'Números premiados de una rifa y quién ganó cada uno (quien edita la rifa)',
          params: raffleIdParams,
          response: { 200: staffInstantWinsSchema },
        },
      },
      async (request) => {
        const row = await raffles.getRowFor('edit', request.params.id, requireAuth(request));
        return instantWins.forStaff(row.id, row.instantWinCommitment);
      },
    );

    // Recorded in the audit log like every staff change (audit.capture.ts).
    app.post(
      '/raffles/:id/instant-wins/:number/delivery',
      {
        onRequest: guards.staff,
        schema: {
          operationId: 'markInstantWinDelivered',
          summary:
            'Marcar como entregado el premio de un número premiado ganado (quien edita la rifa); no se puede deshacer',
          params: raffleNumberParams,
          response: { 200: staffInstantWinsSchema },
        },
      },
      async (request) => {
        const actor = requireAuth(request);
        const row = await raffles.getRowFor('edit', request.params.id, actor);
        await instantWins.markDelivered(row.id, request.params.number, actor.userId);
        return instantWins.forStaff(row.id, row.instantWinCommitment);
      },
    );
  };
