import { z } from './zod';

/**
 * Shapes every route shares (the HTTP contract, docs/decisions/013). Response schemas are also
 * what serializes each answer: a field a schema does not declare never leaves the server.
 */

/**
 * Every error, from every module and from the HTTP layer itself (a malformed URL, an over-long
 * header): `{"error":{"code","message",…}}`. Loose on purpose: extra fields (`numbers`, `fields`,
 * `reasons`, `remaining_cents`) pass as they are, so no error answer can turn into a 500 for
 * carrying one.
 */
export const apiErrorSchema = z.looseObject({
  error: z.looseObject({ code: z.string(), message: z.string() }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
/** A field a VALIDATION_ERROR names: its dotted path in the request and why it was refused. */
export type FieldError = { path: string; message: string };
/**
 * An error answer with the extra fields its code carries, e.g. `ApiErrorWith<{ fields: FieldError[] }>`
 * (VALIDATION_ERROR), `{ reasons: string[] }` (weak_password), `{ numbers: number[] }` (TICKETS_UNAVAILABLE).
 */
export type ApiErrorWith<Extra extends Record<string, unknown>> = ApiError & { error: Extra };
/** VALIDATION_ERROR (400 or 422): every refused field in `fields`, the first one's message in `message`. */
export type ApiValidationError = ApiErrorWith<{ fields: FieldError[] }>;

/** 429 of a rate-limited route (its `x-ratelimit-*` and `retry-after` headers are in the OpenAPI document). */
export const rateLimitedSchema = apiErrorSchema.describe(
  'Demasiadas solicitudes: espera los segundos de `retry-after` antes de intentar de nuevo',
);

/** 204: nothing in the body. */
export const noContentSchema = z.undefined().describe('Sin contenido');
/** 304: the copy the client holds (its ETag) is still current. */
export const notModifiedSchema = z.undefined().describe('Sin cambios desde la copia del cliente (ETag)');

/** `GET /api/health`. */
export const healthSchema = z.object({
  /** `degraded`: serving, but Redis does not answer (limits are counted per instance meanwhile). */
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  /** Only when REDIS_URL is set. */
  redis: z.enum(['ok', 'unavailable']).optional(),
  /** Free space on the disk of DATA_DIR; `degraded` below MIN_FREE_DISK_MB (uploads refused). */
  disk_free_mb: z.number().int().optional(),
});
export type Health = z.infer<typeof healthSchema>;
/** `GET /api/health` 503: the database does not answer (a load balancer takes the instance out). */
export const healthUnavailableSchema = z.object({
  status: z.literal('unavailable'),
  database: z.enum(['pglite', 'postgres']),
  error: z.object({ code: z.literal('DATABASE_UNAVAILABLE'), message: z.string() }),
});

/**
 * An answer that is not JSON (a file, a CSV, an event stream): documented by its media type as
 * text or bytes. Never serialized by the schema: the route sends a stream or a buffer (typed
 * `unknown` so it may).
 */
export const nonJsonResponse = (
  description: string,
  mediaTypes: readonly string[],
  options: { binary?: boolean } = {},
) => {
  const body: z.ZodType<unknown> = z
    .string()
    .meta(options.binary ? { description, format: 'binary' } : { description });
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: body }])),
  };
};

/** Counts (numbers, tickets) and money (integer cents) in answers. */
export const countField = z.int().min(0);
export const centsField = z.int();
/** An instant as ISO 8601 text. */
export const instantField = z.string();

/** `GET /api/openapi.json`: the OpenAPI 3 document of this API, generated from these schemas. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

/** `:id` of a resource that has no message of its own (a payment, a user). */
export const idParams = z.object({ id: z.uuid('Identificador inválido') });
/** `:id` of a raffle. */
export const raffleIdParams = z.object({ id: z.uuid('Identificador de rifa inválido') });
/** `:id` of a ticket (a sale). */
export const ticketIdParams = z.object({ id: z.uuid('Identificador de ticket inválido') });
