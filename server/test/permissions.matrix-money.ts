import { seedEarning } from './commission-factories';
import { buyer, makeRaffle } from './factories';
import type { Entry } from './permissions.entry';
import { STATEMENT_CSV } from './route-world';

/**
 * The permission matrix (permissions.matrix.ts), its second half: payments, money recorded by hand,
 * the test bench, the audit log, reconciliation, commissions, the seller network and the public sale.
 */
export const moneyAndAdminMatrix: Record<string, Entry | Entry[]> = {
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
  // Cash held by vendedores (decision 062): seen by its seller or an admin; a hand-over by admins.
  'GET /api/sellers/:id/cash': {
    access: 'staff',
    own: 403,
    assigned: 403,
    call: (w) => ({ method: 'GET', path: `/api/sellers/${w.accounts.vendorA.id}/cash` }),
  },
  'POST /api/sellers/:id/cash-handovers': {
    access: 'admin',
    call: async (w) => {
      const cash = await w.t.api('POST', `/api/tickets/${(await w.newSale()).ticketId}/payments`, {
        token: w.tokenOf('vendorA'),
        body: { amount_cents: 100, payment_method: 'efectivo' },
      });
      if (cash.status !== 201) throw new Error(`cash: ${cash.status}`);
      return {
        method: 'POST',
        path: `/api/sellers/${w.accounts.vendorA.id}/cash-handovers`,
        body: { amount_cents: 100, request_id: crypto.randomUUID() },
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
  // The live board follows the board: a draft's stream only for those who may see the draft.
  'GET /api/raffles/:id/events': {
    access: 'public',
    own: 404,
    assigned: 'pass',
    call: (w) => ({ method: 'GET', path: `/api/raffles/${w.draftId}/events` }),
  },
};
