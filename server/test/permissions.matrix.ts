import { eq } from 'drizzle-orm';
import { raffles } from '../db/schema';
import { seedEarning } from './commission-factories';
import { buyer, makeRaffle } from './factories';
import { type Call, type Identity, STATEMENT_CSV, tinyPng, type World } from './route-world';

/**
 * The permission matrix of SPEC.md section 6 as data: every `/api/` route the app registers
 * must have an entry here, or permissions.test.ts fails (a new route cannot ship without
 * saying who may call it). Each entry is checked for every identity:
 *   - public:        anyone; nobody gets 401/403.
 *   - authenticated: any signed-in user; anonymous 401.
 *   - staff:         admin or vendedor; anonymous 401. With `own`, the route acts on one raffle
 *                    (or its ticket / payment): vendedor B on A's gets `own` (403, or 404 where
 *                    the API hides that the thing exists); the owner and admins pass; vendedor
 *                    C, assigned to A's raffles, gets `assigned`.
 *   - admin:         admins only; anonymous 401, any vendedor 403.
 * Anonymous calls to protected routes also go out with junk params, query and body: the 401
 * must come before any validation. Vendedores on admin routes are refused before validation too.
 * Whoever may call a route gets a 2xx (`expect` pins other answers, e.g. a public route that
 * treats a vendedor of another raffle as any buyer). HEAD routes follow their GET.
 */
type Access = 'public' | 'authenticated' | 'staff' | 'admin';
export type Entry = {
  access: Access;
  own?: 403 | 404;
  /** The valid call (may create what it needs: a call that consumes its object gets a new one). */
  call: (w: World) => Call | Promise<Call>;
  /** Exact statuses for some identities, where the rule is sharper than the access level. */
  expect?: Partial<Record<Identity, number>>;
  /** Access depends on the object itself (a file's kind): junk params cannot name one. */
  keepParams?: boolean;
  /**
   * With `own`: what vendedor C, assigned to the raffle by an admin (decision 036), gets: `pass`
   * where the route works the raffle's sales, else the refusal (editing the raffle, moving money
   * of a sale not credited to them).
   */
  assigned?: 'pass' | 403 | 404;
};

/** A raffle with a sale of number 1, closed by its admin (one per world): its list and proofs are published. */
const closedRaffles = new WeakMap<World, Promise<string>>();
function closedSaleRaffle(w: World): Promise<string> {
  let closing = closedRaffles.get(w);
  if (!closing) {
    closing = (async () => {
      const { raffleId } = await w.newSale();
      const closed = await w.t.api('POST', `/api/raffles/${raffleId}/close`, {
        token: w.accounts.admin.token,
      });
      if (closed.status !== 200) throw new Error(`close failed: ${closed.status}`);
      return raffleId;
    })();
    closedRaffles.set(w, closing);
  }
  return closing;
}

export const matrix: Record<string, Entry | Entry[]> = {
  'GET /api/health': { access: 'public', call: () => ({ method: 'GET', path: '/api/health' }) },
  'GET /api/openapi.json': { access: 'public', call: () => ({ method: 'GET', path: '/api/openapi.json' }) },

  // Auth
  'POST /api/auth/sign-in': {
    access: 'public',
    call: (w) => ({
      method: 'POST',
      path: '/api/auth/sign-in',
      body: { email: w.accounts.vendorA.email, password: w.accounts.vendorA.password },
    }),
  },
  'POST /api/auth/refresh': {
    access: 'public',
    call: async (w) => {
      const { session } = await w.t.signIn(w.accounts.vendorB.email, w.accounts.vendorB.password);
      return { method: 'POST', path: '/api/auth/refresh', body: { refresh_token: session.refresh_token } };
    },
  },
  'POST /api/auth/sign-out': {
    access: 'authenticated',
    call: () => ({ method: 'POST', path: '/api/auth/sign-out', freshSession: true }),
  },
  'GET /api/auth/me': { access: 'authenticated', call: () => ({ method: 'GET', path: '/api/auth/me' }) },

  // Users
  'GET /api/users': { access: 'admin', call: () => ({ method: 'GET', path: '/api/users' }) },
  'POST /api/users': {
    access: 'admin',
    call: (w) => ({
      method: 'POST',
      path: '/api/users',
      body: {
        email: `nuevo-${w.unique()}@test.local`,
        password: 'Clave-Segura-2026',
        full_name: 'Vendedor Nuevo',
        role: 'vendedor',
      },
    }),
  },
  'PATCH /api/users/:id': {
    access: 'admin',
    call: (w) => ({
      method: 'PATCH',
      path: `/api/users/${w.spareUserId}`,
      body: { full_name: 'Nombre Cambiado' },
    }),
  },

  // Files: anyone uploads a payment proof, only staff a raffle image; a proof is read by admins and
  // the vendedor of its raffle (decision 014), a raffle image by anyone.
  'POST /api/uploads': [
    {
      access: 'public',
      call: async () => ({ method: 'POST', path: '/api/uploads', file: await tinyPng() }),
    },
    {
      access: 'staff',
      call: async () => ({
        method: 'POST',
        path: '/api/uploads',
        query: { kind: 'raffle-image' },
        file: await tinyPng(),
      }),
    },
  ],
  'GET /api/files/:key': [
    {
      access: 'staff',
      own: 403,
      assigned: 'pass',
      keepParams: true,
      call: (w) => ({ method: 'GET', path: `/api/files/${w.proofKey}` }),
    },
    { access: 'public', call: (w) => ({ method: 'GET', path: `/api/files/${w.imageKey}` }) },
  ],

  // Exchange rates
  'GET /api/exchange-rates': {
    access: 'public',
    call: () => ({ method: 'GET', path: '/api/exchange-rates' }),
  },
  'GET /api/exchange-rates/history': {
    access: 'staff',
    call: () => ({ method: 'GET', path: '/api/exchange-rates/history', query: { days: '7' } }),
  },
  'POST /api/exchange-rates/refresh': {
    access: 'staff',
    call: () => ({ method: 'POST', path: '/api/exchange-rates/refresh' }),
  },
  'PUT /api/exchange-rates/:currency': {
    access: 'admin',
    call: () => ({ method: 'PUT', path: '/api/exchange-rates/VES', body: { rate_to_usd: 36.5 } }),
  },

  // Tracking
  'POST /api/tracking': {
    access: 'public',
    call: (w) => ({
      method: 'POST',
      path: '/api/tracking',
      body: { cedula: w.sale.cedula, phone_last4: w.sale.phoneLast4 },
    }),
  },

  // Raffles. A draft is hidden (404) from everyone but its seller and admins.
  'GET /api/raffles': { access: 'public', call: () => ({ method: 'GET', path: '/api/raffles' }) },
  'GET /api/raffles/:id': {
    access: 'public',
    own: 404,
    assigned: 'pass',
    call: (w) => ({ method: 'GET', path: `/api/raffles/${w.draftId}` }),
  },
  'POST /api/raffles': {
    access: 'staff',
    call: () => ({
      method: 'POST',
      path: '/api/raffles',
      body: {
        name: 'Rifa de la matriz',
        price_cents: 500,
        total_numbers: 100,
        digit_count: 2,
        payment_type: 'pago_unico',
        status: 'borrador',
        draw_source: 'Triple Táchira A, 10:00 p. m.',
      },
    }),
  },
  'PATCH /api/raffles/:id': {
    access: 'staff',
    own: 403,
    assigned: 403,
    call: (w) => ({
      method: 'PATCH',
      path: `/api/raffles/${w.sale.raffleId}`,
      body: { description: 'Descripción nueva' },
    }),
  },
  // Only a raffle nobody bought into can be deleted (one with sales is archived instead).
  'DELETE /api/raffles/:id': {
    access: 'admin',
    call: async (w) => ({
      method: 'DELETE',
      path: `/api/raffles/${(await makeRaffle(w.t, {}, w.accounts.vendorA.token)).id}`,
    }),
  },
  'POST /api/raffles/:id/archive': {
    access: 'admin',
    call: async (w) => {
      const { raffleId } = await w.newSale();
      const closed = await w.t.api('POST', `/api/raffles/${raffleId}/close`, {
        token: w.accounts.admin.token,
      });
      if (closed.status !== 200) throw new Error(`close: ${closed.status}`);
      return { method: 'POST', path: `/api/raffles/${raffleId}/archive` };
    },
  },
  'POST /api/raffles/:id/close': {
    access: 'staff',
    own: 403,
    assigned: 403,
    call: async (w) => ({ method: 'POST', path: `/api/raffles/${(await w.newSale()).raffleId}/close` }),
  },
  'POST /api/raffles/:id/draw': {
    access: 'admin',
    call: async (w) => {
      const { raffleId } = await w.newSale();
      const closed = await w.t.api('POST', `/api/raffles/${raffleId}/close`, {
        token: w.accounts.admin.token,
      });
      if (closed.status !== 200) throw new Error(`close: ${closed.status}`);
      return { method: 'POST', path: `/api/raffles/${raffleId}/draw`, body: { winning_number: 1 } };
    },
  },
  'GET /api/raffles/:id/winner': {
    access: 'staff',
    own: 403,
    assigned: 'pass',
    call: (w) => ({ method: 'GET', path: `/api/raffles/${w.sale.raffleId}/winner` }),
  },
  'GET /api/raffles/:id/draw': {
    access: 'public',
    call: (w) => ({ method: 'GET', path: `/api/raffles/${w.sale.raffleId}/draw` }),
  },
  'GET /api/raffles/:id/sold-list.txt': {
    access: 'public',
    call: async (w) => ({ method: 'GET', path: `/api/raffles/${await closedSaleRaffle(w)}/sold-list.txt` }),
  },
  'GET /api/raffles/:id/prizes/:position/list.txt': {
    access: 'public',
    // No pre-sorteo in the shared world: the route answers 404 PRIZE_NOT_FOUND to everyone alike.
    expect: { anonymous: 404, vendorA: 404, vendorB: 404, vendorC: 404, admin: 404 },
    call: (w) => ({ method: 'GET', path: `/api/raffles/${w.sale.raffleId}/prizes/2/list.txt` }),
  },
  'GET /api/raffles/:id/prizes/:position/proof': {
    access: 'public',
    // No pre-sorteo in the shared world: 404 PRIZE_NOT_FOUND to everyone alike (prizes.test.ts has one).
    expect: { anonymous: 404, vendorA: 404, vendorB: 404, vendorC: 404, admin: 404 },
    call: (w) => ({ method: 'GET', path: `/api/raffles/${w.sale.raffleId}/prizes/2/proof?number=1` }),
  },
  'GET /api/raffles/:id/prizes/:position/seal.tsr': {
    access: 'public',
    // No sealed pre-sorteo in the shared world: 404 SEAL_NOT_FOUND to everyone alike (prizes.test.ts has one).
    expect: { anonymous: 404, vendorA: 404, vendorB: 404, vendorC: 404, admin: 404 },
    call: (w) => ({ method: 'GET', path: `/api/raffles/${w.sale.raffleId}/prizes/2/seal.tsr` }),
  },
  'GET /api/raffles/:id/proof': {
    access: 'public',
    call: async (w) => {
      const raffleId = await closedSaleRaffle(w);
      return { method: 'GET', path: `/api/raffles/${raffleId}/proof?number=1` };
    },
  },
  'GET /api/raffles/:id/instant-wins': {
    access: 'staff',
    own: 403,
    assigned: 403,
    call: (w) => ({ method: 'GET', path: `/api/raffles/${w.sale.raffleId}/instant-wins` }),
  },
  'POST /api/raffles/:id/clarifications': {
    access: 'staff',
    own: 403,
    assigned: 403,
    call: (w) => ({
      method: 'POST',
      path: `/api/raffles/${w.sale.raffleId}/clarifications`,
      body: { text: 'El premio se entrega en la plaza Bolívar.' },
    }),
  },
  'GET /api/receipts/key': { access: 'public', call: () => ({ method: 'GET', path: '/api/receipts/key' }) },
  'GET /api/raffles/:id/seal.tsr': {
    access: 'public',
    call: async (w) => {
      // The bytes as stored: what a seal holds is checked by the draw-seal tests.
      const raffleId = await closedSaleRaffle(w);
      await w.t.db
        .update(raffles)
        .set({ sealStatus: 'sellado', sealToken: 'MAMCAQI=' })
        .where(eq(raffles.id, raffleId));
      return { method: 'GET', path: `/api/raffles/${raffleId}/seal.tsr` };
    },
  },

  // Staff tickets, buyers, history, insight: always one raffle's, so ownership-checked.
  'GET /api/raffles/:id/tickets': {
    access: 'staff',
    own: 403,
    assigned: 'pass',
    call: (w) => ({ method: 'GET', path: `/api/raffles/${w.sale.raffleId}/tickets` }),
  },
  'GET /api/raffles/:id/tickets.csv': {
    access: 'staff',
    own: 403,
    assigned: 'pass',
    call: (w) => ({ method: 'GET', path: `/api/raffles/${w.sale.raffleId}/tickets.csv` }),
  },
  'GET /api/raffles/:id/tickets.xlsx': {
    access: 'staff',
    own: 403,
    assigned: 'pass',
    call: (w) => ({ method: 'GET', path: `/api/raffles/${w.sale.raffleId}/tickets.xlsx` }),
  },
  'GET /api/tickets/:id': {
    access: 'staff',
    own: 403,
    assigned: 'pass',
    call: (w) => ({ method: 'GET', path: `/api/tickets/${w.sale.ticketId}` }),
  },
  'PATCH /api/tickets/:id': {
    access: 'staff',
    own: 403,
    assigned: 'pass',
    call: (w) => ({
      method: 'PATCH',
      path: `/api/tickets/${w.sale.ticketId}`,
      body: { buyer_address: 'Calle 10, Barrio Obrero' },
    }),
  },
  'POST /api/raffles/:id/tickets/release': {
    access: 'staff',
    own: 403,
    assigned: 'pass',
    call: async (w) => {
      const { raffleId, number } = await w.newSale();
      return {
        method: 'POST',
        path: `/api/raffles/${raffleId}/tickets/release`,
        body: { numbers: [number] },
      };
    },
  },
  'PATCH /api/raffles/:id/numbers/:number': {
    access: 'staff',
    own: 403,
    assigned: 'pass',
    call: (w) => ({
      method: 'PATCH',
      path: `/api/raffles/${w.sale.raffleId}/numbers/${w.sale.number}`,
      body: { buyer_address: 'Calle 11, Barrio Obrero' },
    }),
  },
  'GET /api/history': {
    access: 'staff',
    own: 403,
    assigned: 'pass',
    call: (w) => ({ method: 'GET', path: '/api/history', query: { raffle_id: w.sale.raffleId } }),
  },
  'GET /api/raffles/:id/buyers': {
    access: 'staff',
    own: 403,
    assigned: 'pass',
    call: (w) => ({ method: 'GET', path: `/api/raffles/${w.sale.raffleId}/buyers` }),
  },
  'GET /api/insight': {
    access: 'staff',
    own: 403,
    assigned: 'pass',
    call: (w) => ({ method: 'GET', path: '/api/insight', query: { raffle_id: w.sale.raffleId } }),
  },

  // Payments. Without the buyer's cedula only staff of the raffle may record a payment: vendedor B
  // is any buyer there (422 CEDULA_REQUIRED, like anonymous), never staff.
  'POST /api/payments': {
    access: 'public',
    expect: { anonymous: 422, vendorB: 422, vendorC: 422 },
    call: (w) => ({
      method: 'POST',
      path: '/api/payments',
      body: { ticket_id: w.sale.ticketId, amount_cents: 100, reference: `mx-${w.unique()}` },
    }),
  },
  'GET /api/payments': {
    access: 'admin',
    call: () => ({ method: 'GET', path: '/api/payments', query: { status: 'pending' } }),
  },
  'GET /api/payments/counts': {
    access: 'admin',
    call: () => ({ method: 'GET', path: '/api/payments/counts' }),
  },
  'POST /api/payments/review': {
    access: 'admin',
    call: async (w) => ({
      method: 'POST',
      path: '/api/payments/review',
      body: { ids: [await w.newPayment()], status: 'rejected', reason: 'Comprobante ilegible' },
    }),
  },
  'GET /api/tickets/:id/payments': {
    access: 'staff',
    own: 403,
    assigned: 'pass',
    call: (w) => ({ method: 'GET', path: `/api/tickets/${w.sale.ticketId}/payments` }),
  },
  'GET /api/orders/:code': {
    access: 'public',
    call: (w) => ({
      method: 'GET',
      path: `/api/orders/${w.sale.orderCode}`,
      query: { cedula: w.sale.cedula },
    }),
  },
  // Money staff record by hand: on a fresh sale each time (a sale owes only so much).
  // An assigned vendedor records money only on the sales credited to them (decision 036).
  'POST /api/tickets/:id/payments': [
    {
      access: 'staff',
      own: 403,
      assigned: 403,
      call: async (w) => ({
        method: 'POST',
        path: `/api/tickets/${(await w.newSale()).ticketId}/payments`,
        body: { amount_cents: 100, payment_method: 'efectivo' },
      }),
    },
    {
      access: 'staff',
      own: 403,
      assigned: 'pass',
      call: async (w) => ({
        method: 'POST',
        path: `/api/tickets/${(await w.newSale({}, { sellerCode: w.codeOfC })).ticketId}/payments`,
        body: { amount_cents: 100, payment_method: 'efectivo' },
      }),
    },
  ],
  'POST /api/tickets/:id/refunds': {
    access: 'staff',
    own: 403,
    assigned: 403,
    call: async (w) => {
      const { ticketId } = await w.newSale();
      const paid = await w.t.api('POST', `/api/tickets/${ticketId}/payments`, {
        token: w.accounts.admin.token,
        body: { amount_cents: 100 },
      });
      if (paid.status !== 201) throw new Error(`seed payment: ${paid.status}`);
      return {
        method: 'POST',
        path: `/api/tickets/${ticketId}/refunds`,
        body: { amount_cents: 50, reason: 'Devolución parcial' },
      };
    },
  },
  'PATCH /api/payments/:id': {
    access: 'admin',
    call: async (w) => ({
      method: 'PATCH',
      path: `/api/payments/${await w.newPayment()}`,
      body: { status: 'rejected', reason: 'Monto incorrecto' },
    }),
  },

  // Test bench
  'POST /api/test-bench/checks': {
    access: 'admin',
    call: () => ({ method: 'POST', path: '/api/test-bench/checks' }),
  },
  'GET /api/test-bench/runs': {
    access: 'admin',
    call: () => ({ method: 'GET', path: '/api/test-bench/runs' }),
  },
  'POST /api/test-bench/drill': {
    access: 'admin',
    call: () => ({ method: 'POST', path: '/api/test-bench/drill', body: { buyers: 2 } }),
  },

  // The audit log (decision 025): admins only.
  'GET /api/audit': {
    access: 'admin',
    call: (w) => ({ method: 'GET', path: '/api/audit', query: { raffle_id: w.sale.raffleId, page: '1' } }),
  },
  'GET /api/audit/verify': { access: 'admin', call: () => ({ method: 'GET', path: '/api/audit/verify' }) },

  // Bank-statement reconciliation: admins only, refused before the file is read.
  'POST /api/reconciliation/statements': {
    access: 'admin',
    call: () => ({ method: 'POST', path: '/api/reconciliation/statements', file: STATEMENT_CSV }),
  },
  'GET /api/reconciliation/statements': {
    access: 'admin',
    call: () => ({ method: 'GET', path: '/api/reconciliation/statements' }),
  },
  'GET /api/reconciliation/statements/:id': {
    access: 'admin',
    call: (w) => ({ method: 'GET', path: `/api/reconciliation/statements/${w.statementId}` }),
  },
  'POST /api/reconciliation/statements/:id/approve': {
    access: 'admin',
    call: (w) => ({ method: 'POST', path: `/api/reconciliation/statements/${w.statementId}/approve` }),
  },

  // Commissions (decision 037): terms and payouts by admins; a ledger by its seller or an admin.
  'PUT /api/raffles/:id/commissions': {
    access: 'admin',
    call: (w) => ({
      method: 'PUT',
      path: `/api/raffles/${w.sale.raffleId}/commissions`,
      body: { seller_id: w.accounts.vendorA.id, percent: 10 },
    }),
  },
  'GET /api/raffles/:id/commissions': {
    access: 'admin',
    call: (w) => ({ method: 'GET', path: `/api/raffles/${w.sale.raffleId}/commissions` }),
  },
  'GET /api/sellers/:id/ledger': {
    access: 'staff',
    own: 403,
    // Vendedor A's: another vendedor, assigned to A's raffle or not, never sees it.
    assigned: 403,
    call: (w) => ({ method: 'GET', path: `/api/sellers/${w.accounts.vendorA.id}/ledger` }),
  },
  'GET /api/sellers/:id/sales': {
    access: 'staff',
    own: 403,
    // Vendedor A's: another vendedor, assigned to A's raffle or not, never sees it.
    assigned: 403,
    call: (w) => ({ method: 'GET', path: `/api/sellers/${w.accounts.vendorA.id}/sales` }),
  },
  'POST /api/sellers/:id/payouts': {
    access: 'admin',
    call: async (w) => {
      await seedEarning(w.t.db, w.accounts.vendorA.id, 500);
      return {
        method: 'POST',
        path: `/api/sellers/${w.accounts.vendorA.id}/payouts`,
        body: { amount_cents: 100, method: 'pago_movil' },
      };
    },
  },
  'GET /api/commissions/sellers': {
    access: 'admin',
    call: () => ({ method: 'GET', path: '/api/commissions/sellers' }),
  },
  'GET /api/commissions/sellers.csv': {
    access: 'admin',
    call: () => ({ method: 'GET', path: '/api/commissions/sellers.csv' }),
  },
  // The seller network (decision 036): assignment by admins, each vendedor's own links.
  'GET /api/raffles/:id/sellers': {
    access: 'admin',
    call: (w) => ({ method: 'GET', path: `/api/raffles/${w.sale.raffleId}/sellers` }),
  },
  'PUT /api/raffles/:id/sellers': {
    access: 'admin',
    call: async (w) => ({
      method: 'PUT',
      path: `/api/raffles/${(await makeRaffle(w.t, {}, w.accounts.vendorA.token)).id}/sellers`,
      body: { seller_ids: [w.accounts.vendorB.id] },
    }),
  },
  'GET /api/sellers/:id/raffles': {
    access: 'admin',
    call: (w) => ({ method: 'GET', path: `/api/sellers/${w.accounts.vendorC.id}/raffles` }),
  },
  'PUT /api/sellers/:id/raffles': {
    access: 'admin',
    call: async (w) => ({
      method: 'PUT',
      path: `/api/sellers/${w.accounts.vendorB.id}/raffles`,
      body: { raffle_ids: [(await makeRaffle(w.t, {}, w.accounts.vendorA.token)).id] },
    }),
  },
  // A vendedor's own code and links: an admin sells through no link (403).
  'GET /api/sellers/me': {
    access: 'staff',
    expect: { admin: 403 },
    call: () => ({ method: 'GET', path: '/api/sellers/me' }),
  },
  'GET /api/raffles/:id/leaderboards': {
    access: 'public',
    call: async (w) => ({
      method: 'GET',
      path: `/api/raffles/${(await w.newSale({ show_leaderboards: true })).raffleId}/leaderboards`,
    }),
  },

  // The public sale: no buyer data, drafts hidden.
  'GET /api/raffles/:id/board': {
    access: 'public',
    own: 404,
    assigned: 'pass',
    call: (w) => ({ method: 'GET', path: `/api/raffles/${w.draftId}/board` }),
  },
  'POST /api/raffles/:id/reservations': {
    access: 'public',
    // A raffle of its own each time: the world's raffles have only 100 numbers.
    call: async (w) => ({
      method: 'POST',
      path: `/api/raffles/${(await makeRaffle(w.t, {}, w.accounts.vendorA.token)).id}/reservations`,
      body: { numbers: [10], buyer: buyer({ cedula: `V-${20_000_000 + w.unique()}` }) },
    }),
  },
  'GET /api/reservations/challenge': {
    access: 'public',
    call: () => ({ method: 'GET', path: '/api/reservations/challenge' }),
  },
  'POST /api/raffles/:id/lucky-pick': {
    access: 'public',
    call: (w) => ({ method: 'POST', path: `/api/raffles/${w.sale.raffleId}/lucky-pick`, body: { count: 2 } }),
  },
  'GET /api/raffles/:id/events': {
    access: 'public',
    call: (w) => ({ method: 'GET', path: `/api/raffles/${w.sale.raffleId}/events` }),
  },
};
