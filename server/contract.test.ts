import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { OpenApiDocument } from '../domain/api';
import type { OpenApiView } from './test/openapi-view';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * The HTTP contract as code (decision 013): every route declares what it answers, the OpenAPI
 * document is generated from those declarations, and the declarations are what serializes each
 * answer, so a field a public schema does not declare never leaves a public route (what public
 * answers carry is tested in public-answers.test.ts).
 */

/** Routes allowed without a response schema for their success status, each with why. Keep it empty. */
const EXEMPT: Record<string, string> = {};

/** POST/PUT/PATCH routes that take no JSON body, each with why. Keep it tiny. */
const NO_BODY: Record<string, string> = {
  'POST /api/uploads':
    'a multipart file (documented by `multipartBody`), read and limited by files.multipart.ts, not a JSON body',
  'POST /api/raffles/:id/close': 'an action on the raffle named in the path',
  'POST /api/raffles/:id/archive': 'an action on the raffle named in the path',
  'POST /api/raffles/:id/instant-wins/:number/delivery':
    'an action: the prize of the number in the path was handed over',
  'POST /api/exchange-rates/refresh': 'an action: fetch the rates now',
  'POST /api/test-bench/checks': 'an action: run the checks now',
  'POST /api/reconciliation/statements':
    'a multipart bank statement (documented by `multipartBody`), read and limited by reconciliation.multipart.ts',
  'POST /api/reconciliation/statements/:id/approve': 'an action on the statement named in the path',
};
const WRITES = new Set(['POST', 'PUT', 'PATCH']);

const methodsOf = (route: RouteOptions) => [route.method].flat().filter((m) => m !== 'HEAD');
const nameOf = (route: RouteOptions) => `${methodsOf(route).join(',')} ${route.url}`;
const successCodes = (route: RouteOptions) =>
  Object.keys((route.schema?.response ?? {}) as Record<string, unknown>).filter((code) =>
    /^2(\d\d|xx)$/.test(code),
  );
/** `/api/raffles/:id` as OpenAPI writes it: `/api/raffles/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');

/** Everything a route runs for a request: its handler, its hooks and its rate-limit key. */
function codeOf(route: RouteOptions): string {
  const hooks = [route.onRequest, route.preParsing, route.preValidation, route.preHandler].flat();
  const rateLimit = (route.config as { rateLimit?: { keyGenerator?: unknown } } | undefined)?.rateLimit;
  return [route.handler, ...hooks, rateLimit?.keyGenerator]
    .filter((f): f is (...args: unknown[]) => unknown => typeof f === 'function')
    .map(String)
    .join('\n');
}
const readsQuery = (route: RouteOptions) =>
  /\.query\b|\{[^}]*\bquery\b[^}]*\}\s*=|\bquery\s*:/.test(codeOf(route));

/** Every schema a route declares, by where it is declared (`response.200`, `querystring`…). */
function declaredSchemas(route: RouteOptions): [string, unknown][] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const found: [string, unknown][] = [];
  for (const part of ['params', 'querystring', 'body', 'headers', 'multipartBody'] as const) {
    if (schema[part] !== undefined) found.push([part, schema[part]]);
  }
  for (const [code, answer] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
    // A non-JSON answer (nonJsonResponse) declares a schema per media type.
    const content = (answer as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
    if (content && !(answer instanceof z.core.$ZodType)) {
      for (const [type, media] of Object.entries(content))
        found.push([`response.${code}.${type}`, media.schema]);
    } else found.push([`response.${code}`, answer]);
  }
  return found;
}

let t: TestApp;
const apiRoutes = () => t.app.routes.filter((route) => methodsOf(route).length > 0);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('every route declares its contract', () => {
  it('knows the API routes (a sanity floor, so an empty table cannot pass)', () => {
    expect(apiRoutes().length).toBeGreaterThan(40);
  });

  it('each route has a response schema for its success status', () => {
    const missing = apiRoutes()
      .filter((route) => !(nameOf(route) in EXEMPT) && successCodes(route).length === 0)
      .map(nameOf);
    expect(missing, `routes without a 2xx response schema:\n${missing.join('\n')}`).toEqual([]);
    console.info(
      `contract: ${apiRoutes().length - missing.length}/${apiRoutes().length} routes with response schemas`,
    );
  });

  it('each route with path parameters validates them with a schema', () => {
    const missing = apiRoutes()
      .filter((route) => route.url.includes(':') && !route.schema?.params)
      .map(nameOf);
    expect(missing).toEqual([]);
  });

  it('each route that writes declares its body (or says why it takes none)', () => {
    const missing = apiRoutes()
      .flatMap((route) =>
        methodsOf(route).map((method) => ({ route, key: `${method} ${route.url}`, method })),
      )
      .filter(({ route, key, method }) => WRITES.has(method) && !route.schema?.body && !(key in NO_BODY))
      .map(({ key }) => key);
    expect(missing, `routes that write without a body schema:\n${missing.join('\n')}`).toEqual([]);
    // An exemption for a route that is gone, or that now has a body, is stale.
    const routeKeys = new Set(
      apiRoutes().flatMap((route) =>
        route.schema?.body ? [] : methodsOf(route).map((method) => `${method} ${route.url}`),
      ),
    );
    expect(Object.keys(NO_BODY).filter((key) => !routeKeys.has(key))).toEqual([]);
  });

  it('each route that reads its query string validates it with a schema', () => {
    // The check reads the route's code: it must see the known readers, or it proves nothing.
    const readers = apiRoutes().filter(readsQuery).map(nameOf);
    expect(readers).toEqual(
      expect.arrayContaining([
        'GET /api/raffles',
        'GET /api/payments',
        'POST /api/uploads',
        'GET /api/files/:key',
      ]),
    );
    expect(apiRoutes().filter((route) => !readsQuery(route)).length).toBeGreaterThan(10);
    const missing = apiRoutes()
      .filter((route) => readsQuery(route) && !route.schema?.querystring)
      .map(nameOf);
    expect(missing, `routes reading an unvalidated query:\n${missing.join('\n')}`).toEqual([]);
  });

  it('every declared schema is a zod schema (from domain/)', () => {
    const notZod = apiRoutes().flatMap((route) =>
      declaredSchemas(route)
        .filter(([, schema]) => !(schema instanceof z.core.$ZodType))
        .map(([where]) => `${nameOf(route)}: ${where}`),
    );
    expect(notZod).toEqual([]);
    expect(apiRoutes().flatMap(declaredSchemas).length).toBeGreaterThan(apiRoutes().length * 3);
  });

  it('every error status shares the error schema', () => {
    const missing = apiRoutes()
      .filter((route) => {
        const response = (route.schema?.response ?? {}) as Record<string, unknown>;
        return !response['4xx'] || !response['5xx'];
      })
      .map(nameOf);
    expect(missing).toEqual([]);
  });
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3 document listing every route with its success response', async () => {
    const res = await t.api<OpenApiDocument>('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const validator = new Validator();
    const result = await validator.validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(res.body.openapi).toMatch(/^3\./);

    const paths = res.body.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    const problems: string[] = [];
    for (const route of apiRoutes()) {
      for (const method of methodsOf(route)) {
        const operation = paths[openApiPath(route.url)]?.[method.toLowerCase()];
        if (!operation) problems.push(`${method} ${route.url}: not in the document`);
        else if (!Object.keys(operation.responses).some((code) => /^2/.test(code)))
          problems.push(`${method} ${route.url}: no success response`);
      }
    }
    expect(problems).toEqual([]);
    // The docs page's own files are not part of the API.
    expect(Object.keys(paths).filter((p) => p.startsWith('/api/docs'))).toEqual([]);
  });

  it('describes JSON answers with their fields and errors with the shared shape', async () => {
    const { body } = await t.api<OpenApiView>('GET', '/api/openapi.json');
    const raffle = body.paths['/api/raffles/{id}'].get;
    const ok = raffle.responses['200'].content['application/json'].schema;
    // Public and staff views of the raffle.
    expect(JSON.stringify(ok)).toContain('stats');
    expect(JSON.stringify(ok)).toContain('pending_cents');
    expect(raffle.responses['4XX'].content['application/json'].schema.properties.error).toBeTruthy();
    const deleted = body.paths['/api/raffles/{id}'].delete.responses['204'];
    expect(deleted.content).toBeUndefined();
    expect(Object.keys(body.paths['/api/raffles/{id}/tickets.csv'].get.responses['200'].content)).toEqual([
      'text/csv',
    ]);
  });
  it('shows the fields of the sign-in body (a missing body is still accepted)', async () => {
    const { body } = await t.api<OpenApiView>('GET', '/api/openapi.json');
    const signIn = body.paths['/api/auth/sign-in'].post.requestBody;
    const text = JSON.stringify(signIn.content['application/json'].schema);
    for (const field of ['email', 'phone', 'password']) expect(text).toContain(`"${field}"`);
    // @fastify/swagger marks every declared body required; the schema says null is accepted.
    expect(signIn.content['application/json'].schema.nullable).toBe(true);
  });
});

describe('GET /api/docs', () => {
  it('answers the reference page as HTML, revalidated on every visit', async () => {
    const res = await t.api<string>('GET', '/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(String(res.body)).toContain('swagger-ui');
    // Its scripts are files of our own origin, allowed by the app's CSP as it is.
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = await t.api<string>('GET', '/api/docs/static/swagger-initializer.js');
    expect(script.status).toBe(200);
    expect(String(script.body)).toContain('SwaggerUIBundle');
  });
});
