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
    // The guard is on each route (not a plugin hook): the contract reads it there.
    const onRequest = guards.admin;

    app.post(
      '/test-bench/checks',
      {
        onRequest,
        schema: {
          operationId: 'runTestBenchChecks',
          summary:
            'Ejecutar las comprobaciones en vivo (base de datos, tiempo real, archivos, tasa, vencimientos)',
          response: { 200: checksResponseSchema },
        },
      },
      async (request) => ({
        checks: await bench.runChecks(requireAuth(request), request.log),
      }),
    );

    app.get(
      '/test-bench/runs',
      {
        onRequest,
        schema: {
          operationId: 'listTestBenchRuns',
          summary: 'Ejecuciones anteriores del banco de pruebas, las más recientes primero',
          querystring: testBenchRunsQuery,
          response: { 200: runsResponseSchema },
        },
      },
      async (request) => ({ runs: await bench.listRuns(request.query) }),
    );

    app.post(
      '/test-bench/drill',
      {
        onRequest,
        schema: {
          operationId: 'runTestBenchDrill',
          summary: 'Simulacro de concurrencia: N compradores a la vez en una rifa oculta',
          body: drillSchema,
          response: { 200: drillResponseSchema },
        },
      },
      async (request) => bench.drill(requireAuth(request), request.body.buyers),
    );
  };
