import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { insightQuery, salesInsightSchema } from '../../../domain/insight';
import { type Guards, requireAuth } from '../../lib/guards';
import type { InsightService } from './insight.service';

export const insightRoutes =
  (deps: { insight: InsightService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/insight',
      {
        onRequest: deps.guards.staff,
        schema: {
          operationId: 'getSalesInsight',
          summary: 'Cifras de ventas: por estado, cobrado y pendiente, por día y por rifa',
          querystring: insightQuery,
          response: { 200: salesInsightSchema },
        },
      },
      async (request, reply) => {
        // Money per seller: never kept by a shared cache.
        reply.header('cache-control', 'private, no-store');
        return deps.insight.get(requireAuth(request), request.query);
      },
    );
  };
