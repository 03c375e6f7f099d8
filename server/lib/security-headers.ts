import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's headers on every answer. Built once: @fastify/helmet builds the middleware again on
 * every request (parsing the CSP each time), measurable in a sales rush for headers that never change.
 */
export function securityHeaders(app: FastifyInstance) {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        // Staff see a PDF payment proof inline from a blob URL fetched with their token.
        'frame-src': ["'self'", 'blob:'],
        'object-src': ["'self'", 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        // Plain-HTTP installs (a LAN address, no TLS yet) must still load their own assets.
        'upgrade-insecure-requests': null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
