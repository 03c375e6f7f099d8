import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createJsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { openApiDocumentSchema, rateLimitedSchema } from '../../domain/api';
import { BEARER_SCHEME } from './responses';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A `multipart/form-data` body, for the document only: Fastify never validates it (the route
     * reads the parts itself, e.g. files.multipart.ts), so `body` stays undeclared.
     */
    multipartBody?: unknown;
  }
}

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The docs page changes with each release of the server: always revalidated, never stale. */
const revalidate = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'no-cache');
};

/** What @fastify/rate-limit sends with a 429 (the x-ratelimit-* also on every answer of the route). */
const RATE_LIMIT_HEADERS = {
  'x-ratelimit-limit': { type: 'integer', description: 'Solicitudes permitidas por ventana (un minuto)' },
  'x-ratelimit-remaining': { type: 'integer', description: 'Solicitudes que quedan en la ventana actual' },
  'x-ratelimit-reset': { type: 'integer', description: 'Segundos hasta que empieza la próxima ventana' },
  'retry-after': { type: 'integer', description: 'Segundos que conviene esperar antes de reintentar' },
};

const zodTransform = createJsonSchemaTransform({ skipList: [] });
type TransformInput = Parameters<typeof zodTransform>[0];

/**
 * zod → JSON Schema for each route (fastify-type-provider-zod), plus what it cannot express: a
 * multipart body (`schema.multipartBody`) and the headers of a 429 (`rateLimitedSchema`).
 */
function transform(document: TransformInput) {
  const { multipartBody, ...schema } = (document.schema ?? {}) as Record<string, unknown>;
  const input = multipartBody
    ? { ...document, schema: { ...schema, body: multipartBody, consumes: ['multipart/form-data'] } }
    : document;
  const output = zodTransform(input);
  const declared = (document.schema?.response ?? {}) as Record<string, unknown>;
  const response = (output.schema as { response?: Record<string, object> }).response;
  if (response?.[429] && declared[429] === rateLimitedSchema) {
    response[429] = { ...response[429], headers: RATE_LIMIT_HEADERS };
  }
  return output;
}

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
          'Rutas de personal: `Authorization: Bearer <access_token>` (de `POST /api/auth/sign-in`);',
          'en esta página, «Authorize» y luego «Try it out» lo envía en cada operación que lo pide.',
          'Errores: `{"error":{"code","message"}}` con el estado HTTP (campos extra posibles, p. ej. `numbers`).',
        ].join('\n\n'),
      },
      // The API and this document share their origin: the paths already start with /api.
      servers: [{ url: '/', description: 'Este servidor' }],
      components: {
        securitySchemes: { [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // The docs page's own files and the web app's are hidden (`schema.hide`): only the API is described.
    transform,
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
        operationId: 'getOpenApiDocument',
        summary: 'Este documento OpenAPI',
        response: { 200: openApiDocumentSchema },
      },
    },
    async () => app.swagger() as never,
  );
}
