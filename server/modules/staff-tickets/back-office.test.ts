import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { Raffle } from '../../../domain/raffles';
import type { Board, ReservationResult } from '../../../domain/reservations';
import type { HistoryPage, RaffleBuyersPage, TicketPage } from '../../../domain/staff-tickets';
import { buyer, makeRaffle, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

/** The list's item at `index`; a missing one fails the test here rather than as a TypeError later. */
function at<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`expected an item at ${index}, got ${list.length}`);
  return item;
}
const firstOf = <T>(list: readonly T[]) => at(list, 0);

async function reserve(raffleId: string, numbers: number[], who: Record<string, unknown> = {}) {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers, buyer: buyer(who) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.tickets as { id: string; number: number }[];
}

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('reservation expiry at volume', () => {
  it('releases 500 expired tickets of one raffle in one sweep and broadcasts every one', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 1000, digit_count: 3 });
    for (let i = 0; i < 5; i++) {
      await reserve(
        raffle.id,
        Array.from({ length: 100 }, (_, k) => i * 100 + k),
        { cedula: `V-${30_000_000 + i}` },
      );
    }
    const seen = new Set<number>();
    const unsubscribe = t.app.services.hub.subscribe(raffle.id, (events) => {
      for (const e of events) if (e.status === 'disponible') seen.add(e.number);
    });
    await t.db.execute(
      sql`update tickets set reserved_until = now() - interval '1 minute' where raffle_id = ${raffle.id}`,
    );
    expect(await t.app.services.tickets.releaseExpired(500)).toBe(500);
    await until(() => seen.size === 500);
    unsubscribe();
    const board = (await t.api<Board>('GET', `/api/raffles/${raffle.id}/board`)).body.statuses;
    expect(board).toBe('d'.repeat(1000));
    // The sweep keeps working afterwards (it used to fail for good once a payload passed 8,000 bytes).
    await reserve(raffle.id, [999]);
    await t.db.execute(
      sql`update tickets set reserved_until = now() - interval '1 minute' where number = 999 and raffle_id = ${raffle.id}`,
    );
    expect(await t.app.services.tickets.releaseExpired(500)).toBe(1);
  });
});

describe('staff ticket list: counts per status chip', () => {
  it('counts every status for the current search, whatever the status filter', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 20 });
    const a = firstOf(await reserve(raffle.id, [1, 2], { name: 'Carla Suárez', cedula: 'V-40000001' }));
    await reserve(raffle.id, [3], { name: 'Pedro León', cedula: 'V-40000002' });
    await t.api('PATCH', `/api/tickets/${a.id}`, { token: admin, body: { status: 'pagado' } });
    const all = await t.api<TicketPage>('GET', `/api/raffles/${raffle.id}/tickets?status=apartado`, {
      token: admin,
    });
    expect(all.body.count).toBe(2);
    expect(all.body.counts).toEqual({
      disponible: 17,
      apartado: 2,
      abonado: 0,
      pagado: 1,
      cancelado: 0,
      otros: 0,
    });
    const carla = await t.api<TicketPage>('GET', `/api/raffles/${raffle.id}/tickets?search=suárez`, {
      token: admin,
    });
    expect(carla.body.counts).toMatchObject({ disponible: 0, apartado: 1, pagado: 1 });
    const otros = await t.api<TicketPage>('GET', `/api/raffles/${raffle.id}/tickets?status=otros`, {
      token: admin,
    });
    expect(otros.status).toBe(200);
    expect(otros.body.count).toBe(0);
  });
});

describe('GET /api/raffles/:id/tickets.csv', () => {
  it('exports every matching ticket (all pages) as UTF-8 with BOM, Spanish columns, escaped cells', async () => {
    const raffle = await makeRaffle(t, {
      name: 'Rifa Navideña',
      total_numbers: 2500,
      digit_count: 4,
      price_cents: 250,
    });
    await reserve(raffle.id, [7], { name: '=cmd|" /C calc"!A0; Pérez', cedula: 'V-50000001' });
    await reserve(raffle.id, [8, 9], { name: 'José "el Gocho" Ñáñez', cedula: 'V-50000002' });
    const res = await fetch(`${t.baseUrl}/api/raffles/${raffle.id}/tickets.csv?status=apartado`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="tickets-rifa-navidena.csv"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Número;Estado;Comprador;Teléfono;Cédula;Correo;Dirección;Método de pago;Pagado (USD);Pendiente (USD);Fecha de compra;Apartado hasta;Pedido;Pagado (Bs);Pendiente (Bs);Vendedor',
    );
    expect(lines).toHaveLength(4);
    // Names read capitalised (issue 23); a formula still starts with a quote, quotes still doubled.
    expect(lines[1]).toMatch(/^0007;apartado;"'=cmd\|"" \/c Calc""!a0; Pérez";0414-1234567;V-50000001;/);
    expect(lines[2]).toContain('"José ""el Gocho"" Ñáñez"');
    expect(lines[2]).toContain(';0,00;2,50;');
    // Dates, then the order code (K7M-4Q2X), paid in Bs and owed in Bs (no rate set here: empty),
    // and the credited seller (a public reservation without a link: nobody).
    expect(lines[2]).toMatch(
      /;\d{4}-\d{2}-\d{2} \d{2}:\d{2};\d{4}-\d{2}-\d{2} \d{2}:\d{2};[346789A-Z]{3}-[346789A-Z]{5};0,00;;$/,
    );

    // No status filter: all 2,500 numbers, more than one batch of the scan.
    const every = await fetch(`${t.baseUrl}/api/raffles/${raffle.id}/tickets.csv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    const everyLines = (await every.text()).trimEnd().split('\r\n');
    expect(everyLines).toHaveLength(2501);
    expect(everyLines[2500]).toMatch(/^2499;disponible;/);

    const searched = await fetch(`${t.baseUrl}/api/raffles/${raffle.id}/tickets.csv?search=gocho`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect((await searched.text()).trimEnd().split('\r\n')).toHaveLength(3);
  });

  it('is for staff who own the raffle', async () => {
    const raffle = await makeRaffle(t);
    expect((await t.api('GET', `/api/raffles/${raffle.id}/tickets.csv`)).status).toBe(401);
    const other = await makeUser(t, { role: 'vendedor' });
    expect((await t.api('GET', `/api/raffles/${raffle.id}/tickets.csv`, { token: other.token })).status).toBe(
      403,
    );
  });
});

describe('GET /api/raffles/:id/buyers', () => {
  it('groups tickets by cedula with numbers, paid, owed, statuses and totals; searches', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 100, price_cents: 500 });
    const carla = await reserve(raffle.id, [12, 3, 40], {
      name: 'Carla Suárez',
      cedula: 'V-60000001',
      phone: '0424-1110001',
    });
    await reserve(raffle.id, [7], { name: 'Pedro León', cedula: 'V-60000002', phone: '0412-2220002' });
    await t.api('PATCH', `/api/tickets/${at(carla, 0).id}`, { token: admin, body: { status: 'pagado' } });
    const res = await t.api<RaffleBuyersPage>('GET', `/api/raffles/${raffle.id}/buyers`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, page: 1, per_page: 50 });
    expect(res.body.totals).toEqual({ buyers: 2, tickets: 4, total_paid_cents: 500, remaining_cents: 1500 });
    const [first, second] = res.body.items;
    expect(first).toMatchObject({
      cedula: 'V-60000001',
      buyer_name: 'carla suárez',
      buyer_phone: '0424-1110001',
      numbers: [3, 12, 40],
      ticket_numbers: ['03', '12', '40'],
      tickets: 3,
      total_paid_cents: 500,
      remaining_cents: 1000,
      statuses: ['apartado', 'pagado'],
    });
    expect(Date.parse(first.reserved_until as string)).toBeGreaterThan(Date.now());
    expect(second).toMatchObject({ cedula: 'V-60000002', numbers: [7], remaining_cents: 500 });

    const byPhone = await t.api<RaffleBuyersPage>('GET', `/api/raffles/${raffle.id}/buyers?search=2220002`, {
      token: admin,
    });
    expect(byPhone.body.items.map((b: { cedula: string }) => b.cedula)).toEqual(['V-60000002']);
    expect(byPhone.body.count).toBe(1);
    expect(byPhone.body.totals.buyers).toBe(2);
    const byNumber = await t.api<RaffleBuyersPage>('GET', `/api/raffles/${raffle.id}/buyers?search=40`, {
      token: admin,
    });
    expect(byNumber.body.items.map((b: { cedula: string }) => b.cedula)).toEqual(['V-60000001']);
    const quote = await t.api<RaffleBuyersPage>(
      'GET',
      `/api/raffles/${raffle.id}/buyers?search=${encodeURIComponent("' or 1=1 --")}`,
      {
        token: admin,
      },
    );
    expect(quote.body.items).toEqual([]);
    const page2 = await t.api<RaffleBuyersPage>('GET', `/api/raffles/${raffle.id}/buyers?page=2&per_page=1`, {
      token: admin,
    });
    expect(page2.body.items.map((b: { cedula: string }) => b.cedula)).toEqual(['V-60000002']);
  });

  it('is for staff who own the raffle', async () => {
    const raffle = await makeRaffle(t);
    expect((await t.api('GET', `/api/raffles/${raffle.id}/buyers`)).status).toBe(401);
    const other = await makeUser(t, { role: 'vendedor' });
    expect((await t.api('GET', `/api/raffles/${raffle.id}/buyers`, { token: other.token })).status).toBe(403);
    const owner = await makeUser(t, { role: 'vendedor' });
    const own = await makeRaffle(t, {}, owner.token);
    expect((await t.api('GET', `/api/raffles/${own.id}/buyers`, { token: owner.token })).status).toBe(200);
  });
});

describe('GET /api/history filters', () => {
  it('filters by raffle, ticket, resulting status and Caracas days, and names raffle and number', async () => {
    const vendedor = await makeUser(t, { role: 'vendedor' });
    const mine = await makeRaffle(
      t,
      { name: 'Rifa de Valentina', digit_count: 3, total_numbers: 500 },
      vendedor.token,
    );
    const others = await makeRaffle(t, { name: 'Rifa del admin' });
    const tk = firstOf(await reserve(mine.id, [5]));
    await reserve(others.id, [6]);
    await t.api('PATCH', `/api/tickets/${tk.id}`, { token: vendedor.token, body: { status: 'pagado' } });

    const own = await t.api<HistoryPage>('GET', '/api/history', { token: vendedor.token });
    expect(own.body.items.every((e: { raffle_id: string }) => e.raffle_id === mine.id)).toBe(true);
    expect(own.body.items[0]).toMatchObject({
      raffle_name: 'Rifa de Valentina',
      ticket_number: '005',
      from_status: 'apartado',
      to_status: 'pagado',
      actor_email: vendedor.email,
    });
    const forbidden = await t.api('GET', `/api/history?raffle_id=${others.id}`, { token: vendedor.token });
    expect(forbidden.status).toBe(403);

    const paid = await t.api<HistoryPage>('GET', '/api/history?status=pagado', { token: admin });
    expect(paid.body.items.every((e: { to_status: string }) => e.to_status === 'pagado')).toBe(true);
    expect(paid.body.items.some((e: { ticket_id: string }) => e.ticket_id === tk.id)).toBe(true);
    const ticket = await t.api<HistoryPage>('GET', `/api/history?ticket_id=${tk.id}`, { token: admin });
    expect(ticket.body.items.map((e: { to_status: string }) => e.to_status)).toEqual(['pagado', 'apartado']);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Caracas' }).format(new Date());
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Caracas' }).format(
      new Date(Date.now() + 86_400_000),
    );
    const inDay = await t.api<HistoryPage>(
      'GET',
      `/api/history?ticket_id=${tk.id}&from=${today}&to=${today}`,
      {
        token: admin,
      },
    );
    expect(inDay.body.count).toBe(2);
    const later = await t.api<HistoryPage>('GET', `/api/history?ticket_id=${tk.id}&from=${tomorrow}`, {
      token: admin,
    });
    expect(later.body.count).toBe(0);
    const bad = await t.api('GET', '/api/history?from=21-11-2026', { token: admin });
    expect(bad.status).toBe(400);
  });
});

describe('payment type and installments', () => {
  it('pago_unico accepts installments null or 1; cuotas needs 2 or more', async () => {
    expect((await makeRaffle(t, { payment_type: 'pago_unico', installments: 1 })).installments).toBe(1);
    expect((await makeRaffle(t, { payment_type: 'pago_unico', installments: null })).installments).toBeNull();
    const res = await t.api<ApiError>('POST', '/api/raffles', {
      token: admin,
      body: {
        name: 'Cuotas',
        price_cents: 100,
        total_numbers: 10,
        digit_count: 2,
        payment_type: 'cuotas',
        installments: 1,
      },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('Mínimo 2 cuotas');
    const cuotas = await makeRaffle(t, { payment_type: 'cuotas', installments: 4 });
    const switched = await t.api<Raffle>('PATCH', `/api/raffles/${cuotas.id}`, {
      token: admin,
      body: { payment_type: 'pago_unico' },
    });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ payment_type: 'pago_unico', installments: null });
  });
});
