import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer } from './test/factories';
import { hostileBody, hostileKey, hostileRaw, hostileString, schemaKeys } from './test/hostile';
import { type Call, createWorld, routeKey, send, type World } from './test/route-world';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * Every `/api/` route gets generated hostile params, queries and bodies, as anonymous (with no,
 * or a forged, token), as a vendedor (the owner of the world's raffles, or another seller: the
 * ownership branches) and as admin (so validation and services past the guards are reached too).
 * Each answer must be a 2xx, a 304 or a 4xx: never a 5xx, never a hang. Bounded: FUZZ_RUNS cases
 * per route and identity (FUZZ_SEED replays a run); the default keeps the file near 20 s.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** A single answer slower than this is a hang. */
const ANSWER_TIMEOUT_MS = 20_000;

/** Valid bodies to spoil one key at a time: gets deeper into services than random shapes. */
const samples = (w: World): Record<string, Record<string, unknown>> => ({
  'POST /api/auth/sign-in': { email: w.accounts.vendorA.email, password: 'Incorrecta-2026' },
  'POST /api/users': {
    email: 'fuzz@test.local',
    password: 'Clave-Segura-2026',
    full_name: 'Fuzz',
    role: 'vendedor',
  },
  'PATCH /api/users/:id': { full_name: 'Nombre', disabled: false },
  'PUT /api/exchange-rates/:currency': { rate_to_usd: 36.5 },
  'POST /api/tracking': { cedula: w.sale.cedula, phone_last4: w.sale.phoneLast4 },
  'POST /api/raffles': {
    name: 'Rifa fuzz',
    price_cents: 500,
    total_numbers: 100,
    digit_count: 2,
    payment_type: 'pago_unico',
    status: 'borrador',
    draw_source: 'Triple Táchira A',
  },
  'PATCH /api/raffles/:id': { description: 'x', total_numbers: 100 },
  'POST /api/raffles/:id/draw': { winning_number: 1 },
  'PATCH /api/tickets/:id': { buyer_address: 'Calle 1, casa 2', total_paid_cents: 0 },
  'PATCH /api/raffles/:id/numbers/:number': { status: 'apartado', buyer_name: 'Ana Pérez' },
  'POST /api/payments': { ticket_id: w.sale.ticketId, amount_cents: 100, cedula: w.sale.cedula },
  'POST /api/payments/review': { ids: [w.sale.paymentId], status: 'rejected', reason: 'Ilegible' },
  'PATCH /api/payments/:id': { status: 'rejected', reason: 'Ilegible' },
  'POST /api/test-bench/drill': { buyers: 2 },
  'POST /api/raffles/:id/reservations': { numbers: [50], buyer: buyer({ cedula: 'V-30111222' }) },
  'POST /api/raffles/:id/lucky-pick': { count: 2, exclude: [1] },
});

/** Real values for each path parameter (by the route's resource), mixed with hostile ones. */
function paramPool(w: World, url: string, name: string): string[] {
  if (name === 'key') return [w.proofKey, w.imageKey];
  if (name === 'currency') return ['VES', 'USD'];
  if (name === 'number') return ['1', '99', '100'];
  if (url.startsWith('/api/raffles/')) return [w.sale.raffleId, w.draftId];
  if (url.startsWith('/api/tickets/')) return [w.sale.ticketId];
  if (url.startsWith('/api/payments/')) return [w.sale.paymentId];
  if (url.startsWith('/api/users/')) return [w.spareUserId];
  if (url.startsWith('/api/reconciliation/')) return [w.statementId];
  return [];
}

/**
 * Bank statements that get past the content check: a known header over hostile rows, and bytes
 * opening like a ZIP (an XLSX) that are no workbook.
 */
const statementFiles = [
  {
    weight: 4,
    arbitrary: fc.array(fc.array(hostileString, { maxLength: 6 }), { maxLength: 20 }).map((rows) => ({
      file: Buffer.from(
        ['Fecha;Referencia;Concepto;Monto', ...rows.map((cells) => cells.join(';'))].join('\n'),
      ),
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ maxLength: 2_048 })
      .map((bytes) => ({ file: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), bytes]) })),
  },
];

/** Lone surrogates cannot be percent-encoded: they become U+FFFD, as a browser would send them. */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** Routes whose success removes or freezes their raffle: each identity gets a raffle of its own. */
const CONSUMING = new Set([
  'DELETE /api/raffles/:id',
  'POST /api/raffles/:id/close',
  'POST /api/raffles/:id/draw',
]);

type Route = { method: string; url: string; schema?: { body?: unknown; querystring?: unknown } };

function requestArbitrary(w: World, route: Route, sample?: Record<string, unknown>): fc.Arbitrary<Call> {
  const names = [...route.url.matchAll(/:([a-z_]+)/gi)].map((m) => m[1] as string);
  const params = fc.tuple(
    ...names.map((name) => {
      const pool = paramPool(w, route.url, name);
      const hostile = fc.oneof(
        hostileString.map((s) => encodeURIComponent(wellFormed(s)).slice(0, 4_000)),
        // Sent as is: broken percent-encoding, dot segments, an overlong UTF-8 slash.
        fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '..', '.', '%2e%2e', '%252e', ';', '*'),
      );
      return pool.length ? fc.oneof(fc.constantFrom(...pool), hostile) : hostile;
    }),
  );
  const queryKeys = schemaKeys(route.schema?.querystring);
  const query = fc.array(
    fc.tuple(
      queryKeys.length ? fc.oneof(fc.constantFrom(...queryKeys), hostileKey) : hostileKey,
      hostileString,
    ),
    { maxLength: 4 },
  );
  const isUpload = route.url === '/api/uploads' || route.url === '/api/reconciliation/statements';
  const body = fc.oneof(
    { weight: 6, arbitrary: hostileBody(schemaKeys(route.schema?.body), sample).map((b) => ({ body: b })) },
    { weight: 1, arbitrary: hostileRaw.map((raw) => ({ raw })) },
    { weight: 1, arbitrary: fc.constant({}) },
    ...(isUpload
      ? [{ weight: 4, arbitrary: fc.uint8Array({ maxLength: 4_096 }).map((file) => ({ file })) }]
      : []),
    ...(route.url === '/api/reconciliation/statements' ? statementFiles : []),
  );
  return fc.record({ params, query, body }).map(({ params: values, query: pairs, body: payload }) => {
    let i = 0;
    const path = route.url.replace(/:([a-z_]+)/gi, () => values[i++] ?? '');
    const search = new URLSearchParams(pairs.map(([k, v]) => [k, v.slice(0, 4_000)]));
    return { method: route.method, path: search.size ? `${path}?${search}` : path, ...payload };
  });
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Tokens an anonymous caller might forge: junk, an unsigned token, a vendedor's real token with
 * its role raised to admin (the signature no longer matches), one signed with a guessed secret.
 */
async function forgedTokens(w: World): Promise<string[]> {
  const [header, , signature] = w.accounts.vendorA.token.split('.');
  const payload = JSON.parse(
    Buffer.from(w.accounts.vendorA.token.split('.')[1] ?? '', 'base64url').toString(),
  );
  const raised = `${header}.${base64url({ ...payload, role: 'admin' })}.${signature}`;
  const guessed = await new SignJWT({ sid: payload.sid, email: payload.email, role: 'vendedor' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(w.accounts.vendorA.id)
    .setAudience('rifas')
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('secret'));
  const unsigned = `${base64url({ alg: 'none' })}.${base64url({ ...payload, role: 'vendedor' })}.`;
  return [
    'x',
    'eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiIsInJvbGUiOiJhZG1pbiJ9.',
    'eyJhbGciOiJIUzI1NiJ9.e30.ZmFrZQ',
    'a.b.c',
    'Bearer',
    '.'.repeat(3_000),
    raised,
    guessed,
    unsigned,
  ];
}

const forgedToken = (forged: string[]) =>
  fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(...forged),
    fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => s.replace(/[^\x21-\x7e]/g, 'a') || 'a'),
  );

/** A signed-in session for `who`, signed in again only when a route (sign-out) ended it. */
function sessions(t: TestApp, w: World) {
  const tokens = new Map<string, string>();
  return async (who: 'vendorA' | 'vendorB') => {
    const known = tokens.get(who);
    if (known && (await t.api('GET', '/api/auth/me', { token: known })).status === 200) return known;
    const { email, password } = w.accounts[who];
    const { session } = await t.signIn(email, password);
    tokens.set(who, session.access_token);
    return session.access_token as string;
  };
}

const IDENTITIES = ['anonymous', 'vendedor', 'admin'] as const;

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      // Limits are tested elsewhere: here every case must reach the route.
      rateLimits: {
        signIn: 100_000,
        reservations: 100_000,
        tracking: 100_000,
        uploads: 100_000,
        board: 100_000,
      },
    },
  });
  w = await createWorld(t);
});
afterAll(() => t?.close());

describe('hostile input to every route (fast-check)', () => {
  it('never answers 5xx or hangs, as anonymous, vendedor or admin', async () => {
    const started = performance.now();
    const failures: string[] = [];
    const casesBy = { anonymous: 0, vendedor: 0, admin: 0 };
    const forged = forgedToken(await forgedTokens(w));
    const vendorSession = sessions(t, w);
    const examples = samples(w);
    const routes: Route[] = t.app.routes.flatMap((route) =>
      [route.method]
        .flat()
        .map((method) => ({ method, url: route.url, schema: route.schema as Route['schema'] })),
    );
    for (const route of routes) {
      const key = routeKey(route.method, route.url);
      for (const who of IDENTITIES) {
        // Sign-out and drafts change sessions and raffles: each route starts from valid sessions,
        // and a consuming route from a raffle of its own.
        const tokens =
          who === 'admin'
            ? fc.constant(await t.signInAdmin())
            : who === 'vendedor'
              ? fc.constantFrom(await vendorSession('vendorA'), await vendorSession('vendorB'))
              : forged;
        const world = CONSUMING.has(key) ? { ...w, sale: await w.newSale() } : w;
        const sample = examples[key];
        const property = fc.asyncProperty(
          requestArbitrary(world, route, sample),
          tokens,
          async (call, token) => {
            casesBy[who]++;
            const { status } = await send(t, call, token, ANSWER_TIMEOUT_MS);
            if (status >= 500 || status < 200) throw new Error(`answered ${status}`);
          },
        );
        const details = await fc.check(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
        if (details.failed) {
          const [call, token] = details.counterexample ?? [];
          const shown = JSON.stringify({ ...call, token }, (_k, v) =>
            typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}…(${v.length})` : v,
          );
          failures.push(`${key} as ${who} (seed ${details.seed}): ${details.errorInstance}\n  ${shown}`);
        }
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const cases = casesBy.anonymous + casesBy.vendedor + casesBy.admin;
    const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(
      `fuzz (${database}): ${cases} cases (anonymous ${casesBy.anonymous}, vendedor ${casesBy.vendedor}, ` +
        `admin ${casesBy.admin}) over ${routes.length} routes in ${seconds} s, ${failures.length} failing`,
    );
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses every forged token (a raised role, a guessed secret, no signature): 401', async () => {
    for (const token of await forgedTokens(w)) {
      expect((await t.api('GET', '/api/auth/me', { token })).status, token.slice(0, 80)).toBe(401);
      expect((await t.api('GET', '/api/users', { token })).status, token.slice(0, 80)).toBe(401);
    }
  });

  // Found by this fuzzing; kept as plain cases so they stay covered whatever the seed.
  it('refuses a calendar day that does not exist (was a 500 from the database)', async () => {
    for (const day of ['2026-02-30', '2025-02-29', '0000-01-01']) {
      const res = await t.api('GET', `/api/history?to=${day}&from=${day}`, { token: await t.signInAdmin() });
      expect(res.status).toBe(400);
    }
  });

  it('answers HEAD on a live stream with its headers (was a hang holding a stream slot)', async () => {
    const res = await send(
      t,
      { method: 'HEAD', path: `/api/raffles/${w.sale.raffleId}/events` },
      undefined,
      5_000,
    );
    expect(res.status).toBe(200);
  });
});
