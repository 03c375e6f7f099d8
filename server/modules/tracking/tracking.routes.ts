import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trackingQuerySchema, trackingResultSchema } from '../../../domain/tracking';
import { type PhoneGuesses, trackingLimitError } from './phone-guesses';
import type { TrackingService } from './tracking.service';

/**
 * Every answer leaves no sooner than this after the request came: finding 50 tickets (their
 * payments, their signed receipts) takes longer than finding none, and the difference would tell
 * whether a cedula has bought here. Well above that work, well below what a buyer notices.
 */
export const TRACKING_ANSWER_FLOOR_MS = 150;

export const trackingRoutes =
  (deps: {
    tracking: TrackingService;
    trackingPerMinute: number;
    guesses: PhoneGuesses;
  }): FastifyPluginAsyncZod =>
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
      async (request) => {
        const started = performance.now();
        const found = await deps.guesses.attempt(
          request.body.cedula,
          () => deps.tracking.findTickets(request.body),
          (outcome) => 'result' in outcome && outcome.result.length === 0,
        );
        const left = TRACKING_ANSWER_FLOOR_MS - (performance.now() - started);
        if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
        if (!found) throw trackingLimitError();
        return { tickets: found.result };
      },
    );
  };
