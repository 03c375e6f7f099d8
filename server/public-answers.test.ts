import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../domain/api';
import type { CreatePaymentResult, PublicCreatePaymentResult, StaffPayment } from '../domain/payments';
import type { PublicRaffle, Raffle } from '../domain/raffles';
import type { Board, ReservationResult } from '../domain/reservations';
import { boardSchema } from '../domain/reservations';
import type { TrackingResult } from '../domain/tracking';
import { trackedTicketSchema } from '../domain/tracking';
import { buyer, makeRaffle, makeUser } from './test/factories';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * Public answers carry counts, never money or buyer data: each is serialized through its declared
 * schema (decision 013, contract.test.ts), so even a query that returned more could not leak it.
 */

const COUNT_KEYS = ['abonado', 'apartado', 'cancelado', 'disponible', 'pagado'];
const MONEY_KEYS = ['pending_cents', 'total_paid_cents'];

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(async () => {
  await t?.close();
});

describe('public raffle stats: counts only', () => {
  it('the public sees counts; the admin and the raffle seller see the money too; another seller does not', async () => {
    const seller = await makeUser(t, { role: 'vendedor' });
    const other = await makeUser(t, { role: 'vendedor' });
    const raffle = await makeRaffle(t, { price_cents: 700 }, seller.token);
    const reserved = await t.api('POST', `/api/raffles/${raffle.id}/reservations`, {
      body: { numbers: [3, 4], buyer: buyer() },
    });
    expect(reserved.status).toBe(201);

    const statsKeys = (body: { stats: object }) => Object.keys(body.stats).sort();
    const publicOne = await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
    expect(publicOne.status).toBe(200);
    expect(statsKeys(publicOne.body)).toEqual(COUNT_KEYS);
    expect(publicOne.body.stats.apartado).toBe(2);
    const publicList = await t.api<PublicRaffle[]>('GET', '/api/raffles');
    const listed = publicList.body.find((r: { id: string }) => r.id === raffle.id);
    expect(statsKeys(listed as PublicRaffle)).toEqual(COUNT_KEYS);

    for (const token of [admin, seller.token]) {
      const staff = await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`, { token });
      expect(statsKeys(staff.body)).toEqual([...COUNT_KEYS, ...MONEY_KEYS].sort());
      expect(staff.body.stats.pending_cents).toBe(1400);
      const list = await t.api<Raffle[]>('GET', '/api/raffles', { token });
      expect(list.body.find((r: { id: string }) => r.id === raffle.id)?.stats.pending_cents).toBe(1400);
    }
    const notTheirs = await t.api<Raffle>('GET', `/api/raffles/${raffle.id}`, { token: other.token });
    expect(statsKeys(notTheirs.body)).toEqual(COUNT_KEYS);
    const theirList = await t.api<Raffle[]>('GET', '/api/raffles', { token: other.token });
    expect(statsKeys(theirList.body.find((r: { id: string }) => r.id === raffle.id) as Raffle)).toEqual(
      COUNT_KEYS,
    );
  });
});

describe('public payer', () => {
  it('never sees duplicate_of; staff do', async () => {
    const raffle = await makeRaffle(t, { price_cents: 1000 });
    const reserve = async (number: number, cedula: string) => {
      const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
        body: { numbers: [number], buyer: buyer({ cedula }) },
      });
      return (res.body.tickets as { id: string }[])[0]?.id ?? '';
    };
    // One proof file sent by two buyers: a duplicate only the reviewer is told about. (One bank
    // reference twice is refused outright: duplicate-references.test.ts.)
    const form = new FormData();
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from([7, 7, 7]),
    ]);
    form.append('file', new Blob([png], { type: 'image/png' }), 'comprobante.png');
    const upload = await fetch(`${t.baseUrl}/api/uploads`, { method: 'POST', body: form });
    const proof = ((await upload.json()) as { fileUrl: string }).fileUrl;
    const pay = <T = PublicCreatePaymentResult>(ticketId: string, cedula: string, token?: string) =>
      t.api<T>('POST', '/api/payments', {
        token,
        body: { ticket_id: ticketId, amount_cents: 500, payment_proof: proof, cedula },
      });

    const original = await pay(await reserve(10, 'V-20111222'), 'V-20111222');
    expect(original.status).toBe(201);
    expect(original.body.success).toBe(true);
    expect(original.body.payment).not.toHaveProperty('duplicate_of');
    // Another buyer with the same proof file: a duplicate, which only the reviewer is told about.
    const otherTicket = await reserve(11, 'E-81234567');
    const repeated = await pay(otherTicket, 'E-81234567');
    expect(repeated.status).toBe(201);
    expect(Object.keys(repeated.body.payment)).not.toContain('duplicate_of');

    const byStaff = await pay<CreatePaymentResult>(otherTicket, 'E-81234567', admin);
    expect(byStaff.status).toBe(201);
    expect(byStaff.body.payment.duplicate_of).toBe(original.body.payment.id);
    const list = await t.api<StaffPayment[]>('GET', '/api/payments?status=pending', { token: admin });
    const listed = list.body.find((p: { id: string }) => p.id === repeated.body.payment.id);
    expect(listed?.duplicate_of).toBe(original.body.payment.id);
  });

  it('a failed payment answers the one error envelope, {error:{code,message}}, like every module', async () => {
    const res = await t.api<ApiError>('POST', '/api/payments', {
      body: { ticket_id: '00000000-0000-4000-8000-000000000000', amount_cents: 100, cedula: 'V-1234567' },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'TICKET_NOT_FOUND', message: expect.any(String) } });
    // A schema error too: the shared handler's 400/422 with its `fields`, nothing payments-only.
    const invalid = await t.api<ApiError>('POST', '/api/payments', { body: { amount_cents: 0 } });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body)).toEqual(['error']);
    expect(invalid.body.error).toMatchObject({ code: 'VALIDATION_ERROR', fields: expect.any(Array) });
  });
});

describe('a public answer carries only what its schema declares', () => {
  it('a raffle query that returned money or buyer fields would not leak them', async () => {
    const raffle = await makeRaffle(t);
    const leaky = {
      ...raffle,
      buyer_cedula: 'V-99888777',
      buyer_phone: '0414-0000000',
      stats: { ...raffle.stats, total_paid_cents: 123, pending_cents: 456 },
    };
    const raffles = t.app.services.raffles;
    const get = vi.spyOn(raffles, 'get').mockResolvedValue(leaky);
    const list = vi.spyOn(raffles, 'list').mockResolvedValue([leaky]);
    try {
      const one = await t.api<PublicRaffle>('GET', `/api/raffles/${raffle.id}`);
      expect(one.status).toBe(200);
      const many = await t.api<PublicRaffle[]>('GET', '/api/raffles');
      for (const body of [one.body, many.body[0]]) {
        expect(body).not.toHaveProperty('buyer_cedula');
        expect(body).not.toHaveProperty('buyer_phone');
        expect(Object.keys(body.stats).sort()).toEqual(COUNT_KEYS);
        expect(body.name).toBe(raffle.name);
      }
    } finally {
      get.mockRestore();
      list.mockRestore();
    }
  });

  it('tracking drops what a query might add (ticket ids, contact data)', async () => {
    const tracked = trackedTicketSchema.parse({
      raffle_id: '00000000-0000-4000-8000-000000000001',
      raffle_name: 'Rifa',
      order_code: 'K7MA4Q3X',
      number: 7,
      ticket_number: '07',
      status: 'apartado',
      total_paid_cents: 0,
      remaining_cents: 500,
      reserved_until: null,
      review_hold_until: null,
      sales_closed: false,
      purchased_at: null,
      payments: [],
      buyer_name_masked: 'm*** p***',
      price_cents: 500,
      payment_type: 'pago_unico',
      installments: null,
      amount_due_cents: 500,
      has_pending_payment: false,
      verification_code: 'ABCD3467EF',
      instant_win_prize: null,
      receipt: {
        version: 1,
        raffle_id: '00000000-0000-4000-8000-000000000001',
        number: 7,
        line: `07:${'a'.repeat(64)}`,
        sold_at: '2026-11-26T12:00:00.000Z',
        held_until: null,
        signature: 'c2lnbmF0dXJl',
      },
    });
    const spy = vi
      .spyOn(t.app.services.tracking, 'findTickets')
      .mockResolvedValue([
        { ...tracked, id: 'secret-ticket-id', buyer_cedula: 'V-1', buyer_phone: '0414-1' } as typeof tracked,
      ]);
    try {
      const res = await t.api<TrackingResult>('POST', '/api/tracking', {
        body: { cedula: 'V-12345678', phone_last4: '4567' },
      });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.tickets[0]).sort()).toEqual(Object.keys(trackedTicketSchema.shape).sort());
    } finally {
      spy.mockRestore();
    }
  });

  it('the board carries exactly its declared keys', async () => {
    const raffle = await makeRaffle(t);
    const res = await t.api<Board>('GET', `/api/raffles/${raffle.id}/board`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(boardSchema.shape).sort());
  });

  it('an error keeps its extra fields (the taken numbers of a conflict)', async () => {
    const raffle = await makeRaffle(t);
    const body = { numbers: [5], buyer: buyer() };
    expect((await t.api('POST', `/api/raffles/${raffle.id}/reservations`, { body })).status).toBe(201);
    const taken = await t.api<ApiError>('POST', `/api/raffles/${raffle.id}/reservations`, { body });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'TICKETS_UNAVAILABLE', numbers: [5] });
  });
});
