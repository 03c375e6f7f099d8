import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { PublicRaffle } from '../../../domain/raffles';
import type { Board, LuckyPickResult, ReservationResult } from '../../../domain/reservations';
import { buyer, makeRaffle, makeRaffleIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { reservationsRepo } from './reservations.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const reserve = <T = ReservationResult>(raffleId: string, body: Record<string, unknown>) =>
  t.api<T>('POST', `/api/raffles/${raffleId}/reservations`, { body: { buyer: buyer(), ...body } });

describe('POST /api/raffles/:id/reservations', () => {
  it('reserves numbers for the buyer: trimmed lowercase name, apartado, stamped, held for the raffle’s hours', async () => {
    const raffle = await makeRaffle(t, { reservation_hours: 48, price_cents: 250 });
    const before = Date.now();
    const res = await reserve(raffle.id, { numbers: [7, 3], payment_method: 'pago_movil' });
    expect(res.status).toBe(201);
    expect(res.body.tickets.map((x: { ticket_number: string }) => x.ticket_number)).toEqual(['03', '07']);
    const ticket = res.body.tickets[0];
    expect(ticket).toMatchObject({
      status: 'apartado',
      buyer_name: 'maría pérez',
      buyer_phone: '0414-1234567',
      buyer_cedula: 'V-12345678',
      payment_method: 'pago_movil',
      total_paid_cents: 0,
      remaining_cents: 250,
    });
    expect(new Date(ticket.purchased_at as string).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const held =
      new Date(ticket.reserved_until as string).getTime() - new Date(ticket.purchased_at as string).getTime();
    expect(held).toBe(48 * 3600 * 1000);
    const board = await t.api<Board>('GET', `/api/raffles/${raffle.id}/board`);
    expect(board.body.statuses[3]).toBe('a');
    expect(board.body.statuses[7]).toBe('a');
    expect(board.body.statuses.replace(/a/g, '')).toBe('d'.repeat(98));
  });

  it('is all or nothing: one taken number refuses the whole request with the taken numbers', async () => {
    const raffle = await makeRaffle(t);
    expect((await reserve(raffle.id, { numbers: [10] })).status).toBe(201);
    const res = await reserve<ApiError>(raffle.id, { numbers: [9, 10, 11] });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'TICKETS_UNAVAILABLE', numbers: [10] });
    expect(res.body.error.message).toBe('El número 10 ya no está disponible. Elige otro.');
    const board = (await t.api<Board>('GET', `/api/raffles/${raffle.id}/board`)).body.statuses;
    expect(board.slice(9, 12)).toBe('dad');
  });

  it('gives one number to exactly one of 200 concurrent buyers', async () => {
    const raffle = await makeRaffle(t);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        reserve(raffle.id, {
          numbers: [42],
          buyer: buyer({ name: `Comprador ${i}`, cedula: `V-${10_000_000 + i}` }),
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    const winner = results.find((r) => r.status === 201)?.body.tickets[0];
    const stats = (await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`)).body.stats;
    expect(stats.apartado).toBe(1);
    expect(winner?.number).toBe(42);
  });

  it('never splits overlapping multi-number requests: each number has one owner, each request all or nothing', async () => {
    const raffle = await makeRaffle(t);
    const requests = Array.from({ length: 40 }, (_, i) => {
      const start = (i * 3) % 90;
      return [start, start + 5, start + 9].reverse();
    });
    const results = await Promise.all(
      requests.map((numbers, i) =>
        reserve(raffle.id, { numbers, buyer: buyer({ cedula: `V-${20_000_000 + i}` }) }),
      ),
    );
    const owners = new Map<number, string>();
    for (const [i, res] of results.entries()) {
      expect([201, 409]).toContain(res.status);
      if (res.status !== 201) continue;
      expect(res.body.tickets).toHaveLength(3);
      for (const ticket of res.body.tickets) {
        expect(owners.has(ticket.number)).toBe(false);
        owners.set(ticket.number, `V-${20_000_000 + i}`);
      }
    }
    const board = (await t.api<Board>('GET', `/api/raffles/${raffle.id}/board`)).body.statuses as string;
    expect([...board].filter((c) => c === 'a')).toHaveLength(owners.size);
  });

  it('a number refused only because a buyer of the same batch held it for a moment is tried again', async () => {
    const raffle = await makeRaffle(t);
    // In one reserve_sales call, request [2, 3, 4] gets 3 and 4 but not 2 (sold), so its rows go
    // back before the commit; request [4, 5] of the same call met that 4 and is refused with it,
    // though nobody holds 4 once the call commits (the last numbers of a sell-out, raced).
    const [sold] = await reservationsRepo.reserveMany(t.db, [
      {
        raffleId: raffle.id,
        numbers: [2],
        values: {
          buyerName: 'primero',
          buyerPhone: '0414-1234567',
          buyerAddress: 'Av. 1',
          buyerCedula: 'V-1111111',
          buyerEmail: null,
          paymentMethod: 'transfer',
          paymentProof: null,
        },
        sandbox: false,
      },
    ]);
    expect(sold && 'sales' in sold).toBe(true);
    const batch = await reservationsRepo.reserveMany(t.db, [
      {
        raffleId: raffle.id,
        numbers: [2, 3, 4],
        values: {
          buyerName: 'segundo',
          buyerPhone: '0414-1234567',
          buyerAddress: 'Av. 2',
          buyerCedula: 'V-2222222',
          buyerEmail: null,
          paymentMethod: 'transfer',
          paymentProof: null,
        },
        sandbox: false,
      },
      {
        raffleId: raffle.id,
        numbers: [4, 5],
        values: {
          buyerName: 'tercero',
          buyerPhone: '0414-1234567',
          buyerAddress: 'Av. 3',
          buyerCedula: 'V-3333333',
          buyerEmail: null,
          paymentMethod: 'transfer',
          paymentProof: null,
        },
        sandbox: false,
      },
    ]);
    const refusal = batch[1] && 'refusal' in batch[1] ? batch[1].refusal : null;
    expect(refusal).toEqual({ code: 'TICKETS_UNAVAILABLE', numbers: [4], digits: 2 });

    // The service gets that answer for a buyer of [4, 5] once, then the statement as it is.
    const spy = vi.spyOn(reservationsRepo, 'reserveMany');
    spy.mockImplementationOnce(async (_db, requests) =>
      requests.map(() => ({ refusal: refusal ?? { code: 'TICKETS_UNAVAILABLE', numbers: [4], digits: 2 } })),
    );
    try {
      const res = await reserve(raffle.id, { numbers: [4, 5], buyer: buyer({ cedula: 'V-3333333' }) });
      expect(res.status).toBe(201);
      expect(res.body.tickets.map((ticket) => ticket.number)).toEqual([4, 5]);
    } finally {
      spy.mockRestore();
    }
    // A number someone does hold is still refused, naming only the numbers held (6 was not).
    const again = vi.spyOn(reservationsRepo, 'reserveMany');
    again.mockImplementationOnce(async (_db, requests) =>
      requests.map(() => ({ refusal: { code: 'TICKETS_UNAVAILABLE' as const, numbers: [2, 6], digits: 2 } })),
    );
    try {
      const taken = await reserve<ApiError>(raffle.id, { numbers: [2, 6] });
      expect(taken.status).toBe(409);
      expect(taken.body.error).toMatchObject({ code: 'TICKETS_UNAVAILABLE', numbers: [2] });
    } finally {
      again.mockRestore();
    }
  });

  it('refuses closed, finished, draft and expired raffles with a clear message', async () => {
    const closed = await makeRaffleIn(t, 'cerrada');
    const res = await reserve<ApiError>(closed.id, { numbers: [1] });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'RAFFLE_CLOSED',
      message: 'Esta rifa ya cerró: no admite más reservas.',
    });
    const finished = await makeRaffleIn(t, 'finalizada');
    expect((await reserve<ApiError>(finished.id, { numbers: [1] })).body.error.code).toBe('RAFFLE_CLOSED');
    const draft = await makeRaffle(t, { status: 'borrador' });
    expect((await reserve(draft.id, { numbers: [1] })).status).toBe(404);
    const expiring = await makeRaffle(t, { closing_date: new Date(Date.now() + 60_000).toISOString() });
    await t.db.execute(
      sql`update raffles set closing_date = now() - interval '1 second' where id = ${expiring.id}`,
    );
    const late = await reserve<ApiError>(expiring.id, { numbers: [1] });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('Esta rifa ya cerró: no admite más reservas.');
    expect((await reserve('00000000-0000-4000-8000-000000000000', { numbers: [1] })).status).toBe(404);
  });

  it.each([
    [{ numbers: [100] }, 422],
    [{ numbers: [-1] }, 422],
    [{ numbers: [1.5] }, 400],
    [{ numbers: ['1'] }, 400],
    [{ numbers: [] }, 422],
    [{ numbers: [1, 1] }, 422],
    [{ numbers: Array.from({ length: 101 }, (_, i) => i) }, 422],
    [{ numbers: [1], buyer: buyer({ phone: '123' }) }, 422],
    [{ numbers: [1], buyer: buyer({ cedula: '12345678' }) }, 422],
    [{ numbers: [1], buyer: buyer({ name: ' ' }) }, 422],
    [{ numbers: [1], buyer: buyer({ address: undefined }) }, 400],
    [{ numbers: [1], buyer: buyer({ email: 'no-es-correo' }) }, 422],
    [{ numbers: [1], buyer: buyer({ name: 'x'.repeat(121) }) }, 422],
    [{ numbers: [1], payment_method: 'bitcoin' }, 400],
    [{ numbers: [1], status: 'pagado' }, 400],
  ])('refuses bad input %# with a Spanish 4xx and reserves nothing', async (body, status) => {
    const raffle = await makeRaffle(t);
    const res = await reserve<ApiError>(raffle.id, body);
    expect(res.status).toBe(status);
    expect(res.body.error.message).toMatch(/[a-záéíóúñ]{3}/i);
    expect((await t.api<Board>('GET', `/api/raffles/${raffle.id}/board`)).body.statuses).toBe(
      'd'.repeat(100),
    );
  });

  it('rejects malformed JSON', async () => {
    const raffle = await makeRaffle(t);
    const res = await t.api('POST', `/api/raffles/${raffle.id}/reservations`, { raw: '{"numbers":[1' });
    expect(res.status).toBe(400);
  });
});

describe('GET /api/raffles/:id/board', () => {
  it('is one character per number with an ETag that answers 304 until something changes', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 10_000, digit_count: 4 });
    const first = await t.api<Board>('GET', `/api/raffles/${raffle.id}/board`);
    expect(first.body).toMatchObject({ raffle_id: raffle.id, total_numbers: 10_000, digit_count: 4 });
    expect(first.body.statuses).toHaveLength(10_000);
    const etag = first.headers.get('etag') ?? '';
    const cached = await t.api('GET', `/api/raffles/${raffle.id}/board`, {
      headers: { 'if-none-match': etag },
    });
    expect(cached.status).toBe(304);
    await reserve(raffle.id, { numbers: [9999] });
    const changed = await t.api<Board>('GET', `/api/raffles/${raffle.id}/board`, {
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.statuses.at(-1)).toBe('a');
    expect(changed.body.version).toBeGreaterThan(first.body.version);
  });
});

describe('POST /api/raffles/:id/lucky-pick', () => {
  it('picks distinct available numbers on the server, never taken or excluded ones', async () => {
    const raffle = await makeRaffle(t, { total_numbers: 10, digit_count: 1 });
    await reserve(raffle.id, { numbers: [0, 1, 2, 3] });
    const res = await t.api<LuckyPickResult>('POST', `/api/raffles/${raffle.id}/lucky-pick`, {
      body: { count: 6, exclude: [9] },
    });
    expect(res.status).toBe(200);
    expect(res.body.numbers).toEqual([4, 5, 6, 7, 8]);
    expect((await t.api('POST', `/api/raffles/${raffle.id}/lucky-pick`, { body: { count: 0 } })).status).toBe(
      422,
    );
  });

  it('picks nothing once sales closed: the same 409 RAFFLE_CLOSED a reservation gets', async () => {
    const pick = (raffleId: string) =>
      t.api<ApiError>('POST', `/api/raffles/${raffleId}/lucky-pick`, { body: { count: 1 } });
    const expiring = await makeRaffle(t, { closing_date: new Date(Date.now() + 60_000).toISOString() });
    expect((await pick(expiring.id)).status).toBe(200); // its board goes in memory: closed all the same
    await t.db.execute(
      sql`update raffles set closing_date = now() - interval '1 second' where id = ${expiring.id}`,
    );
    for (const raffle of [await makeRaffleIn(t, 'cerrada'), await makeRaffleIn(t, 'finalizada'), expiring]) {
      const reservation = await reserve<ApiError>(raffle.id, { numbers: [1] });
      const picked = await pick(raffle.id);
      expect(picked.status).toBe(reservation.status);
      expect(picked.body.error).toEqual(reservation.body.error);
      expect(picked.body.error).toMatchObject({ code: 'RAFFLE_CLOSED' });
    }
  });
});
