import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ApiError, OpenApiDocument } from '../domain/api';
import type { CreatePaymentResult, PublicCreatePaymentResult, StaffPayment } from '../domain/payments';
import type { PublicRaffle, Raffle } from '../domain/raffles';
import type { Board, ReservationResult } from '../domain/reservations';
import { boardSchema } from '../domain/reservations';
import type { TrackingResult } from '../domain/tracking';
import { trackedTicketSchema } from '../domain/tracking';
import { buyer, makeRaffle, makeUser } from './test/factories';
import type { OpenApiView } from './test/openapi-view';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * The HTTP contract as code (decision 013): every route declares what it answers, the OpenAPI
 * document is generated from those declarations, and the declarations are what serializes each
 * answer, so a field a public schema does not declare never leaves a public route.
 */

/** Routes allowed without a response schema for their success status, each with why. Keep it empty. */
const EXEMPT: Record<string, string> = {};

/** POST/PUT/PATCH routes that take no JSON body, each with why. Keep it tiny. */
const NO_BODY: Record<string, string> = {
  'POST /api/uploads':
    'a multipart file (documented by `multipartBody`), read and limited by files.multipart.ts, not a JSON body',
  'POST /api/raffles/:id/close': 'an action on the raffle named in the path',
  'POST /api/raffles/:id/archive': 'an action on the raffle named in the path',
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

const COUNT_KEYS = ['abonado', 'apartado', 'cancelado', 'disponible', 'pagado'];
const MONEY_KEYS = ['pending_cents', 'total_paid_cents'];

let t: TestApp;
let admin: string;
const apiRoutes = () => t.app.routes.filter((route) => methodsOf(route).length > 0);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
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

describe('public raffle stats: counts only', () => {
  it('the public sees counts; the admin and the raffle seller see the money too; another seller does not', async () => {
    const seller = await makeUser(t, { role: 'vendedor' });
    const other = await makeUser(t, { role: 'vendedor' });
    const raffle = await makeRaffle(t, { price_cents: 700 }, seller.token);
    const reserved = await t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [3, 4], buyer: buyer() },
    });
    expect(reserved.status).toBe(201);

    const statsKeys = (body: { stats: object }) => Object.keys(body.stats).sort();
    const publicOne = await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
    expect(publicOne.status).toBe(200);
    expect(statsKeys(publicOne.body)).toEqual(COUNT_KEYS);
    expect(publicOne.body.stats.apartado).toBe(2);
    const publicList = await t.api<PublicRaffle[]>('GET', '/api/raffles');
    const listed = publicList.body.find((r: { id: string }) => r.id === raffle.id);
    expect(statsKeys(listed as PublicRaffle)).toEqual(COUNT_KEYS);

    for (const token of [admin, seller.token]) {
      const staff = await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`, { token });
      expect(statsKeys(staff.body)).toEqual([...COUNT_KEYS, ...MONEY_KEYS].sort());
      expect(staff.body.stats.pending_cents).toBe(1400);
      const list = await t.api<Raffle[]>('GET', '/api/raffles', { token });
      expect(list.body.find((r: { id: string }) => r.id === raffle.id)?.stats.pending_cents).toBe(1400);
    }
    const notTheirs = await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`, { token: other.token });
    expect(statsKeys(notTheirs.body)).toEqual(COUNT_KEYS);
    const theirList = await t.api<Raffle[]>('GET', '/api/raffles', { token: other.token });
    expect(statsKeys(theirList.body.find((r: { id: string }) => r.id === raffle.id) as Raffle)).toEqual(
      COUNT_KEYS,
    );
  });
});

describe('public payer', () => {
  it('never sees duplicate_of; staff do', async () => {
    const raffle = await makeRaffle(t, { price_cents: 1000 });
    const reserve = async (number: number, cedula: string) => {
      const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
        body: { numbers: [number], buyer: buyer({ cedula }) },
      });
      return (res.body.tickets as { id: string }[])[0]?.id ?? '';
    };
    // One proof file sent by two buyers: a duplicate only the reviewer is told about. (One bank
    // reference twice is refused outright: duplicate-references.test.ts.)
    const form = new FormData();
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from([7, 7, 7]),
    ]);
    form.append('file', new Blob([png], { type: 'image/png' }), 'comprobante.png');
    const upload = await fetch(`${t.baseUrl}/api/uploads`, { method: 'POST', body: form });
    const proof = ((await upload.json()) as { fileUrl: string }).fileUrl;
    const pay = <T = PublicCreatePaymentResult>(ticketId: string, cedula: string, token?: string) =>
      t.api<T>('POST', '/api/payments', {
        token,
        body: { ticket_id: ticketId, amount_cents: 500, payment_proof: proof, cedula },
      });

    const original = await pay(await reserve(10, 'V-20111222'), 'V-20111222');
    expect(original.status).toBe(201);
    expect(original.body.success).toBe(true);
    expect(original.body.payment).not.toHaveProperty('duplicate_of');
    // Another buyer with the same proof file: a duplicate, which only the reviewer is told about.
    const otherTicket = await reserve(11, 'E-81234567');
    const repeated = await pay(otherTicket, 'E-81234567');
    expect(repeated.status).toBe(201);
    expect(Object.keys(repeated.body.payment)).not.toContain('duplicate_of');

    const byStaff = await pay<CreatePaymentResult>(otherTicket, 'E-81234567', admin);
    expect(byStaff.status).toBe(201);
    expect(byStaff.body.payment.duplicate_of).toBe(original.body.payment.id);
    const list = await t.api<StaffPayment[]>('GET', '/api/payments?status=pending', { token: admin });
    const listed = list.body.find((p: { id: string }) => p.id === repeated.body.payment.id);
    expect(listed?.duplicate_of).toBe(original.body.payment.id);
  });

  it('a failed payment answers the one error envelope, {error:{code,message}}, like every module', async () => {
    const res = await t.api<ApiError>('POST', '/api/payments', {
      body: { ticket_id: '00000000-0000-4000-8000-000000000000', amount_cents: 100, cedula: 'V-1234567' },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'TICKET_NOT_FOUND', message: expect.any(String) } });
    // A schema error too: the shared handler's 400/422 with its `fields`, nothing payments-only.
    const invalid = await t.api<ApiError>('POST', '/api/payments', { body: { amount_cents: 0 } });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body)).toEqual(['error']);
    expect(invalid.body.error).toMatchObject({ code: 'VALIDATION_ERROR', fields: expect.any(Array) });
  });
});

describe('a public answer carries only what its schema declares', () => {
  it('a raffle query that returned money or buyer fields would not leak them', async () => {
    const raffle = await makeRaffle(t);
    const leaky = {
      ...raffle,
      buyer_cedula: 'V-99888777',
      buyer_phone: '0414-0000000',
      stats: { ...raffle.stats, total_paid_cents: 123, pending_cents: 456 },
    };
    const raffles = t.app.services.raffles;
    const get = vi.spyOn(raffles, 'get').mockResolvedValue(leaky);
    const list = vi.spyOn(raffles, 'list').mockResolvedValue([leaky]);
    try {
      const one = await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
      expect(one.status).toBe(200);
      const many = await t.api<PublicRaffle[]>('GET', '/api/raffles');
      for (const body of [one.body, many.body[0]]) {
        expect(body).not.toHaveProperty('buyer_cedula');
        expect(body).not.toHaveProperty('buyer_phone');
        expect(Object.keys(body.stats).sort()).toEqual(COUNT_KEYS);
        expect(body.name).toBe(raffle.name);
      }
    } finally {
      get.mockRestore();
      list.mockRestore();
    }
  });

  it('tracking drops what a query might add (ticket ids, contact data)', async () => {
    const tracked = trackedTicketSchema.parse({
      raffle_id: '00000000-0000-4000-8000-000000000001',
      raffle_name: 'Rifa',
      order_code: 'K7MA4Q3X',
      number: 7,
      ticket_number: '07',
      status: 'apartado',
      total_paid_cents: 0,
      remaining_cents: 500,
      reserved_until: null,
      purchased_at: null,
      payments: [],
      buyer_name_masked: 'm*** p***',
      price_cents: 500,
      payment_type: 'pago_unico',
      installments: null,
      amount_due_cents: 500,
      has_pending_payment: false,
      verification_code: 'ABCD3467EF',
      instant_win_prize: null,
      receipt: {
        version: 1,
        raffle_id: '00000000-0000-4000-8000-000000000001',
        number: 7,
        line: `07:${'a'.repeat(64)}`,
        sold_at: '2026-11-26T12:00:00.000Z',
        held_until: null,
        signature: 'c2lnbmF0dXJl',
      },
    });
    const spy = vi
      .spyOn(t.app.services.tracking, 'findTickets')
      .mockResolvedValue([
        { ...tracked, id: 'secret-ticket-id', buyer_cedula: 'V-1', buyer_phone: '0414-1' } as typeof tracked,
      ]);
    try {
      const res = await t.api<TrackingResult>('POST', '/api/tracking', {
        body: { cedula: 'V-12345678', phone_last4: '4567' },
      });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.tickets[0]).sort()).toEqual(Object.keys(trackedTicketSchema.shape).sort());
    } finally {
      spy.mockRestore();
    }
  });

  it('the board carries exactly its declared keys', async () => {
    const raffle = await makeRaffle(t);
    const res = await t.api<Board>('GET', `/api/raffles/${raffle.id}/board`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(boardSchema.shape).sort());
  });

  it('an error keeps its extra fields (the taken numbers of a conflict)', async () => {
    const raffle = await makeRaffle(t);
    const body = { numbers: [5], buyer: buyer() };
    expect((await t.api('POST', `/api/raffles/${raffle.id}/reservations`, { body })).status).toBe(201);
    const taken = await t.api<ApiError>('POST', `/api/raffles/${raffle.id}/reservations`, { body });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'TICKETS_UNAVAILABLE', numbers: [5] });
  });
});
