import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trackingQuerySchema, trackingResultSchema } from '../../../domain/tracking';
import type { TrackingService } from './tracking.service';

export const trackingRoutes =
  (deps: { tracking: TrackingService; trackingPerMinute: number }): FastifyPluginAsyncZod =>
  async (app) => {
    // Cedula + four digits is a weak secret: the per-IP limit is what keeps guessing impractical.
    app.post(
      '/tracking',
      {
        schema: {
          operationId: 'trackTickets',
          summary: 'Mis tickets: por cédula y los 4 últimos dígitos del teléfono',
          body: trackingQuerySchema,
          response: { 200: trackingResultSchema },
        },
        // A buyer's tickets and payments: never kept by a browser or a shared cache.
        config: { rateLimit: { max: deps.trackingPerMinute, timeWindow: '1 minute' }, noStore: true },
      },
      async (request) => ({ tickets: await deps.tracking.findTickets(request.body) }),
    );
  };
