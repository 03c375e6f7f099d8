import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, healthUnavailableSchema } from '../../../domain/api';
import { messages } from '../../../domain/messages';
import type { Database } from '../../db/client';
import { freeDiskMb } from '../../lib/disk-space';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/errors';

/** How long the database has to answer `select 1` before health says it is unavailable. */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

export const healthRoutes =
  (
    database: Database,
    options: {
      /** Only with REDIS_URL: whether Redis answers within the breaker's timeout. */
      redisAnswers?: () => Promise<boolean>;
      /** The disk the database and uploads live on, and the free space uploads keep. */
      disk?: { dir: string; minFreeMb: number };
    } = {},
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          operationId: 'getHealth',
          summary: 'Estado del servidor y su base de datos',
          response: { 200: healthSchema, 503: healthUnavailableSchema },
        },
      },
      async (_request, reply) => {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            database.db.execute(sql`select 1`),
            new Promise((_, reject) => {
              timer = setTimeout(
                () => reject(new Error('database check timed out')),
                DATABASE_CHECK_TIMEOUT_MS,
              );
            }),
          ]);
        } catch {
          // A load balancer takes this instance out; people see the same message as any request.
          return reply
            .status(503)
            .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
            .send({
              status: 'unavailable' as const,
              database: database.kind,
              error: { code: 'DATABASE_UNAVAILABLE', message: messages.http.databaseUnavailable },
            });
        } finally {
          clearTimeout(timer);
        }
        const redisUp = options.redisAnswers ? await options.redisAnswers() : null;
        const freeMb = options.disk ? await freeDiskMb(options.disk.dir) : null;
        const diskLow = freeMb !== null && options.disk !== undefined && freeMb < options.disk.minFreeMb;
        return {
          status: redisUp === false || diskLow ? ('degraded' as const) : ('ok' as const),
          database: database.kind,
          ...(redisUp !== null && { redis: redisUp ? ('ok' as const) : ('unavailable' as const) }),
          ...(freeMb !== null && { disk_free_mb: freeMb }),
        };
      },
    );
  };
