import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { registerApiDocs } from '../lib/api-docs';
import { registerErrorHandler } from '../lib/error-handler';
import { refuseHostileInput } from '../lib/hostile-input';
import { rateLimitStore } from '../lib/rate-limit-store';
import { declareRouteContract } from '../lib/responses';
import { securityHeaders } from '../lib/security-headers';

/** Redis, its breaker and the rate-limit store when REDIS_URL is set; null for a lone instance. */
export type SharedCounters = Awaited<ReturnType<typeof rateLimitStore>>;

/**
 * What every route shares, registered before any of them: zod in and out, the Spanish error
 * envelope, the hostile-input guard, the route contract, security headers, the API docs, rate
 * limits and compression. Returns the API routes as registered (for the contract tests) and the
 * shared counters.
 */
export async function registerSharedPlugins(app: FastifyInstance, config: Config) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  refuseHostileInput(app);
  // Every API route as registered, for the contract tests (response schemas, permissions), with
  // what it shares derived from its own declarations: errors, 429, OpenAPI security, no-store. The
  // docs page's own files (`schema.hide`: its HTML, scripts, styles) are not part of the API.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    routes.push(route);
    declareRouteContract(route);
  });

  securityHeaders(app);
  // /api/docs runs Swagger UI's own scripts (no inline ones): the CSP above holds there as well.
  await registerApiDocs(app);
  // Shared counters in Redis when REDIS_URL is set, behind one breaker (lib/redis-breaker.ts).
  const shared = await rateLimitStore(app, config);
  await app.register(rateLimit, { global: false, ...(shared && { store: shared.store }) });
  if (config.compression) {
    // Before @fastify/static (its README says so), so a file without a precompressed twin is still
    // compressed. Server-Sent Events are never touched: their route hijacks the reply (no onSend),
    // and the default types skip text/event-stream anyway. Request bodies are not inflated.
    await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false });
  }
  return { routes, shared };
}
