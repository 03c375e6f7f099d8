import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type {
  PublicCreatePaymentResult,
  ReviewedPayment,
  StaffPayment,
  TicketPayment,
} from '../../../domain/payments';
import type { ReservationResult } from '../../../domain/reservations';
import type { TicketPage } from '../../../domain/staff-tickets';
import { buyer, makeRaffle, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let raffleId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  raffleId = (await makeRaffle(t, { price_cents: 1000 })).id;
});
afterAll(() => t?.close());

let nextNumber = 0;
async function reservedTicket(cedula = 'V-7654321') {
  const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
    body: { numbers: [nextNumber++], buyer: buyer({ cedula }) },
  });
  return res.body.tickets[0] as { id: string; number: number };
}
const pay = <T = PublicCreatePaymentResult>(body: Record<string, unknown>, token?: string) =>
  t.api<T>('POST', '/api/payments', { body, token });

describe('POST /api/payments', () => {
  it('lets the buyer report a payment with their cedula', async () => {
    const ticket = await reservedTicket();
    const res = await pay({
      ticket_id: ticket.id,
      amount_cents: 400,
      cedula: 'v7.654.321',
      reference: 'REF-1',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      ticket: { id: ticket.id, status: 'apartado' },
      payment: {
        status: 'pending',
        amount_cents: 400,
        payment_method: 'transfer',
        reference: 'REF-1',
      },
    });
  });

  it('converts Bs to USD cents on the exact quotient, as the buyer’s form does: Bs 22,85 at 36,56 is $0,63', async () => {
    const rate = await t.api('PUT', '/api/exchange-rates/VES', {
      token: admin,
      body: { rate_to_usd: 36.56 },
    });
    expect(rate.status).toBe(200);
    const ticket = await reservedTicket();
    // $0,625 exactly, half away from zero; 2285 / 36.56 is 62.4999… in floating point.
    const res = await pay({ ticket_id: ticket.id, amount_ves_cents: 2285, cedula: 'V-7654321' });
    expect(res.status).toBe(201);
    expect(res.body.payment).toMatchObject({ amount_cents: 63, amount_ves_cents: 2285 });
  });

  it('answers the one error envelope in Spanish for a wrong cedula, a missing one, too much, or a free ticket', async () => {
    const ticket = await reservedTicket();
    const wrong = await pay<ApiError>({ ticket_id: ticket.id, amount_cents: 100, cedula: 'V-1111111' });
    expect(wrong.status).toBe(403);
    // {error:{code,message}} like every other module: no `success: false` beside it (issue 17).
    expect(wrong.body).toEqual({
      error: {
        code: 'CEDULA_MISMATCH',
        message: 'La cédula no coincide con la del comprador de este ticket.',
      },
    });
    expect((await pay({ ticket_id: ticket.id, amount_cents: 100 })).status).toBe(422);
    const tooMuch = await pay<ApiError>({ ticket_id: ticket.id, amount_cents: 1001, cedula: 'V-7654321' });
    expect(tooMuch.body.error.message).toBe('El monto supera lo que falta por pagar.');
    const board = await t.api<TicketPage>(
      'GET',
      `/api/raffles/${raffleId}/tickets?status=disponible&per_page=1`,
      {
        token: admin,
      },
    );
    // A number nobody holds has no sale to pay for.
    expect(board.body.items[0]).toMatchObject({ id: null, status: 'disponible' });
    const released = await reservedTicket();
    expect(
      (await t.api('PATCH', `/api/tickets/${released.id}`, { token: admin, body: { status: 'disponible' } }))
        .status,
    ).toBe(200);
    expect((await pay({ ticket_id: released.id, amount_cents: 100 }, admin)).status).toBe(409);
    const bad = await pay<ApiError>({ ticket_id: 'x', amount_cents: 0 });
    expect(bad.status).toBe(422);
    expect((await pay({ ticket_id: ticket.id, amount_cents: '1' })).status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['error']);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    const missing = await pay({
      ticket_id: '00000000-0000-4000-8000-000000000000',
      amount_cents: 1,
      cedula: 'V-1234567',
    });
    expect(missing.status).toBe(404);
  });

  it('rejects a payment proof that is not an uploaded file', async () => {
    const ticket = await reservedTicket();
    const res = await pay({
      ticket_id: ticket.id,
      amount_cents: 100,
      cedula: 'V-7654321',
      payment_proof: '/etc/passwd',
    });
    expect(res.status).toBe(422);
  });
});

describe('reviewing payments', () => {
  it('approving adds the amount once; full payment makes the ticket pagado', async () => {
    const ticket = await reservedTicket();
    const p1 = (await pay({ ticket_id: ticket.id, amount_cents: 600, cedula: 'V-7654321' })).body.payment;
    const approved = await t.api<ReviewedPayment>('PATCH', `/api/payments/${p1.id}`, {
      token: admin,
      body: { status: 'approved', notes: 'Verificado' },
    });
    expect(approved.status).toBe(200);
    // Spanish, with the amount as Spanish readers write it (issue 18, fix 7).
    expect(approved.body.notes).toMatch(/^Verificado\nPago aprobado: \$\s?6,00/);
    expect(approved.body.ticket).toMatchObject({
      status: 'abonado',
      total_paid_cents: 600,
      remaining_cents: 400,
    });
    // A decided payment is final: approving it again changes nothing and says so.
    const again = await t.api<ApiError>('PATCH', `/api/payments/${p1.id}`, {
      token: admin,
      body: { status: 'approved' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('PAYMENT_ALREADY_DECIDED');
    const p2 = (await pay({ ticket_id: ticket.id, amount_cents: 400, cedula: 'V-7654321' })).body.payment;
    const done = await t.api<ReviewedPayment>('PATCH', `/api/payments/${p2.id}`, {
      token: admin,
      body: { status: 'approved' },
    });
    expect(done.body.ticket).toMatchObject({ status: 'pagado', total_paid_cents: 1000, remaining_cents: 0 });
    const history = await t.api<TicketPayment[]>('GET', `/api/tickets/${ticket.id}/payments`, {
      token: admin,
    });
    expect(history.body.map((p: { id: string }) => p.id)).toEqual([p2.id, p1.id]);
    const locked = await t.api<ApiError>('PATCH', `/api/payments/${p1.id}`, {
      token: admin,
      body: { status: 'rejected' },
    });
    expect(locked.status).toBe(409);
    expect(locked.body.error.code).toBe('PAYMENT_ALREADY_DECIDED');
  });

  it('takes only a decision: "pending" is refused, not written down as a rejection', async () => {
    const ticket = await reservedTicket();
    const payment = (await pay({ ticket_id: ticket.id, amount_cents: 1000, cedula: 'V-7654321' })).body
      .payment;
    const undecided = await t.api<ApiError>('PATCH', `/api/payments/${payment.id}`, {
      token: admin,
      body: { status: 'pending' },
    });
    expect(undecided.status).toBe(400);
    const approved = await t.api<ReviewedPayment>('PATCH', `/api/payments/${payment.id}`, {
      token: admin,
      body: { status: 'approved' },
    });
    expect(approved.body.notes).toMatch(/^Pago aprobado/);
  });

  it('lists pending payments newest first with their ticket, for admins only', async () => {
    const ticket = await reservedTicket();
    const p = (await pay({ ticket_id: ticket.id, amount_cents: 100, cedula: 'V-7654321' })).body.payment;
    const res = await t.api<StaffPayment[]>('GET', '/api/payments?status=pending', { token: admin });
    expect(res.body[0]).toMatchObject({
      id: p.id,
      ticket: { id: ticket.id, number: ticket.number, buyer_name: 'maría pérez' },
    });
    expect(res.body.every((x: { status: string }) => x.status === 'pending')).toBe(true);
    const seller = await makeUser(t);
    expect((await t.api('GET', '/api/payments', { token: seller.token })).status).toBe(403);
    expect(
      (await t.api('PATCH', `/api/payments/${p.id}`, { token: seller.token, body: { status: 'approved' } }))
        .status,
    ).toBe(403);
    expect((await t.api('GET', '/api/payments')).status).toBe(401);
    const rejected = await t.api<ReviewedPayment>('PATCH', `/api/payments/${p.id}`, {
      token: admin,
      body: { status: 'rejected' },
    });
    expect(rejected.body).toMatchObject({ status: 'rejected', ticket: null });
    expect(
      (await t.api('PATCH', `/api/payments/${p.id}`, { token: admin, body: { status: 'paid' } })).status,
    ).toBe(400);
  });
});

describe('a proof sent with the reservation', () => {
  it('becomes one pending payment for the order: each number its first cuota, not flagged against the same buyer', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'comprobante.png');
    const uploaded = (await (
      await fetch(`${t.baseUrl}/api/uploads`, { method: 'POST', body: form })
    ).json()) as {
      fileUrl: string;
    };
    const cuotas = await makeRaffle(t, { price_cents: 1000, payment_type: 'cuotas', installments: 4 });
    const res = await t.api('POST', `/api/raffles/${cuotas.id}/reservations`, {
      body: {
        numbers: [1, 2],
        buyer: buyer(),
        payment_method: 'pago_movil',
        payment_proof: uploaded.fileUrl,
      },
    });
    expect(res.status).toBe(201);
    const pending = (
      await t.api<StaffPayment[]>('GET', '/api/payments?status=pending', { token: admin })
    ).body.filter((p: { payment_proof: string | null }) => p.payment_proof === uploaded.fileUrl);
    expect(pending).toHaveLength(1);
    for (const payment of pending) {
      expect(payment.parts.map((p) => p.amount_cents)).toEqual([250, 250]);
      expect(payment).toMatchObject({
        amount_cents: 500,
        payment_method: 'pago_movil',
        duplicate_of: null,
        notes: 'Comprobante enviado al apartar los números',
      });
    }
  });
});
