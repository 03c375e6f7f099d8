import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { TicketLedgerEntry } from '../../../domain/payments';
import type { Raffle } from '../../../domain/raffles';
import type { ReservationResult } from '../../../domain/reservations';
import {
  isSellerCode,
  type Leaderboards,
  type RaffleSellers,
  SELLER_CODE_ALPHABET,
  type SellerMe,
  type SellerRaffles,
} from '../../../domain/seller-network';
import type { RaffleBuyersPage, StaffTicket, TicketPage } from '../../../domain/staff-tickets';
import { orders } from '../../db/schema';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { newSellerCode } from './seller-codes';
import { assignSellers, makeSeller, type Seller } from './seller-test-helpers';

let t: TestApp;
let admin: string;
let owner: Seller;
let carla: Seller;
let bruno: Seller;
let cedulas = 0;

const seller = (name: string) => makeSeller(t, admin, name);
const assign = (raffleId: string, ids: string[]) => assignSellers(t, admin, raffleId, ids);

async function reserve(
  raffleId: string,
  numbers: number[],
  extra: Record<string, unknown> = {},
  name?: string,
) {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: {
      numbers,
      buyer: buyer({ cedula: `V-${30_000_000 + ++cedulas}`, ...(name && { name }) }),
      ...extra,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function creditedTo(orderCode: string) {
  const [row] = await t.db
    .select({ sellerId: orders.sellerId })
    .from(orders)
    .where(eq(orders.code, orderCode));
  return row?.sellerId ?? null;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  owner = await seller('Olga Dueña');
  carla = await seller('Carla Rojas');
  bruno = await seller('Bruno Díaz');
});
afterAll(() => t?.close());

describe('seller codes', () => {
  it('gives each vendedor a short unambiguous code, the same on every read', async () => {
    for (const s of [owner, carla, bruno]) {
      expect(s.code).toMatch(/^[A-Z2-9]{6}$/);
      expect([...s.code].every((c) => SELLER_CODE_ALPHABET.includes(c))).toBe(true);
      expect(s.code).not.toMatch(/[01OIL]/);
    }
    expect(new Set([owner.code, carla.code, bruno.code]).size).toBe(3);
    const again = await t.api<SellerMe>('GET', '/api/sellers/me', { token: carla.token });
    expect(again.body.code).toBe(carla.code);
    expect(isSellerCode(newSellerCode())).toBe(true);
  });

  it('answers 403 to an admin (no referral link) and 401 without a session', async () => {
    const res = await t.api<ApiError>('GET', '/api/sellers/me', { token: admin });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/vendedores/);
    expect((await t.api('GET', '/api/sellers/me')).status).toBe(401);
  });
});

describe('assignment', () => {
  it('assigns vendedores and answers the set; GET answers the same', async () => {
    const raffle = await makeRaffle(t, {}, owner.token);
    const put = await assign(raffle.id, [carla.user.id, bruno.user.id]);
    expect(put.status).toBe(200);
    expect(new Set(put.body.seller_ids)).toEqual(new Set([carla.user.id, bruno.user.id]));
    const get = await t.api<RaffleSellers>('GET', `/api/raffles/${raffle.id}/sellers`, { token: admin });
    expect(get.status).toBe(200);
    expect(new Set(get.body.seller_ids)).toEqual(new Set(put.body.seller_ids));
    // The whole set each time: Bruno is removed.
    expect((await assign(raffle.id, [carla.user.id])).body.seller_ids).toEqual([carla.user.id]);
    const byCarla = await t.api<SellerRaffles>('GET', `/api/sellers/${carla.user.id}/raffles`, {
      token: admin,
    });
    expect(byCarla.body.raffle_ids).toContain(raffle.id);
  });

  it('refuses anyone but a vendedor (400), unknown users and raffles (404), in Spanish', async () => {
    const raffle = await makeRaffle(t, {}, owner.token);
    const me = await t.api<{ profile: { id: string } }>('GET', '/api/auth/me', { token: admin });
    const notSeller = await assign(raffle.id, [me.body.profile.id]);
    expect(notSeller.status).toBe(400);
    expect((notSeller.body as unknown as ApiError).error.code).toBe('NOT_A_VENDEDOR');
    expect((notSeller.body as unknown as ApiError).error.message).toBe(
      'Solo se pueden asignar usuarios con rol vendedor',
    );
    const unknown = await assign(raffle.id, ['7d8e3c52-0a55-4a8a-9f8e-2b1c9d3e4f50']);
    expect(unknown.status).toBe(404);
    expect((unknown.body as unknown as ApiError).error.code).toBe('SELLER_NOT_FOUND');
    const noRaffle = await t.api<ApiError>(
      'PUT',
      '/api/raffles/7d8e3c52-0a55-4a8a-9f8e-2b1c9d3e4f50/sellers',
      {
        token: admin,
        body: { seller_ids: [carla.user.id] },
      },
    );
    expect(noRaffle.status).toBe(404);
    expect(noRaffle.body.error.code).toBe('RAFFLE_NOT_FOUND');
    // Value rules are 422, shapes 400 (decision 001).
    const dupes = await assign(raffle.id, [carla.user.id, carla.user.id]);
    expect(dupes.status).toBe(422);
    expect((dupes.body as unknown as ApiError).error.message).toBe('No repitas vendedores');
    const junk = await t.api('PUT', `/api/raffles/${raffle.id}/sellers`, {
      token: admin,
      body: { seller_ids: 'x' },
    });
    expect(junk.status).toBe(400);
    // A vendedor cannot assign anyone, not even to their own raffle.
    const byOwner = await t.api('PUT', `/api/raffles/${raffle.id}/sellers`, {
      token: owner.token,
      body: { seller_ids: [carla.user.id] },
    });
    expect(byOwner.status).toBe(403);
  });

  it('grants the raffle at once (dashboard, sold tickets, buyers, CSV) and revocation removes it at once', async () => {
    const raffle = await makeRaffle(t, { name: 'Rifa asignada' }, owner.token);
    await reserve(raffle.id, [4]);
    const tickets = () =>
      t.api<TicketPage>('GET', `/api/raffles/${raffle.id}/tickets`, { token: carla.token });
    expect((await tickets()).status).toBe(403);
    const mine = () =>
      t.api<Raffle[]>('GET', `/api/raffles?seller_id=${carla.user.id}`, { token: carla.token });
    expect((await mine()).body.map((r) => r.id)).not.toContain(raffle.id);

    await assign(raffle.id, [carla.user.id]);
    expect((await tickets()).status).toBe(200);
    const listed = (await mine()).body.find((r) => r.id === raffle.id);
    // Listed among her raffles, with the money (she works its sales).
    expect(listed?.stats.total_paid_cents).toBe(0);
    expect((await t.api('GET', `/api/raffles/${raffle.id}/buyers`, { token: carla.token })).status).toBe(200);
    expect((await t.api('GET', `/api/raffles/${raffle.id}/tickets.csv`, { token: carla.token })).status).toBe(
      200,
    );
    expect((await t.api('GET', `/api/history?raffle_id=${raffle.id}`, { token: carla.token })).status).toBe(
      200,
    );
    const links = await t.api<SellerMe>('GET', '/api/sellers/me', { token: carla.token });
    const link = links.body.raffles.find((r) => r.raffle_id === raffle.id);
    expect(link).toMatchObject({
      relation: 'assigned',
      link: `/raffle/${raffle.id}?v=${carla.code}`,
      short_link: `/v/${carla.code}/${raffle.id}`,
    });
    // Editing the raffle stays the owner's.
    const edit = await t.api('PATCH', `/api/raffles/${raffle.id}`, {
      token: carla.token,
      body: { description: 'Cambio' },
    });
    expect(edit.status).toBe(403);

    await assign(raffle.id, []);
    expect((await tickets()).status).toBe(403);
    expect((await mine()).body.map((r) => r.id)).not.toContain(raffle.id);
  });

  it('assigns from the seller page: the vendedor gets exactly those raffles', async () => {
    const a = await makeRaffle(t, {}, owner.token);
    const b = await makeRaffle(t, {}, owner.token);
    const put = await t.api<SellerRaffles>('PUT', `/api/sellers/${bruno.user.id}/raffles`, {
      token: admin,
      body: { raffle_ids: [a.id, b.id] },
    });
    expect(put.status).toBe(200);
    expect(new Set(put.body.raffle_ids)).toEqual(new Set([a.id, b.id]));
    const again = await t.api<SellerRaffles>('PUT', `/api/sellers/${bruno.user.id}/raffles`, {
      token: admin,
      body: { raffle_ids: [b.id] },
    });
    expect(again.body.raffle_ids).toEqual([b.id]);
    expect((await t.api('GET', `/api/raffles/${a.id}/tickets`, { token: bruno.token })).status).toBe(403);
    expect((await t.api('GET', `/api/raffles/${b.id}/tickets`, { token: bruno.token })).status).toBe(200);
    const missing = await t.api('PUT', `/api/sellers/${bruno.user.id}/raffles`, {
      token: admin,
      body: { raffle_ids: ['7d8e3c52-0a55-4a8a-9f8e-2b1c9d3e4f50'] },
    });
    expect(missing.status).toBe(404);
  });
});

describe('attribution', () => {
  let raffleId: string;
  beforeAll(async () => {
    raffleId = (await makeRaffle(t, { show_leaderboards: true }, owner.token)).id;
    await assign(raffleId, [carla.user.id]);
  });

  it("credits the order to an assigned seller's code, in any case", async () => {
    const made = await reserve(raffleId, [10, 11], { seller_code: carla.code.toLowerCase() });
    expect(await creditedTo(made.order.code)).toBe(carla.user.id);
  });

  it("credits the raffle's owner through their own link", async () => {
    const made = await reserve(raffleId, [12], { seller_code: owner.code });
    expect(await creditedTo(made.order.code)).toBe(owner.user.id);
  });

  it('ignores silently the code of a seller not assigned to the raffle, and an unknown code', async () => {
    const unassigned = await reserve(raffleId, [13], { seller_code: bruno.code });
    expect(await creditedTo(unassigned.order.code)).toBeNull();
    const unknown = await reserve(raffleId, [14], { seller_code: 'ZZZZ99' });
    expect(await creditedTo(unknown.order.code)).toBeNull();
    const none = await reserve(raffleId, [15]);
    expect(await creditedTo(none.order.code)).toBeNull();
  });

  it('stops crediting a seller the moment an admin disables them; enabled again, credits them again', async () => {
    const diana = await seller('Diana Salas');
    const raffle = (await makeRaffle(t, {}, owner.token)).id;
    await assign(raffle, [diana.user.id]);
    // The code is in memory after a first sale through it.
    expect(await creditedTo((await reserve(raffle, [1], { seller_code: diana.code })).order.code)).toBe(
      diana.user.id,
    );
    const disable = (disabled: boolean) =>
      t.api('PATCH', `/api/users/${diana.user.id}`, { token: admin, body: { disabled } });
    expect((await disable(true)).status).toBe(200);
    expect(await creditedTo((await reserve(raffle, [2], { seller_code: diana.code })).order.code)).toBeNull();
    expect((await disable(false)).status).toBe(200);
    // An unknown code is trusted for 30 s at most (seller-codes.ts): past that, hers again.
    vi.useFakeTimers({ now: Date.now() + 31_000, toFake: ['Date'] });
    try {
      expect(await creditedTo((await reserve(raffle, [3], { seller_code: diana.code })).order.code)).toBe(
        diana.user.id,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a malformed code (422) before selling anything', async () => {
    const res = await t.api<ApiError>('POST', `/api/raffles/${raffleId}/reservations`, {
      body: { numbers: [16], buyer: buyer({ cedula: 'V-39999999' }), seller_code: 'no es; un código' },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('Código de vendedor inválido');
  });

  it('credits a staff sale to the staff member who made it', async () => {
    const res = await t.api<StaffTicket>('PATCH', `/api/raffles/${raffleId}/numbers/20`, {
      token: carla.token,
      body: { status: 'apartado', buyer_name: 'Pedro Pérez', buyer_cedula: 'V-38888888' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = await t.api<TicketPage>('GET', `/api/raffles/${raffleId}/tickets?search=20`, {
      token: admin,
    });
    const sale = list.body.items.find((i) => i.number === 20);
    expect(sale?.seller_name).toBe('Carla Rojas');
    const byAdmin = await t.api<StaffTicket>('PATCH', `/api/raffles/${raffleId}/numbers/21`, {
      token: admin,
      body: { status: 'apartado', buyer_name: 'Ana Gómez', buyer_cedula: 'V-37777777' },
    });
    expect(byAdmin.status).toBe(200);
  });

  it('shows the credited seller in the sold tickets, the buyers, the CSV and the payments', async () => {
    const list = await t.api<TicketPage>('GET', `/api/raffles/${raffleId}/tickets?status=apartado`, {
      token: carla.token,
    });
    const byNumber = new Map(list.body.items.map((i) => [i.number, i]));
    expect(byNumber.get(10)?.seller_name).toBe('Carla Rojas');
    expect(byNumber.get(12)?.seller_name).toBe('Olga Dueña');
    expect(byNumber.get(13)?.seller_name).toBeNull();
    const buyers = await t.api<RaffleBuyersPage>('GET', `/api/raffles/${raffleId}/buyers`, { token: admin });
    const withCarla = buyers.body.items.filter((b) => b.sellers.includes('Carla Rojas'));
    expect(withCarla.map((b) => b.numbers)).toEqual(expect.arrayContaining([[10, 11], [20]]));
    const csv = await fetch(`${t.baseUrl}/api/raffles/${raffleId}/tickets.csv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toMatch(/;Vendedor$/);
    expect(lines.find((l) => l.startsWith('10;'))).toMatch(/;Carla Rojas$/);
    expect(lines.find((l) => l.startsWith('15;'))).toMatch(/;$/);

    // Carla records cash on her own sale; the payment names her.
    const ticketId = byNumber.get(10)?.id as string;
    const paid = await t.api('POST', `/api/tickets/${ticketId}/payments`, {
      token: carla.token,
      body: { amount_cents: 500, payment_method: 'efectivo' },
    });
    expect(paid.status).toBe(201);
    const payments = await t.api<TicketLedgerEntry[]>('GET', `/api/tickets/${ticketId}/payments`, {
      token: carla.token,
    });
    const payment = payments.body.find((e) => e.kind === 'payment');
    expect(payment && 'seller_name' in payment && payment.seller_name).toBe('Carla Rojas');
  });

  it("refuses an assigned seller money on another seller's sale, in Spanish", async () => {
    const list = await t.api<TicketPage>('GET', `/api/raffles/${raffleId}/tickets?search=12`, {
      token: carla.token,
    });
    const ownersSale = list.body.items.find((i) => i.number === 12);
    const res = await t.api<ApiError>('POST', `/api/tickets/${ownersSale?.id}/payments`, {
      token: carla.token,
      body: { amount_cents: 500, payment_method: 'efectivo' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Solo puedes registrar dinero en las ventas acreditadas a ti');
    const pagado = await t.api<ApiError>('PATCH', `/api/tickets/${ownersSale?.id}`, {
      token: carla.token,
      body: { status: 'pagado' },
    });
    expect(pagado.status).toBe(403);
    // Details that move no money are hers to fix.
    const address = await t.api('PATCH', `/api/tickets/${ownersSale?.id}`, {
      token: carla.token,
      body: { buyer_address: 'Calle 5, Barrio Sucre' },
    });
    expect(address.status).toBe(200);
  });
});

describe('leaderboards', () => {
  it('are public on a raffle that shows them: masked names and counts of numbers, nothing else', async () => {
    const raffle = await makeRaffle(t, { show_leaderboards: true }, owner.token);
    await assign(raffle.id, [carla.user.id, bruno.user.id]);
    await reserve(raffle.id, [1, 2, 3], { seller_code: carla.code }, 'Luisa Fernanda Mora');
    await reserve(raffle.id, [4], { seller_code: bruno.code }, 'Pedro Pérez');
    const res = await t.api<Leaderboards>('GET', `/api/raffles/${raffle.id}/leaderboards`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      top_sellers: [
        { name_masked: 'c*** r***', numbers: 3 },
        { name_masked: 'b*** d***', numbers: 1 },
      ],
      top_buyers: [
        { name_masked: 'l*** f*** m***', numbers: 3 },
        { name_masked: 'p*** p***', numbers: 1 },
      ],
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/V-3|0414|cents|Carla|Luisa/);
  });

  it('answer 404 on a raffle that does not show them, and on a draft', async () => {
    const off = await makeRaffle(t, {}, owner.token);
    const res = await t.api<ApiError>('GET', `/api/raffles/${off.id}/leaderboards`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Esta rifa no muestra clasificaciones');
    const draft = await makeRaffle(t, { status: 'borrador', show_leaderboards: true }, owner.token);
    expect((await t.api('GET', `/api/raffles/${draft.id}/leaderboards`)).status).toBe(404);
  });

  it('the raffle form turns them on and off', async () => {
    const raffle = await makeRaffle(t, {}, owner.token);
    expect(raffle.show_leaderboards).toBe(false);
    const on = await t.api<Raffle>('PATCH', `/api/raffles/${raffle.id}`, {
      token: owner.token,
      body: { show_leaderboards: true },
    });
    expect(on.body.show_leaderboards).toBe(true);
    const page = await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`);
    expect(page.body.show_leaderboards).toBe(true);
  });
});
