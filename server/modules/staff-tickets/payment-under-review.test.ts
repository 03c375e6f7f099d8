import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { BulkReleaseResult } from '../../../domain/bulk-release';
import type { PublicCreatePaymentResult, ReviewedPayment } from '../../../domain/payments';
import type { ReservationResult } from '../../../domain/reservations';
import type { StaffTicket } from '../../../domain/staff-tickets';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assignSellers, makeSeller, type Seller } from '../seller-network/seller-test-helpers';

// A review (2026-12-01): a vendedor credited with a sale released it while the buyer's real pago
// móvil waited for the admin (nothing approved yet, so no refund was asked), sold the number again
// by hand, and the buyer's payment could no longer be approved (409 TICKET_CHANGED): the buyer paid
// and lost the number. A payment in review is now decided before its sale is released or cancelled.
let t: TestApp;
let admin: string;
let carla: Seller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  carla = await makeSeller(t, admin, 'Carla Rojas');
});
afterAll(() => t?.close());

describe('a number whose buyer’s payment is in review', () => {
  it('is not released or cancelled, one by one or in bulk, until the admin decides the payment', async () => {
    const raffleId = (await makeRaffle(t, { price_cents: 1000 })).id;
    await assignSellers(t, admin, raffleId, [carla.user.id]);
    const reserve = async (number: number) => {
      const res = await t.api<ReservationResult>('POST', `/api/raffles/${raffleId}/reservations`, {
        body: { numbers: [number], buyer: buyer({ cedula: 'V-7300001' }), seller_code: carla.code },
      });
      expect(res.status).toBe(201);
      return res.body.tickets[0] as { id: string };
    };
    const report = (ticketId: string, reference: string, amount = 1000) =>
      t.api<PublicCreatePaymentResult>('POST', '/api/payments', {
        body: {
          ticket_id: ticketId,
          amount_cents: amount,
          cedula: 'V-7300001',
          payment_method: 'pago_movil',
          payer_phone: '0414-1234567',
          reference,
        },
      });
    const a = await reserve(7);
    const b = await reserve(8);
    const free = await reserve(9);
    const paidA = await report(a.id, '44556677');
    // Even a report short of what is due: the admin reads it before the number goes.
    expect((await report(b.id, '44556688', 300)).status).toBe(201);

    for (const [token, status] of [
      [carla.token, 'disponible'],
      [carla.token, 'cancelado'],
      [admin, 'disponible'],
    ] as const) {
      const res = await t.api<ApiError>('PATCH', `/api/tickets/${a.id}`, { token, body: { status } });
      expect([res.status, res.body.error?.code], status).toEqual([409, 'PAYMENT_UNDER_REVIEW']);
      expect(res.body.error.message).toContain('pago del comprador en revisión');
    }
    const bulk = await t.api<BulkReleaseResult>('POST', `/api/raffles/${raffleId}/tickets/release`, {
      token: carla.token,
      body: { numbers: [7, 8, 9] },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.released).toBe(1); // 9: nothing in review
    expect(bulk.body.skipped.map((s) => [s.number, s.reason])).toEqual([
      [7, 'PAYMENT_UNDER_REVIEW'],
      [8, 'PAYMENT_UNDER_REVIEW'],
    ]);
    const nine = await t.api<StaffTicket>('GET', `/api/tickets/${free.id}`, { token: admin });
    expect(nine.body.status).toBe('disponible');

    // Decided, the buyer's payment pays the number; a rejected one lets it go.
    const approved = await t.api<ReviewedPayment>('PATCH', `/api/payments/${paidA.body.payment.id}`, {
      token: admin,
      body: { status: 'approved' },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.ticket).toMatchObject({ status: 'pagado' });
    const pendingB = (await t.api<{ id: string }[]>('GET', `/api/tickets/${b.id}/payments`, { token: admin }))
      .body;
    for (const p of pendingB) {
      const rejected = await t.api('PATCH', `/api/payments/${p.id}`, {
        token: admin,
        body: { status: 'rejected', reason: 'No aparece en el banco' },
      });
      expect(rejected.status).toBe(200);
    }
    const released = await t.api('PATCH', `/api/tickets/${b.id}`, {
      token: carla.token,
      body: { status: 'disponible' },
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
  });
});
