import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createJsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { openApiDocumentSchema } from '../../domain/api';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The docs page changes with each release of the server: always revalidated, never stale. */
const revalidate = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'no-cache');
};

/**
 * The OpenAPI 3 document, generated from the zod schemas every route declares (params, query,
 * body, response), and a reference page for integrators (decision 013). Registered before the
 * routes: @fastify/swagger collects them as they are added.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Rifas API',
        version: '1.0.0',
        description: [
          'API HTTP de Rifas. Montos en céntimos enteros (USD), campos en snake_case.',
          'Rutas de personal: `Authorization: Bearer <access_token>` (de `POST /api/auth/sign-in`).',
          'Errores: `{"error":{"code","message"}}` con el estado HTTP (campos extra posibles, p. ej. `numbers`).',
        ].join('\n\n'),
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // The docs page's own files are hidden (`schema.hide`), so only the API is described.
    transform: createJsonSchemaTransform({ skipList: [] }),
  });

  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
    uiHooks: { onRequest: revalidate },
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    OPENAPI_PATH,
    {
      onRequest: revalidate,
      schema: {
        summary: 'Este documento OpenAPI',
        response: { 200: openApiDocumentSchema },
      },
    },
    async () => app.swagger() as never,
  );
}
