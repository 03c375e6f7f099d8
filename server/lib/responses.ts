import type { FastifyReply, onSendHookHandler, RouteOptions } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema, rateLimitedSchema } from '../../domain/api';
import type { Guard, GuardAccess } from './guards';

/** The bearer scheme declared in the OpenAPI document's `components.securitySchemes` (api-docs.ts). */
export const BEARER_SCHEME = 'bearerAuth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `Cache-Control: no-store` on every answer of the route, errors included. Set by a public route
     * whose answer carries credentials or a buyer's personal data; a route behind a session guard
     * gets it from `declareRouteContract`.
     */
    noStore?: boolean;
  }
}

/** The strongest first: a route with `[guards.staff, adminOnly]` is as protected as its staff guard. */
const ACCESS_ORDER: readonly GuardAccess[] = ['admin', 'staff', 'authenticated', 'optional'];

/** The guard a route runs in `onRequest` (the strongest when it runs several), or null when it is public. */
export function routeAccess(route: Pick<RouteOptions, 'onRequest'>): GuardAccess | null {
  const marked = new Set(
    [route.onRequest ?? []].flat().map((hook) => (hook as Partial<Guard> | undefined)?.access),
  );
  return ACCESS_ORDER.find((access) => marked.has(access)) ?? null;
}

type SecurityRequirement = Record<string, string[]>;
const bearer: SecurityRequirement[] = [{ [BEARER_SCHEME]: [] }];
/** The OpenAPI `security` of each kind of route: `{}` is "no credentials", so optional is either. */
const SECURITY: Record<GuardAccess | 'public', SecurityRequirement[]> = {
  public: [],
  optional: [{}, ...bearer],
  authenticated: bearer,
  staff: bearer,
  admin: bearer,
};
/** Said in words in each operation's description: the bearer scheme alone does not name the role. */
const ACCESS_NOTE: Record<GuardAccess | 'public', string> = {
  public: 'Acceso: público.',
  optional: 'Acceso: público; con un token de personal (Bearer) permite o muestra más.',
  authenticated: 'Acceso: cualquier sesión iniciada (token Bearer).',
  staff: 'Acceso: personal, admin o vendedor (token Bearer).',
  admin: 'Acceso: solo administradores (token Bearer).',
};

/** A route that already says `no-store` in its own words (`private, no-store`) keeps them. */
const sendNoStore: onSendHookHandler = (_request, reply, payload, done) => {
  if (!/\bno-store\b/.test(String(reply.getHeader('cache-control'))))
    reply.header('cache-control', 'no-store');
  done(null, payload);
};

/**
 * What every API route shares, derived once as it is registered (the `onRoute` hook in app.ts),
 * from what the route itself declares, so the contract cannot drift from the code:
 * - errors have one shape (a loose schema, so error bodies leave exactly as the error handler
 *   built them); a rate-limited route (`config.rateLimit`) also declares its 429, whose headers
 *   the OpenAPI document lists (api-docs.ts);
 * - the OpenAPI `security` comes from the route's guard (`guards.staff` → bearer token;
 *   `guards.optional` → anonymous or bearer; none → public), and the description says the role;
 * - an answer behind a session guard is someone's private view: `Cache-Control: no-store`
 *   (`config.noStore`, sent by an onSend hook of the route), as is any public route that opts in;
 * - the document groups routes by their first path segment (`/api/raffles/...` under `raffles`).
 */
export function declareRouteContract(route: RouteOptions) {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  const tag = route.url.split('/')[2]?.replace(/\.json$/, '') ?? 'api';
  const access = routeAccess(route);
  const rateLimited = Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
  const description = [route.schema?.description, ACCESS_NOTE[access ?? 'public']]
    .filter(Boolean)
    .join('\n\n');
  route.schema = {
    tags: [tag],
    ...route.schema,
    description,
    security: SECURITY[access ?? 'public'],
    response: {
      '4xx': apiErrorSchema,
      '5xx': apiErrorSchema,
      ...(rateLimited ? { 429: rateLimitedSchema } : {}),
      ...response,
    },
  };
  if (access && access !== 'optional') route.config = { ...route.config, noStore: true };
  // A hook of the route itself: the routes that need no-store pay for it, no other.
  if (route.config?.noStore) route.onSend = [...[route.onSend ?? []].flat(), sendNoStore];
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
