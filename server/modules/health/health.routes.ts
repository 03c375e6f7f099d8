import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '../../../domain/api';
import type { Database } from '../../db/client';

export const healthRoutes =
  (database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          operationId: 'getHealth',
          summary: 'Estado del servidor y su base de datos',
          response: { 200: healthSchema },
        },
      },
      async () => {
        await database.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: database.kind };
      },
    );
  };
