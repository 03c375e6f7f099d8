import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { raffleIdParams } from '../../../domain/api';
import { staffInstantWinsSchema } from '../../../domain/instant-wins';
import { type Guards, requireAuth } from '../../lib/guards';
import type { RafflesService } from '../raffles/raffles.service';
import type { InstantWinsService } from './instant-wins.service';

/** The instant-win list for those who edit the raffle (admins, its owner); everyone else sees the commitment only. */
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
  };
