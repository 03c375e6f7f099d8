import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checksResponseSchema,
  drillResponseSchema,
  drillSchema,
  runsResponseSchema,
  testBenchRunsQuery,
} from '../../../domain/test-bench';
import { type Guards, requireAuth } from '../../lib/guards';
import type { TestBenchService } from './test-bench.service';

/** Banco de pruebas: admins only (a vendedor gets 403, no session 401). */
export const testBenchRoutes =
  (deps: { bench: TestBenchService; guards: Guards }): FastifyPluginAsyncZod =>
  async (app) => {
    const { bench, guards } = deps;
    app.addHook('onRequest', guards.admin);

    app.post(
      '/test-bench/checks',
      { schema: { response: { 200: checksResponseSchema } } },
      async (request) => ({
        checks: await bench.runChecks(requireAuth(request), request.log),
      }),
    );

    app.get(
      '/test-bench/runs',
      { schema: { querystring: testBenchRunsQuery, response: { 200: runsResponseSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { runs: await bench.listRuns(request.query) };
      },
    );

    app.post(
      '/test-bench/drill',
      { schema: { body: drillSchema, response: { 200: drillResponseSchema } } },
      async (request) => bench.drill(requireAuth(request), request.body.buyers),
    );
  };
