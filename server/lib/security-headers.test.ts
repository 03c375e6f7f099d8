import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../domain/api';
import { messages } from '../../domain/messages';
import type { ReservationResult } from '../../domain/reservations';
import { buyer, makeRaffleIn, makeUser } from '../test/factories';
import { type ApiResponse, createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { PERMISSIONS_POLICY } from './security-headers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('security headers', () => {
  it('every answer carries the CSP and helmet headers, errors included', async () => {
    for (const [method, path] of [
      ['GET', '/api/health'],
      ['GET', '/api/raffles'],
      ['GET', '/api/users'], // 401
      ['GET', '/api/nothing-here'], // 404
    ] as const) {
      const res = await t.api(method, path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("img-src 'self' data: blob:");
      expect(csp, path).toContain("frame-src 'self' blob:");
      // A plain-HTTP install on a LAN address must still load its own assets.
      expect(csp, path).not.toContain('upgrade-insecure-requests');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(res.headers.get('strict-transport-security'), path).toContain('max-age=');
      expect(res.headers.get('x-powered-by'), path).toBeNull();
    }
  });
});

/** The security headers every answer carries, in whatever way it was produced. */
function expectSecurityHeaders(get: (name: string) => string | null | undefined, what: string) {
  expect(get('content-security-policy'), what).toContain("default-src 'self'");
  expect(get('x-content-type-options'), what).toBe('nosniff');
  expect(get('x-frame-options'), what).toBe('SAMEORIGIN');
  expect(get('strict-transport-security'), what).toContain('max-age=');
  expect(get('permissions-policy'), what).toBe(PERMISSIONS_POLICY);
}

/** A request written by hand on a socket (what fetch refuses to send), and the raw answer. */
function rawRequest(
  request: string,
): Promise<{ status: number; headers: Map<string, string>; body: string }> {
  const { port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = new Map(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

describe('Permissions-Policy', () => {
  it('switches off camera, microphone, geolocation and payment on every answer', async () => {
    expect(PERMISSIONS_POLICY).toMatch(/camera=\(\)/);
    for (const path of ['/api/health', '/api/raffles', '/api/users', '/api/nothing-here', '/api/docs']) {
      const res = await t.api('GET', path);
      expect(res.headers.get('permissions-policy'), path).toBe(PERMISSIONS_POLICY);
    }
  });
});

describe('what the router or the HTTP parser refuse: the same envelope, in Spanish, with the security headers', () => {
  it('a malformed URL (/api/raffles/%zz) is a 400 BAD_URL', async () => {
    const res = await t.api<ApiError>('GET', '/api/raffles/%zz');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'BAD_URL', message: messages.http.badUrl } });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expectSecurityHeaders((name) => res.headers.get(name), '%zz');
  });

  it('a path parameter over the router’s length limit is a 414 URL_TOO_LONG', async () => {
    const res = await t.api<ApiError>('GET', `/api/raffles/${'a'.repeat(150)}`);
    expect(res.status).toBe(414);
    expect(res.body).toEqual({ error: { code: 'URL_TOO_LONG', message: messages.http.urlTooLong } });
    expectSecurityHeaders((name) => res.headers.get(name), 'long param');
  });

  it('an over-long header is a 431 HEADERS_TOO_LARGE', async () => {
    const res = await rawRequest(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'HEADERS_TOO_LARGE', message: messages.http.headersTooLarge },
    });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(res.body));
    expectSecurityHeaders((name) => res.headers.get(name), '431');
  });

  it('a request that is not HTTP is a 400 BAD_REQUEST', async () => {
    const res = await rawRequest('GARBAGE\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'BAD_REQUEST', message: messages.http.badRequest },
    });
    expectSecurityHeaders((name) => res.headers.get(name), '400');
  });
});

describe('Cache-Control: no-store', () => {
  it('on sign-in and refresh (RFC 6749 section 5.1), and on every answer carrying a buyer’s data', async () => {
    const admin = await t.signInAdmin();
    const seller = await makeUser(t);
    const buyerData = buyer({ cedula: 'V-20444555', phone: '0414-7654321' });
    const cases: [string, () => Promise<ApiResponse>][] = [];
    const signIn = () =>
      t.api('POST', '/api/auth/sign-in', {
        body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
      });
    cases.push(['sign-in', signIn]);
    cases.push([
      'sign-in refused',
      () => t.api('POST', '/api/auth/sign-in', { body: { email: 'x@y.z', password: 'n' } }),
    ]);
    cases.push([
      'refresh',
      () => t.api('POST', '/api/auth/refresh', { body: { refresh_token: seller.refreshToken } }),
    ]);
    cases.push(['me', () => t.api('GET', '/api/auth/me', { token: admin })]);

    let ticketId = '';
    const raffle = await makeRaffleIn(t, 'finalizada', {
      winningNumber: 7,
      before: async (id) => {
        const reserved = await t.api<ReservationResult>('POST', `/api/raffles/${id}/reservations`, {
          body: { numbers: [7], buyer: buyerData },
        });
        expect(reserved.status).toBe(201);
        expect(reserved.headers.get('cache-control'), 'reservation').toBe('no-store');
        ticketId = reserved.body.tickets[0].id;
        const paid = await t.api('POST', '/api/payments', {
          body: { ticket_id: ticketId, amount_cents: 100, cedula: buyerData.cedula },
        });
        expect(paid.status).toBe(201);
        expect(paid.headers.get('cache-control'), 'payment').toBe('no-store');
      },
    });
    const staff = (path: string) => () => t.api('GET', path, { token: admin });
    cases.push(['staff tickets', staff(`/api/raffles/${raffle.id}/tickets`)]);
    cases.push(['ticket', staff(`/api/tickets/${ticketId}`)]);
    cases.push(['buyers', staff(`/api/raffles/${raffle.id}/buyers`)]);
    cases.push(['payments', staff('/api/payments?status=pending')]);
    cases.push(['ticket payments', staff(`/api/tickets/${ticketId}/payments`)]);
    cases.push(['winner', staff(`/api/raffles/${raffle.id}/winner`)]);
    cases.push(['history', staff('/api/history')]);
    cases.push(['users', staff('/api/users')]);
    cases.push([
      'tracking',
      () => t.api('POST', '/api/tracking', { body: { cedula: buyerData.cedula, phone_last4: '4321' } }),
    ]);
    cases.push(['a refused staff call', () => t.api('GET', `/api/raffles/${raffle.id}/tickets`)]);
    for (const [what, call] of cases) {
      const res = await call();
      expect(res.status, what).toBeLessThan(500);
      expect(res.headers.get('cache-control'), what).toMatch(/\bno-store\b/);
    }
    // The CSV keeps its own words, which say no-store too.
    const csv = await staff(`/api/raffles/${raffle.id}/tickets.csv`)();
    expect(csv.headers.get('cache-control')).toBe('private, no-store');

    // Public answers without anyone's data stay cacheable as before.
    for (const path of [
      '/api/health',
      '/api/raffles',
      `/api/raffles/${raffle.id}`,
      `/api/raffles/${raffle.id}/draw`,
    ]) {
      const res = await t.api('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control') ?? '', path).not.toContain('no-store');
    }
  });
});
