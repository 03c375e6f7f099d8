import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Features no page of ours uses, switched off for the pages and anything they embed. Photos of a
 * payment proof come from a file input (the phone's own picker, camera included), which no policy
 * governs; clipboard and Web Share (the raffle page's buttons) stay allowed.
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

const helmetMiddleware = helmet({
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

/**
 * Helmet's headers never depend on the request (no nonces), so they are worked out once, by running
 * its middleware against a recorder: @fastify/helmet builds them again on every request (parsing the
 * CSP each time), measurable in a sales rush. The same list goes on answers Fastify never routes
 * (a malformed URL, an over-long header: error-handler.ts).
 */
function recordHelmetHeaders(): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let finished = false;
  helmetMiddleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished || headers.size === 0) throw new Error('helmet did not set its headers synchronously');
  return [...headers];
}

/** Every security header, in the order they are sent. */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ...recordHelmetHeaders(),
  ['permissions-policy', PERMISSIONS_POLICY],
];

/** On the raw response, so hijacked replies (the event stream) carry them too. */
export function applySecurityHeaders(res: ServerResponse) {
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
}

/** The security headers on every answer (errors included). */
export function securityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (_request, reply, done) => {
    applySecurityHeaders(reply.raw);
    done();
  });
}
