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
        schema: { body: trackingQuerySchema, response: { 200: trackingResultSchema } },
        config: { rateLimit: { max: deps.trackingPerMinute, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { tickets: await deps.tracking.findTickets(request.body) };
      },
    );
  };
