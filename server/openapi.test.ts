import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CEDULA_INPUT_PATTERN, VE_PHONE_INPUT_PATTERN } from '../domain/phone';
import { TICKET_STATUS_LIST_PATTERN } from '../domain/staff-tickets';
import { STORAGE_KEY_PATTERN, UPLOAD_URL_PATTERN } from '../domain/uploads';
import type { OpenApiView, OperationView } from './test/openapi-view';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * The OpenAPI document is exact (issue 17): who may call each operation (`security`, derived from
 * the route's guard), a stable name and a summary per operation, only the API in it, request
 * schemas as strict as the server, the 429s with their headers, and Redocly's recommended rules.
 */

// A built web app (its pages and files are routes too, none of them part of the API).
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-openapi-dist-'));
fs.mkdirSync(path.join(distDir, 'assets'));
fs.writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html><title>Rifas</title><div id="root"></div>',
);
fs.writeFileSync(path.join(distDir, 'assets', 'app-Ab12Cd34.js'), 'export {};\n');
fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let t: TestApp;
let doc: OpenApiView;
const operations = () =>
  Object.entries(doc.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${url}`,
      operation,
    })),
  );
const operation = (method: string, url: string) => doc.paths[url]?.[method] as OperationView;
const bodySchema = (op: OperationView, type = 'application/json') => op.requestBody?.content[type]?.schema;

beforeAll(async () => {
  t = await createTestApp({ config: { webDistDir: distDir } });
  const res = await t.api<OpenApiView>('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('who may call each operation', () => {
  const BEARER = [{ bearerAuth: [] }];

  it('declares the bearer JWT scheme, and security on every operation', () => {
    expect(doc.components.securitySchemes.bearerAuth).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(operations().filter(({ operation }) => !Array.isArray(operation.security))).toEqual([]);
    // A sample of each kind, as the guards say.
    expect(operation('get', '/api/raffles/{id}/tickets').security).toEqual(BEARER); // staff
    expect(operation('patch', '/api/payments/{id}').security).toEqual(BEARER); // admin
    expect(operation('get', '/api/users').security).toEqual(BEARER); // admin (every users route)
    expect(operation('get', '/api/auth/me').security).toEqual(BEARER); // any session
    expect(operation('delete', '/api/raffles/{id}').security).toEqual(BEARER); // staff, then admin
    expect(operation('get', '/api/raffles').security).toEqual([{}, ...BEARER]); // optional
    expect(operation('get', '/api/files/{key}').security).toEqual([{}, ...BEARER]); // lenient
    expect(operation('post', '/api/tracking').security).toEqual([]); // public
    expect(operation('get', '/api/raffles/{id}/tickets').description).toMatch(/personal/);
  });

  it('matches what each route does: bearer-only operations refuse a caller without a token, the rest do not', async () => {
    const wrong: string[] = [];
    for (const { name, operation: op } of operations()) {
      const [method, url] = name.split(' ') as [string, string];
      // Junk path parameters: a guard answers before the parameters are validated.
      const res = await t.api(method, url.replace(/\{[^}]+\}/g, 'x'));
      const bearerOnly = JSON.stringify(op.security) === JSON.stringify(BEARER);
      if (bearerOnly !== (res.status === 401))
        wrong.push(`${name}: ${res.status} (security ${JSON.stringify(op.security)})`);
    }
    expect(wrong).toEqual([]);
    expect(operations().length).toBeGreaterThan(40);
  });
});

describe('names and summaries', () => {
  it('each operation has a unique camelCase operationId and a summary', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9]+$/.test(id ?? ''))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().filter(({ operation }) => !operation.summary?.trim())).toEqual([]);
  });

  it('keeps the operationIds stable (generated clients name their methods after them)', () => {
    const ids = Object.fromEntries(operations().map(({ name, operation }) => [name, operation.operationId]));
    expect(ids).toEqual({
      'GET /api/auth/me': 'getCurrentUser',
      'POST /api/auth/refresh': 'refreshSession',
      'POST /api/auth/sign-in': 'signIn',
      'POST /api/auth/sign-out': 'signOut',
      'GET /api/exchange-rates': 'listExchangeRates',
      'GET /api/exchange-rates/history': 'getExchangeRateHistory',
      'POST /api/exchange-rates/refresh': 'refreshExchangeRates',
      'PUT /api/exchange-rates/{currency}': 'setExchangeRate',
      'GET /api/files/{key}': 'getFile',
      'GET /api/health': 'getHealth',
      'GET /api/raffles/{id}/leaderboards': 'getRaffleLeaderboards',
      'GET /api/raffles/{id}/prizes/{position}/list.txt': 'getPreDrawList',
      'GET /api/raffles/{id}/prizes/{position}/proof': 'getPreDrawProof',
      'GET /api/raffles/{id}/prizes/{position}/seal.tsr': 'getPreDrawSeal',
      'GET /api/raffles/{id}/instant-wins': 'getRaffleInstantWins',
      'POST /api/raffles/{id}/instant-wins/{number}/delivery': 'markInstantWinDelivered',
      'GET /api/raffles/{id}/sellers': 'getRaffleSellers',
      'PUT /api/raffles/{id}/sellers': 'setRaffleSellers',
      'GET /api/sellers/me': 'getMySellerLinks',
      'GET /api/sellers/{id}/raffles': 'getSellerRaffles',
      'PUT /api/sellers/{id}/raffles': 'setSellerRaffles',
      'GET /api/history': 'listTicketHistory',
      'GET /api/insight': 'getSalesInsight',
      'GET /api/openapi.json': 'getOpenApiDocument',
      'GET /api/orders/{code}': 'getOrder',
      'GET /api/payments': 'listPayments',
      'POST /api/payments': 'createPayment',
      'GET /api/payments/counts': 'countPayments',
      'POST /api/payments/review': 'reviewPayments',
      'PATCH /api/payments/{id}': 'reviewPayment',
      'GET /api/raffles': 'listRaffles',
      'POST /api/raffles': 'createRaffle',
      'GET /api/raffles/{id}': 'getRaffle',
      'PATCH /api/raffles/{id}': 'updateRaffle',
      'DELETE /api/raffles/{id}': 'deleteRaffle',
      'POST /api/raffles/{id}/archive': 'archiveRaffle',
      'POST /api/raffles/{id}/clarifications': 'addRaffleClarification',
      'GET /api/raffles/{id}/board': 'getRaffleBoard',
      'GET /api/raffles/{id}/buyers': 'listRaffleBuyers',
      'POST /api/raffles/{id}/close': 'closeRaffle',
      'GET /api/raffles/{id}/draw': 'getRaffleDraw',
      'POST /api/raffles/{id}/draw': 'drawRaffle',
      'GET /api/raffles/{id}/seal.tsr': 'getRaffleSeal',
      'GET /api/raffles/{id}/events': 'streamRaffleEvents',
      'GET /api/raffles/{id}/proof': 'getRaffleProof',
      'GET /api/raffles/{id}/sold-list.txt': 'getRaffleSoldList',
      'POST /api/raffles/{id}/lucky-pick': 'pickLuckyNumbers',
      'PATCH /api/raffles/{id}/numbers/{number}': 'updateRaffleNumber',
      'POST /api/raffles/{id}/reservations': 'reserveTickets',
      'POST /api/raffles/{id}/tickets/release': 'releaseRaffleTickets',
      'GET /api/raffles/{id}/tickets': 'listRaffleTickets',
      'GET /api/raffles/{id}/tickets.csv': 'exportRaffleTicketsCsv',
      'GET /api/raffles/{id}/tickets.xlsx': 'exportRaffleTicketsXlsx',
      'GET /api/raffles/{id}/winner': 'getRaffleWinner',
      'GET /api/receipts/key': 'getReceiptKey',
      'GET /api/reconciliation/statements': 'listBankStatements',
      'POST /api/reconciliation/statements': 'uploadBankStatement',
      'GET /api/reconciliation/statements/{id}': 'getBankStatement',
      'GET /api/reservations/challenge': 'getReservationChallenge',
      'POST /api/reconciliation/statements/{id}/approve': 'approveBankStatementMatches',
      'POST /api/test-bench/checks': 'runTestBenchChecks',
      'POST /api/test-bench/drill': 'runTestBenchDrill',
      'GET /api/test-bench/runs': 'listTestBenchRuns',
      'GET /api/audit': 'listAuditEntries',
      'GET /api/audit/verify': 'verifyAuditChain',
      'GET /api/tickets/{id}': 'getTicket',
      'POST /api/tickets/{id}/payments': 'recordTicketPayment',
      'POST /api/tickets/{id}/refunds': 'refundTicket',
      'PATCH /api/tickets/{id}': 'updateTicket',
      'GET /api/tickets/{id}/payments': 'listTicketPayments',
      'POST /api/tracking': 'trackTickets',
      'POST /api/uploads': 'uploadFile',
      'GET /api/users': 'listUsers',
      'POST /api/users': 'createUser',
      'PATCH /api/users/{id}': 'updateUser',
      'PUT /api/raffles/{id}/commissions': 'setRaffleCommission',
      'GET /api/raffles/{id}/commissions': 'listRaffleCommissions',
      'GET /api/sellers/{id}/cash': 'getSellerCash',
      'POST /api/sellers/{id}/cash-handovers': 'createCashHandover',
      'GET /api/sellers/{id}/ledger': 'getSellerLedger',
      'GET /api/sellers/{id}/sales': 'getSellerSales',
      'POST /api/sellers/{id}/payouts': 'createSellerPayout',
      'GET /api/commissions/sellers': 'listSellerRanking',
      'GET /api/commissions/sellers.csv': 'exportSellerRankingCsv',
    });
  });
});

describe('only the API', () => {
  it('has no catch-all route: the web app’s pages and files are not in the document', async () => {
    // The web app is there (its page answers), yet not described.
    expect((await t.api('GET', '/raffle/abc')).status).toBe(200);
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => !p.startsWith('/api/') || p.includes('*'))).toEqual([]);
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
  });
});

describe('request schemas as strict as the server', () => {
  /** The documented pattern, as a client would use it. */
  const accepts = (schema: { pattern?: string }, text: string) =>
    new RegExp(schema.pattern ?? '(?!)').test(text);

  it('phone and cedula patterns on every buyer field', () => {
    const reservation = bodySchema(operation('post', '/api/raffles/{id}/reservations'));
    const buyerFields = reservation.properties.buyer.properties;
    expect(accepts(buyerFields.phone, '+58 (414) 123-4567')).toBe(true);
    expect(accepts(buyerFields.phone, '0415-1234567')).toBe(false);
    expect(accepts(buyerFields.cedula, 'v-12.345.678')).toBe(true);
    expect(accepts(buyerFields.cedula, 'J-12345678')).toBe(false);
    expect(buyerFields.phone.pattern).toBe(VE_PHONE_INPUT_PATTERN);
    expect(buyerFields.cedula.pattern).toBe(CEDULA_INPUT_PATTERN);
    expect(bodySchema(operation('post', '/api/tracking')).properties.cedula.pattern).toBe(
      CEDULA_INPUT_PATTERN,
    );
    const patch = bodySchema(operation('patch', '/api/tickets/{id}')).properties;
    expect(patch.buyer_phone.pattern).toBe(VE_PHONE_INPUT_PATTERN);
    expect(patch.buyer_cedula.pattern).toBe(CEDULA_INPUT_PATTERN);
    expect(bodySchema(operation('post', '/api/raffles')).properties.contact_phone.pattern).toBe(
      VE_PHONE_INPUT_PATTERN,
    );
  });

  it('cedula required where the server requires it', () => {
    expect(bodySchema(operation('post', '/api/tracking')).required).toEqual(['cedula', 'phone_last4']);
    // A buyer proves the ticket with its cedula (with the ticket id, or with raffle + number + phone);
    // staff with a token need only the ticket.
    const payment = bodySchema(operation('post', '/api/payments'));
    expect(payment.anyOf).toEqual([
      expect.objectContaining({ required: ['order_code', 'cedula'] }),
      expect.objectContaining({ required: ['ticket_id', 'cedula'] }),
      expect.objectContaining({ required: ['raffle_id', 'number', 'cedula', 'phone_last4'] }),
      expect.objectContaining({ required: ['ticket_id'] }),
    ]);
    expect(payment.properties.cedula.pattern).toBe(CEDULA_INPUT_PATTERN);
  });

  it('uploads: file keys, upload URLs and the multipart body', () => {
    const key = operation('get', '/api/files/{key}').parameters?.find((p) => p.name === 'key');
    expect(accepts(key?.schema ?? {}, '0f8fad5b-d9cb-469f-a165-70867728950e-w800.webp')).toBe(true);
    expect(accepts(key?.schema ?? {}, '../secret')).toBe(false);
    expect(key?.schema.pattern).toBe(STORAGE_KEY_PATTERN.source);
    const raffle = bodySchema(operation('post', '/api/raffles')).properties;
    expect(new RegExp(raffle.images.items.pattern).source).toBe(UPLOAD_URL_PATTERN.source);
    for (const [method, url] of [
      ['post', '/api/raffles/{id}/reservations'],
      ['post', '/api/payments'],
      ['patch', '/api/tickets/{id}'],
    ] as const) {
      expect(bodySchema(operation(method, url)).properties.payment_proof.pattern, url).toBe(
        raffle.images.items.pattern,
      );
    }
    const uploadBody = bodySchema(operation('post', '/api/uploads'), 'multipart/form-data');
    expect(uploadBody.required).toEqual(['file']);
    expect(uploadBody.properties.file).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('status filters: enums, and the staff list’s comma list as a pattern', () => {
    const query = (method: string, url: string, name: string) =>
      operation(method, url).parameters?.find((p) => p.in === 'query' && p.name === name)?.schema;
    const list = query('get', '/api/raffles/{id}/tickets', 'status') ?? {};
    expect(accepts(list, 'apartado, abonado,otros')).toBe(true);
    expect(accepts(list, 'apartado,pagados')).toBe(false);
    expect(list.pattern).toBe(TICKET_STATUS_LIST_PATTERN);
    expect(query('get', '/api/raffles/{id}/tickets.csv', 'status')?.pattern).toBe(TICKET_STATUS_LIST_PATTERN);
    expect(query('get', '/api/history', 'status')?.enum).toHaveLength(5);
    expect(query('get', '/api/payments', 'status')?.enum).toEqual(['pending', 'approved', 'rejected']);
    expect(query('get', '/api/raffles', 'status')?.enum).toHaveLength(4);
  });
});

describe('rate limits', () => {
  it('every rate-limited operation, and only those, declares its 429 with the rate-limit headers', () => {
    const limited = (route: RouteOptions) => Boolean((route.config as { rateLimit?: unknown })?.rateLimit);
    const expected = t.app.routes
      .filter(limited)
      .flatMap((route) => [route.method].flat().filter((m) => m !== 'HEAD')).length;
    const declared = operations().filter(({ operation }) => operation.responses['429']);
    expect(declared.length).toBe(expected);
    expect(declared.map(({ name }) => name)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/sign-in',
        'POST /api/tracking',
        'POST /api/raffles/{id}/reservations',
      ]),
    );
    for (const { name, operation: op } of declared) {
      expect(Object.keys(op.responses['429']?.headers ?? {}), name).toEqual([
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        'retry-after',
      ]);
    }
  });
});

describe('Redocly lint (recommended rules)', () => {
  /** Warnings accepted, each with why. Errors: none. */
  const ACCEPTED_WARNINGS: Record<string, string> = {
    'info-license': 'a private product: there is no licence to state',
  };

  it('passes with 0 errors', async () => {
    const root = path.resolve(import.meta.dirname, '..');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rifas-openapi-')), 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    try {
      // redocly exits 1 when it finds errors: the JSON report is on stdout either way.
      const { stdout } = await promisify(execFile)(
        path.join(root, 'node_modules', '.bin', 'redocly'),
        [
          'lint',
          file,
          '--config',
          path.join(root, 'redocly.yaml'),
          '--format',
          'json',
          '--max-problems',
          '1000',
        ],
        {
          cwd: root,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const describe = (p: (typeof report.problems)[number]) =>
        `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`;
      expect(report.problems.filter((p) => p.severity === 'error').map(describe)).toEqual([]);
      expect(report.totals.errors).toBe(0);
      expect(
        report.problems
          .filter((p) => p.severity !== 'error' && !(p.ruleId in ACCEPTED_WARNINGS))
          .map(describe),
      ).toEqual([]);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
