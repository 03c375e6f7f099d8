import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffPayment } from '../../../domain/payments';
import type { StatementUploadResult } from '../../../domain/reconciliation';
import type { ReservationResult } from '../../../domain/reservations';
import { buyer, makeRaffle } from '../../test/factories';
import { uploadStatement } from '../../test/statements';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue 18: a statement row with no payment yet is kept; when a buyer later reports that reference,
// the reviewer sees the payment "confirmado por el banco".
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

describe('a credit the bank showed before the buyer reported it', () => {
  it('marks the later payment as confirmed by the bank (the statement prints a longer reference)', async () => {
    const csv = 'Fecha;Referencia;Concepto;Monto\n25/11/2026;004598761234;Pago movil recibido;1.227,50\n';
    const upload = await uploadStatement<StatementUploadResult>(t, Buffer.from(csv), { token: admin });
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ rows: 1, unreported: 1 });

    const raffle = await makeRaffle(t, { price_cents: 1000 });
    const reserve = async (n: number, cedula: string) =>
      (
        await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
          body: { numbers: [n], buyer: buyer({ cedula }) },
        })
      ).body.tickets[0]?.id;
    const pay = async (ticketId: string | undefined, cedula: string, reference: string) =>
      (
        await t.api<{ payment: { id: string } }>('POST', '/api/payments', {
          body: { ticket_id: ticketId, amount_cents: 500, cedula, reference, payment_method: 'pago_movil' },
        })
      ).body.payment.id;
    const confirmed = await pay(await reserve(1, 'V-3100000'), 'V-3100000', '98761234');
    const unknown = await pay(await reserve(2, 'V-3200000'), 'V-3200000', '11112222');
    const list = (await t.api<StaffPayment[]>('GET', '/api/payments?status=pending', { token: admin })).body;
    expect(list.find((p) => p.id === confirmed)?.bank_confirmed).toBe(true);
    expect(list.find((p) => p.id === unknown)?.bank_confirmed).toBe(false);
  });
});
