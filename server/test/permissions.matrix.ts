import { eq } from 'drizzle-orm';
import { raffles } from '../db/schema';
import { makeRaffle, withoutDeclaredSource } from './factories';
import type { Entry } from './permissions.entry';
import { moneyAndAdminMatrix } from './permissions.matrix-money';
import { tinyPng, type World } from './route-world';

export type { Entry } from './permissions.entry';

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

/** A raffle of A's whose instant-win number 1 was won (paid in full), one per world. */
const wonInstantWins = new WeakMap<World, Promise<string>>();
function wonInstantWinRaffle(w: World): Promise<string> {
  let winning = wonInstantWins.get(w);
  if (!winning) {
    winning = (async () => {
      const { raffleId, ticketId } = await w.newSale({ instant_wins: [{ number: 1, prize: 'Una gorra' }] });
      const paid = await w.t.api('PATCH', `/api/tickets/${ticketId}`, {
        token: w.accounts.admin.token,
        body: { status: 'pagado' },
      });
      if (paid.status !== 200) throw new Error(`pay failed: ${paid.status}`);
      return raffleId;
    })();
    wonInstantWins.set(w, winning);
  }
  return winning;
}

const accountsRafflesAndSales: Record<string, Entry | Entry[]> = {
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
      // Drawn first: a closed raffle awaiting its draw is not archived (the winner typed).
      await withoutDeclaredSource(w.t, raffleId);
      const drawn = await w.t.api('POST', `/api/raffles/${raffleId}/draw`, {
        token: w.accounts.admin.token,
        body: { winning_number: 0 },
      });
      if (drawn.status !== 200) throw new Error(`draw: ${drawn.status}`);
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
      await withoutDeclaredSource(w.t, raffleId);
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
  'POST /api/raffles/:id/instant-wins/:number/delivery': {
    access: 'staff',
    own: 403,
    assigned: 403,
    // Marking twice changes nothing: every identity may call the same won number.
    call: async (w) => ({
      method: 'POST',
      path: `/api/raffles/${await wonInstantWinRaffle(w)}/instant-wins/1/delivery`,
    }),
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
};

/** The permission matrix of SPEC.md section 6 (how an entry is checked: permissions.entry.ts). */
export const matrix: Record<string, Entry | Entry[]> = { ...accountsRafflesAndSales, ...moneyAndAdminMatrix };
