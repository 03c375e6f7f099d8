import sharp from 'sharp';
import type { MeResponse } from '../../domain/auth';
import type { PublicCreatePaymentResult } from '../../domain/payments';
import type { StatementUploadResult } from '../../domain/reconciliation';
import type { ReservationResult } from '../../domain/reservations';
import type { SellerMe } from '../../domain/seller-network';
import type { UploadedFile } from '../../domain/uploads';
import { buyer, DEFAULT_PASSWORD, makeRaffle, makeUser } from './factories';
import { uploadStatement } from './statements';
import { TEST_ADMIN, type TestApp } from './test-app';

/**
 * A small world in which every `/api/` route has something real to act on: vendedor A owns an
 * active raffle with a sale, a pending payment and an uploaded proof, and a draft; vendedor B owns
 * nothing of it. Shared by the permission matrix and the fuzz tests.
 */
/** vendorC: a vendedor an admin assigned to every raffle of A's here (decision 036). */
export type Identity = 'anonymous' | 'vendorA' | 'vendorB' | 'vendorC' | 'admin';
export const IDENTITIES: Identity[] = ['anonymous', 'vendorB', 'vendorC', 'vendorA', 'admin'];

export type Account = { id: string; email: string; password: string; token: string };

export type Sale = {
  raffleId: string;
  ticketId: string;
  number: number;
  cedula: string;
  phoneLast4: string;
  paymentId: string;
  /** The reservation's order code (issue 18). */
  orderCode: string;
};

export type World = {
  t: TestApp;
  accounts: Record<Exclude<Identity, 'anonymous'>, Account>;
  /** A's active raffle, its sale (number 1) and that sale's pending payment. */
  sale: Sale;
  /** A's raffle still in `borrador`: only A and admins may see it. */
  draftId: string;
  /** A payment proof (staff-only file) and a raffle image (public file). */
  proofKey: string;
  imageKey: string;
  /** A user to edit that is nobody above. */
  spareUserId: string;
  /** A bank statement the admin uploaded (reconciliation). */
  statementId: string;
  /** A fresh value on every call (e-mails, numbers). */
  unique: () => number;
  /** A new raffle of A's (C assigned) with one sale and one pending payment; `sellerCode` credits it. */
  newSale: (overrides?: Record<string, unknown>, options?: { sellerCode?: string }) => Promise<Sale>;
  /** Vendedor C's referral code (a sale made through it is credited to C). */
  codeOfC: string;
  /** A new pending payment on the world's sale. */
  newPayment: () => Promise<string>;
  tokenOf: (who: Identity) => string | undefined;
};

/** A bank statement of one credit (the reconciliation routes' valid upload). */
export const STATEMENT_CSV = Buffer.from(
  'Fecha;Referencia;Concepto;Monto\n02/11/2026;99887766;PAGO MOVIL;1.234,56\n',
);

/** A real 1x1 PNG: raffle images are decoded, so magic bytes alone would not do. */
export const tinyPng = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();

export async function uploadFile(t: TestApp, bytes: Buffer, kind: string, token?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'foto.png');
  const response = await fetch(`${t.baseUrl}/api/uploads?kind=${kind}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as UploadedFile };
}

const must = <T>(res: { status: number; body: T }, status: number, what: string): T => {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

export async function createWorld(t: TestApp): Promise<World> {
  let counter = 0;
  const unique = () => ++counter;
  const adminToken = await t.signInAdmin();
  const me = must(await t.api<MeResponse>('GET', '/api/auth/me', { token: adminToken }), 200, 'me');
  const asAccount = async (role: 'vendedor' | 'admin'): Promise<Account> => {
    const made = await makeUser(t, { role });
    return { id: made.user.id, email: made.email, password: made.password, token: made.token };
  };
  const accounts = {
    admin: { id: me.profile.id, email: TEST_ADMIN.email, password: TEST_ADMIN.password, token: adminToken },
    vendorA: await asAccount('vendedor'),
    vendorB: await asAccount('vendedor'),
    vendorC: await asAccount('vendedor'),
  };
  const assignC = async (raffleId: string) =>
    must(
      await t.api('PUT', `/api/raffles/${raffleId}/sellers`, {
        token: adminToken,
        body: { seller_ids: [accounts.vendorC.id] },
      }),
      200,
      'assign vendedor C',
    );
  const codeOfC = must(
    await t.api<SellerMe>('GET', '/api/sellers/me', { token: accounts.vendorC.token }),
    200,
    'code of C',
  ).code;
  const spare = await makeUser(t, { password: DEFAULT_PASSWORD });

  async function payment(sale: Omit<Sale, 'paymentId'>) {
    const res = await t.api<PublicCreatePaymentResult>('POST', '/api/payments', {
      body: {
        ticket_id: sale.ticketId,
        amount_cents: 100,
        cedula: sale.cedula,
        reference: `ref-${unique()}`,
      },
    });
    return must(res, 201, 'payment').payment.id;
  }

  async function newSale(
    overrides: Record<string, unknown> = {},
    options: { paymentProof?: string; sellerCode?: string } = {},
  ): Promise<Sale> {
    const raffle = await makeRaffle(t, overrides, accounts.vendorA.token);
    await assignC(raffle.id);
    const cedula = `V-${10_000_000 + unique()}`;
    const reserved = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: {
        numbers: [1],
        buyer: buyer({ cedula, phone: '0414-1234567' }),
        ...(options.paymentProof && { payment_proof: options.paymentProof }),
        ...(options.sellerCode && { seller_code: options.sellerCode }),
      },
    });
    const answer = must(reserved, 201, 'reservation');
    const ticket = answer.tickets[0];
    const sale = {
      raffleId: raffle.id,
      ticketId: ticket.id,
      number: 1,
      cedula,
      phoneLast4: '4567',
      orderCode: answer.order.code,
    };
    return { ...sale, paymentId: await payment(sale) };
  }

  const png = await tinyPng();
  // The buyer's proof travels with the reservation: it belongs to vendedor A's raffle.
  const proof = must(await uploadFile(t, png, 'payment-proof'), 201, 'proof upload');
  const sale = await newSale({}, { paymentProof: proof.fileUrl });
  const draft = await makeRaffle(t, { status: 'borrador' }, accounts.vendorA.token);
  await assignC(draft.id);
  const image = must(await uploadFile(t, png, 'raffle-image', accounts.vendorA.token), 201, 'image upload');
  const statement = must(
    await uploadStatement<StatementUploadResult>(t, STATEMENT_CSV, { token: adminToken }),
    201,
    'statement upload',
  );

  return {
    t,
    accounts,
    sale,
    draftId: draft.id,
    proofKey: proof.key,
    imageKey: image.key,
    spareUserId: spare.user.id,
    statementId: statement.statement_id,
    unique,
    newSale: (overrides, options) => newSale(overrides, { sellerCode: options?.sellerCode }),
    codeOfC,
    newPayment: () => payment(sale),
    tokenOf: (who) => (who === 'anonymous' ? undefined : accounts[who].token),
  };
}

/** One HTTP call as the tests describe it. */
export type Call = {
  method: string;
  path: string;
  query?: Record<string, string>;
  /** JSON body (any value, sent as is). */
  body?: unknown;
  /** A multipart upload of these bytes in the field `file`. */
  file?: Uint8Array;
  /** A body sent as this text with this content type (malformed or mislabelled bodies). */
  raw?: { text: string; contentType: string };
  /** Sign the identity in again and use that session (e.g. sign-out, which ends it). */
  freshSession?: boolean;
};

export type CallResult = { status: number; body: unknown; ms: number };

/**
 * Sends a call and reads its answer; a live stream (SSE) is answered by its headers and then
 * closed. A call that does not answer within `timeoutMs` throws: a hang is a failure too.
 */
export async function send(t: TestApp, call: Call, token?: string, timeoutMs = 15_000): Promise<CallResult> {
  const url = new URL(t.baseUrl + call.path);
  for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.append(key, value);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  const hasBody = call.method !== 'GET' && call.method !== 'HEAD';
  if (call.raw && hasBody) {
    body = call.raw.text;
    headers['content-type'] = call.raw.contentType;
  } else if (call.file && hasBody) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(call.file)], { type: 'image/png' }), 'foto.png');
    body = form;
  } else if (call.body !== undefined && hasBody) {
    body = JSON.stringify(call.body);
    headers['content-type'] = 'application/json';
  }
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, { method: call.method, headers, body, signal: controller.signal });
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
      await response.body?.cancel();
      return { status: response.status, body: null, ms: performance.now() - started };
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON (CSV, files) */
    }
    return { status: response.status, body: parsed, ms: performance.now() - started };
  } catch (error) {
    if (controller.signal.aborted)
      throw new Error(`${call.method} ${url.pathname} did not answer in ${timeoutMs} ms`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** "METHOD /api/path" as Fastify registered it, e.g. "GET /api/raffles/:id". */
export const routeKey = (method: string, url: string) => `${method} ${url}`;

/** Every registered API route as its keys (one per method). */
export function registeredRouteKeys(t: TestApp): string[] {
  return t.app.routes.flatMap((route) => [route.method].flat().map((m) => routeKey(m, route.url)));
}
