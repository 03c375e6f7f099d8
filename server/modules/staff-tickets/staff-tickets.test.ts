import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Board, ReservationResult } from '../../../domain/reservations';
import type { HistoryPage, StaffTicket, TicketPage } from '../../../domain/staff-tickets';
import { buyer, makeRaffle, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { staffTicketsRepo } from './staff-tickets.repo';
import { CSV_CHUNK, CSV_CHUNK_PGLITE } from './staff-tickets-export.repo';
import { XLSX_CHUNK } from './tickets-xlsx';

let t: TestApp;
let admin: string;
let seller: Awaited<ReturnType<typeof makeUser>>;
let raffleId: string;
const ids: Record<number, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  seller = await makeUser(t);
  raffleId = (await makeRaffle(t, { total_numbers: 1000, digit_count: 3, price_cents: 1000 }, seller.token))
    .id;
  const reservations: [number[], Record<string, unknown>][] = [
    [[5, 15], { name: 'Ana Gómez', phone: '0414-1112233', cedula: 'V-11111111' }],
    [[123], { name: 'Luis 50% Pérez', phone: '0424-9998877', cedula: 'E-22222222' }],
  ];
  for (const [numbers, who] of reservations) {
    const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
      body: { numbers, buyer: buyer(who) },
    });
    for (const ticket of res.body.tickets) ids[ticket.number] = ticket.id;
  }
});
afterAll(() => t?.close());

const list = (query: string, token = admin) =>
  t.api<TicketPage>('GET', `/api/raffles/${raffleId}/tickets?${query}`, { token });

describe('GET /api/raffles/:id/tickets', () => {
  it('pages all tickets ordered by number with a count', async () => {
    const res = await list('page=2&per_page=10');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1000);
    expect(res.body.items.map((x: { number: number }) => x.number)).toEqual([
      10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
    expect(res.body).toMatchObject({ page: 2, per_page: 10 });
  });

  it('filters by a status list', async () => {
    const res = await list('status=apartado,abonado');
    expect(res.body.items.map((x: { ticket_number: string }) => x.ticket_number)).toEqual([
      '005',
      '015',
      '123',
    ]);
  });

  it.each([
    ['ana', ['005', '015']],
    ['GÓMEZ', ['005', '015']],
    ['0424', ['123']],
    ['22222', ['123']],
    [' 1,23 ', ['123']],
    ['15', ['015']],
    ['50%', ['123']],
    ["' or 1=1 --", []],
    ['%', ['123']],
    ['_', []],
  ])('searches %j in name, phone, cedula and number', async (term, expected) => {
    const res = await list(`status=apartado&search=${encodeURIComponent(term)}`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((x: { ticket_number: string }) => x.ticket_number)).toEqual(expected);
  });

  it('answers 400 for pages and sizes out of range or unknown statuses', async () => {
    for (const q of ['page=0', 'per_page=0', 'per_page=1001', 'page=x', 'status=vendido']) {
      expect((await list(q)).status, q).toBe(400);
    }
  });

  it('is for staff who own the raffle', async () => {
    expect((await t.api('GET', `/api/raffles/${raffleId}/tickets`)).status).toBe(401);
    const other = await makeUser(t);
    expect((await list('', other.token)).status).toBe(403);
    expect((await list('', seller.token)).status).toBe(200);
  });
});

describe('the exports: how they read', () => {
  // PGlite runs one statement at a time, so a buyer waits for the chunk ahead of them: there the
  // CSV reads 200 sales a statement (bench/STAFF.md, 2026-12-03) and both exports read on the
  // worker's background lane, behind the buyers' statements (decision 070). PostgreSQL reads the
  // CSV 100 at a time, each ahead, while the one before is written (decision 072). The XLSX's worker
  // asks a batch ahead itself (decision 050), so its scan does not.
  const download = async (file: string) => {
    const scan = vi.spyOn(staffTicketsRepo, 'scan');
    try {
      const res = await fetch(`${t.baseUrl}/api/raffles/${raffleId}/${file}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(res.status).toBe(200);
      const body = Buffer.from(await res.arrayBuffer());
      expect(scan).toHaveBeenCalledTimes(1);
      const [db, , , , reads] = scan.mock.calls[0] ?? [];
      return { body, db, chunk: reads?.batch, readAhead: reads?.readAhead };
    } finally {
      scan.mockRestore();
    }
  };
  const exportDb = () => (t.database.kind === 'pglite' ? t.database.exportDb : t.database.db);

  it('reads the CSV in chunks sized for its database, on its export lane, and writes every number', async () => {
    const { body, db, chunk, readAhead } = await download('tickets.csv');
    const lines = body.toString('utf8').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + 1000);
    expect(lines.filter((line) => /^(005|015|123);(apartado|abonado|pagado);/.test(line))).toHaveLength(3);
    expect(chunk).toBe(t.database.kind === 'pglite' ? CSV_CHUNK_PGLITE : CSV_CHUNK);
    expect(readAhead).toBe(t.database.kind === 'postgres');
    expect(exportDb()).toBeDefined();
    expect(db).toBe(exportDb());
  });

  it('reads the XLSX on the same lane, without reading ahead of its worker', async () => {
    const { body, db, chunk, readAhead } = await download('tickets.xlsx');
    expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(chunk).toBe(XLSX_CHUNK);
    expect(readAhead).toBe(false);
    expect(db).toBe(exportDb());
  });
});

describe('GET and PATCH /api/tickets/:id', () => {
  it('shows the staff view to the owner', async () => {
    const res = await t.api<StaffTicket>('GET', `/api/tickets/${ids[5]}`, { token: seller.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ number: 5, buyer_name: 'ana gómez', buyer_cedula: 'V-11111111' });
    expect(
      (await t.api('GET', '/api/tickets/00000000-0000-4000-8000-000000000000', { token: admin })).status,
    ).toBe(404);
  });

  it('pagado records a payment of what is owed: paid is the price, nothing remains, and it is recorded', async () => {
    const res = await t.api<StaffTicket>('PATCH', `/api/tickets/${ids[15]}`, {
      token: seller.token,
      body: { status: 'pagado' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'pagado', total_paid_cents: 1000, remaining_cents: 0 });
    const history = await t.api<HistoryPage>('GET', `/api/history?raffle_id=${raffleId}`, {
      token: seller.token,
    });
    expect(history.body.items[0]).toMatchObject({
      number: 15,
      from_status: 'apartado',
      to_status: 'pagado',
      actor_email: seller.email,
      note: 'Estado cambiado a pagado. Pago registrado por el personal: $10,00 (Efectivo)',
    });
  });

  it('disponible puts the number back on sale without the old buyer data', async () => {
    const res = await t.api<StaffTicket>('PATCH', `/api/tickets/${ids[123]}`, {
      token: admin,
      body: { status: 'disponible', note: 'Liberado' },
    });
    expect(res.body).toMatchObject({
      status: 'disponible',
      buyer_name: null,
      buyer_cedula: null,
      remaining_cents: 0,
    });
    const board = (await t.api<Board>('GET', `/api/raffles/${raffleId}/board`)).body.statuses;
    expect(board[123]).toBe('d');
  });

  it('edits buyer fields with validation', async () => {
    const ok = await t.api<StaffTicket>('PATCH', `/api/tickets/${ids[5]}`, {
      token: admin,
      body: { buyer_phone: '0412 555 4433' },
    });
    expect(ok.body.buyer_phone).toBe('0412-5554433');
    expect(
      (await t.api('PATCH', `/api/tickets/${ids[5]}`, { token: admin, body: { buyer_phone: '1' } })).status,
    ).toBe(422);
    expect(
      (await t.api('PATCH', `/api/tickets/${ids[5]}`, { token: admin, body: { status: 'vendido' } })).status,
    ).toBe(400);
    expect(
      (await t.api('PATCH', `/api/tickets/${ids[5]}`, { token: admin, body: { raffle_id: raffleId } }))
        .status,
    ).toBe(400);
  });

  it('refuses other vendedores and anonymous callers', async () => {
    const other = await makeUser(t);
    expect(
      (await t.api('PATCH', `/api/tickets/${ids[5]}`, { token: other.token, body: { status: 'pagado' } }))
        .status,
    ).toBe(403);
    expect((await t.api('PATCH', `/api/tickets/${ids[5]}`, { body: { status: 'pagado' } })).status).toBe(401);
    expect((await t.api('GET', `/api/tickets/${ids[5]}`, { token: other.token })).status).toBe(403);
  });
});

describe('GET /api/history', () => {
  it('lists events newest first; a vendedor sees only their raffles', async () => {
    const adminRaffle = await makeRaffle(t);
    await t.api('POST', `/api/raffles/${adminRaffle.id}/reservations`, {
      body: { numbers: [1], buyer: buyer() },
    });
    const mine = await t.api<HistoryPage>('GET', '/api/history', { token: seller.token });
    expect(mine.body.items.every((e: { raffle_id: string }) => e.raffle_id === raffleId)).toBe(true);
    const all = await t.api<HistoryPage>('GET', '/api/history?per_page=1', { token: admin });
    expect(all.body.items[0].raffle_id).toBe(adminRaffle.id);
    expect(all.body.count).toBeGreaterThan(mine.body.count);
    expect(
      (await t.api('GET', `/api/history?raffle_id=${adminRaffle.id}`, { token: seller.token })).status,
    ).toBe(403);
    expect((await t.api('GET', '/api/history?per_page=0', { token: admin })).status).toBe(400);
  });
});
