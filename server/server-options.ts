import type http from 'node:http';
import type { FastifyHttpOptions, FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { clientErrorHandler, frameworkErrorHandler } from './lib/error-handler';

/** The HTTP server's own options: body size, request time limits, the proxy and framework errors. */
export function serverOptions(
  config: Config,
  logger: FastifyServerOptions['logger'] = false,
): FastifyHttpOptions<http.Server> {
  return {
    logger,
    bodyLimit: 256 * 1024,
    // Fastify's default (0) turns off Node's own bound: a client trickling its request (slowloris)
    // kept a connection and its descriptor for ever. Live streams are not affected: their request
    // has arrived whole.
    requestTimeout: config.requestTimeoutSeconds * 1000,
    http: {
      // How often Node looks for such requests (its default, 30 s, unless the bound is shorter).
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, config.requestTimeoutSeconds * 250)),
      // Node's 60 s for the headers, never above the whole request's bound (Node then enforces neither).
      headersTimeout: Math.min(60_000, config.requestTimeoutSeconds * 1000),
    },
    // Behind a reverse proxy set TRUST_PROXY, else any client could fake X-Forwarded-For and dodge rate limits.
    trustProxy: config.trustProxy,
    // What the router or Node's HTTP parser refuse (a malformed URL, an over-long header) gets the
    // same Spanish error envelope and security headers as every other answer.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  };
}
