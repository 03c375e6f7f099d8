import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';

export const healthRoutes =
  (database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/health', async () => {
      await database.db.execute(sql`select 1`);
      return { status: 'ok', database: database.kind };
    });
  };
