import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { serveWebApp } from './lib/web-app';
import { createRafflePagePreload } from './modules/raffles/raffle-page-preload';
import { serverOptions } from './server-options';
import { apiRoutes } from './wiring/api-routes';
import { registerSharedPlugins } from './wiring/plugins';
import { createServices } from './wiring/services';

/** Builds the whole app (plugins, services, routes) without listening: main.ts and tests share it. */
export async function buildApp(options: {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}) {
  const { config, database } = options;
  const app = Fastify(serverOptions(config, options.logger)).withTypeProvider<ZodTypeProvider>();
  const base = app as unknown as FastifyInstance;
  const { routes, shared } = await registerSharedPlugins(base, config);
  const services = await createServices(base, { config, database, shared });
  await base.register(apiRoutes(services, { config, database, shared }), { prefix: '/api' });
  await serveWebApp(base, {
    distDir: config.webDistDir,
    preCompressed: config.compression,
    preload: createRafflePagePreload(services.raffles),
    publicUrl: config.publicUrl,
  });
  return Object.assign(app, { routes, services });
}
