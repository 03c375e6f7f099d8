import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ApiValidationError } from '../../../domain/api';
import { makeRaffle } from '../../test/factories';
import { ledgerCalls } from '../../test/ledger-calls';
import { createTestApp, type TestApp } from '../../test/test-app';

// What a staff PATCH of a sale may carry about money: each money field goes only with the status
// that reads it, and an amount gets one message saying what is wrong with it.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const { reserve, patch, ticket, ledger, first } = ledgerCalls(() => ({ t, admin }));

describe('money fields of a status change', () => {
  it('an amount goes only with abonado: alone or with another status it is refused (422) and nothing moves', async () => {
    const raffle = await makeRaffle(t, { price_cents: 1000 });
    const tk = first(await reserve(raffle.id, [12]));
    for (const body of [
      { amount_cents: 250 },
      { amount_cents: 250, payment_method: 'zelle' },
      { status: 'pagado', amount_cents: 250 },
      { status: 'apartado', amount_cents: 250 },
    ]) {
      const res = await patch<ApiError>(tk.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(/abonado/),
        fields: [{ path: 'amount_cents', message: expect.stringMatching(/Registrar pago/) }],
      });
    }
    expect(await ticket(tk.id)).toMatchObject({ status: 'apartado', total_paid_cents: 0 });
    expect(await ledger(tk.id)).toEqual([]);
  });

  it('a refund decision goes only with a status that gives the money back (422 otherwise, nothing moves)', async () => {
    const raffle = await makeRaffle(t, { price_cents: 1000 });
    const tk = first(await reserve(raffle.id, [14]));
    await patch(tk.id, { status: 'abonado', amount_cents: 400 });
    const refund = { amount_cents: 400, reason: 'Se equivocó de número' };
    for (const body of [
      { refund },
      { no_refund_reason: 'Queda como abono' },
      { status: 'pagado', refund },
      { status: 'abonado', amount_cents: 100, no_refund_reason: 'Queda como abono' },
    ]) {
      const res = await patch<ApiError>(tk.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: [{ message: expect.stringMatching(/Reembolsar/) }],
      });
    }
    expect(await ticket(tk.id)).toMatchObject({ status: 'abonado', total_paid_cents: 400 });
    // With a status that gives it back, the same refund is taken.
    const back = await patch(tk.id, { status: 'apartado', refund });
    expect(back.status).toBe(200);
    expect(await ticket(tk.id)).toMatchObject({ status: 'apartado', total_paid_cents: 0 });
  });

  it('an amount out of range or not whole gets one message saying which', async () => {
    const raffle = await makeRaffle(t, { price_cents: 1000 });
    const tk = first(await reserve(raffle.id, [13]));
    await patch(tk.id, { status: 'abonado', amount_cents: 100 });
    const send = (path: string, body: Record<string, unknown>) =>
      t.api<ApiValidationError>(path === '' ? 'PATCH' : 'POST', `/api/tickets/${tk.id}${path}`, {
        token: admin,
        body,
      });
    const cases: [string, (amount: number) => Record<string, unknown>][] = [
      ['', (amount) => ({ status: 'abonado', amount_cents: amount })],
      ['', (amount) => ({ status: 'apartado', refund: { amount_cents: amount, reason: 'Error' } })],
      ['/payments', (amount) => ({ amount_cents: amount })],
      ['/refunds', (amount) => ({ amount_cents: amount, reason: 'Error' })],
    ];
    for (const [path, body] of cases)
      for (const [amount, message] of [
        [1e20, 'El monto no puede pasar de $1.000.000,00'],
        [-1e20, 'El monto debe ser mayor que cero'],
        [100_000_001, 'El monto no puede pasar de $1.000.000,00'],
        [2.5, 'El monto debe ser un entero de céntimos'],
      ] as const) {
        const res = await send(path, body(amount));
        expect(res.status, `${path} ${amount}`).toBe(amount === 2.5 ? 400 : 422);
        expect(
          res.body.error.fields.map((f) => f.message),
          `${path} ${amount}`,
        ).toEqual([message]);
      }
    expect(await ticket(tk.id)).toMatchObject({ status: 'abonado', total_paid_cents: 100 });
  });
});
