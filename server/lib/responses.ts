import type { FastifyReply, RouteOptions } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '../../domain/api';

/**
 * What every API route shares, declared once as it is registered: errors have one shape (a loose
 * schema, so error bodies leave exactly as the error handler built them), and the OpenAPI document
 * groups routes by their first path segment (`/api/raffles/...` under `raffles`).
 */
export function declareCommonSchema(route: RouteOptions) {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  const tag = route.url.split('/')[2]?.replace(/\.json$/, '') ?? 'api';
  route.schema = {
    tags: [tag],
    ...route.schema,
    response: { '4xx': apiErrorSchema, '5xx': apiErrorSchema, ...response },
  };
}

/**
 * The answer of a public route that shows staff more (guards.optional). A union serializes with
 * its first member that matches, and the public schema matches whatever the staff one does (it
 * just declares less), so by default every answer leaves in the public shape: money or buyer
 * fields the data may carry are dropped. A handler that knows its caller is staff switches that
 * one reply to the staff schema with `sendAs`.
 */
export const publicOrStaff = <P extends z.ZodType, S extends z.ZodType>(publicSchema: P, staffSchema: S) =>
  z.union([publicSchema, staffSchema]);

/** Sends `data` serialized by `schema` (zod encode: keys it does not declare are dropped). */
export function sendAs<S extends z.ZodType>(reply: FastifyReply, schema: S, data: z.output<S>) {
  return reply
    .type('application/json; charset=utf-8')
    .serializer((payload) => JSON.stringify(z.encode(schema, payload)))
    .send(data);
}
