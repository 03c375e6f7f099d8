import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { OrderView } from '../../../domain/orders';
import type { StaffPayment } from '../../../domain/payments';
import { caracasDate } from '../../../domain/rates';
import type { StaffTicket } from '../../../domain/staff-tickets';
import { makeRaffle, makeUser } from '../../test/factories';
import { ledgerCalls } from '../../test/ledger-calls';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue 18: money only moves through recorded payments and refunds.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const { reserve, patch, ticket, ledger, first } = ledgerCalls(() => ({ t, admin }));

describe('staff cannot write money figures', () => {
  it('refuses total_paid_cents and remaining_cents by name (400), and nothing changes', async () => {
    const raffle = await makeRaffle(t, { price_cents: 1000 });
    const tk = first(await reserve(raffle.id, [1]));
    for (const body of [
      { status: 'abonado', total_paid_cents: 100_000_000, amount_cents: 100 },
      { total_paid_cents: 1, reserved_until: '2030-01-01T00:00:00Z' },
      { remaining_cents: 0 },
    ]) {
      const res = await patch<ApiError>(tk.id, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/total_paid_cents|remaining_cents/);
    }
    expect(await ticket(tk.id)).toMatchObject({
      status: 'apartado',
      total_paid_cents: 0,
      remaining_cents: 1000,
    });
  });

  it('the database recomputes paid and owed from the ledger whatever a statement writes', async () => {
    const raffle = await makeRaffle(t, { price_cents: 1000 });
    const tk = first(await reserve(raffle.id, [2]));
    await t.db.execute(
      sql`update tickets set total_paid_cents = 99999, remaining_cents = 0 where id = ${tk.id}`,
    );
    expect(await ticket(tk.id)).toMatchObject({ total_paid_cents: 0, remaining_cents: 1000 });
  });
});

describe('status changes record money', () => {
  it('pagado records an approved payment for what is owed (method from the dialog, default efectivo)', async () => {
    const raffle = await makeRaffle(t, { price_cents: 1000 });
    const tk = first(await reserve(raffle.id, [3]));
    const res = await patch(tk.id, { status: 'pagado', payment_method: 'pago_movil' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'pagado', total_paid_cents: 1000, remaining_cents: 0 });
    const entries = await ledger(tk.id);
    expect(entries).toEqual([
      expect.objectContaining({
        kind: 'payment',
        status: 'approved',
        amount_cents: 1000,
        payment_method: 'pago_movil',
        recorded_by_staff: true,
      }),
    ]);
    // Entries are immutable: a correction is a new entry (a refund), never an edit.
    await expect(t.db.execute(sql`delete from payment_parts where ticket_id = ${tk.id}`)).rejects.toThrow();
    const cash = first(await reserve(raffle.id, [4]));
    await patch(cash.id, { status: 'pagado' });
    expect(await ledger(cash.id)).toEqual([
      expect.objectContaining({ payment_method: 'efectivo', amount_cents: 1000 }),
    ]);
  });

  it('abonado asks for the amount and records it; an amount covering all makes it pagado', async () => {
    const raffle = await makeRaffle(t, { price_cents: 1000, payment_type: 'cuotas', installments: 4 });
    const tk = first(await reserve(raffle.id, [5]));
    const missing = await patch<ApiError>(tk.id, { status: 'abonado' });
    expect(missing.status).toBe(422);
    expect(missing.body.error.message).toMatch(/monto/);
    const res = await patch(tk.id, { status: 'abonado', amount_cents: 250 });
    expect(res.body).toMatchObject({ status: 'abonado', total_paid_cents: 250, remaining_cents: 750 });
    const tooMuch = await patch<ApiError>(tk.id, { status: 'abonado', amount_cents: 800 });
    expect(tooMuch.status).toBe(422); // one more abono, beyond what is owed
    expect(tooMuch.body.error.code).toBe('AMOUNT_TOO_HIGH');
    const over = await t.api<ApiError>('POST', `/api/tickets/${tk.id}/payments`, {
      token: admin,
      body: { amount_cents: 800 },
    });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe('AMOUNT_TOO_HIGH');
    const rest = await t.api<{ ticket: StaffTicket }>('POST', `/api/tickets/${tk.id}/payments`, {
      token: admin,
      body: { amount_cents: 750, payment_method: 'zelle', note: 'Resto en Zelle' },
    });
    expect(rest.status).toBe(201);
    expect(rest.body.ticket).toMatchObject({ status: 'pagado', total_paid_cents: 1000, remaining_cents: 0 });
  });

  it('taking money back needs a refund or an explicit "sin reembolso"; the figures follow', async () => {
    const raffle = await makeRaffle(t, { price_cents: 1000 });
    const tk = first(await reserve(raffle.id, [6]));
    await patch(tk.id, { status: 'pagado' });
    const silent = await patch<ApiError>(tk.id, { status: 'apartado' });
    expect(silent.status).toBe(422);
    expect(silent.body.error.code).toBe('REFUND_DECISION_REQUIRED');
    const back = await patch(tk.id, {
      status: 'apartado',
      refund: { amount_cents: 1000, reason: 'Pago duplicado' },
    });
    expect(back.body).toMatchObject({ status: 'apartado', total_paid_cents: 0, remaining_cents: 1000 });
    expect((await ledger(tk.id)).map((e) => e.kind).sort()).toEqual(['payment', 'refund']);

    const kept = first(await reserve(raffle.id, [7]));
    await patch(kept.id, { status: 'abonado', amount_cents: 400 });
    const cancelled = await patch(kept.id, {
      status: 'cancelado',
      no_refund_reason: 'El comprador desistió',
    });
    expect(cancelled.body).toMatchObject({ status: 'cancelado', total_paid_cents: 400 });
    const released = first(await reserve(raffle.id, [8]));
    await patch(released.id, { status: 'abonado', amount_cents: 400 });
    expect((await patch<ApiError>(released.id, { status: 'disponible' })).body.error.code).toBe(
      'REFUND_DECISION_REQUIRED',
    );
    const refunded = await patch(released.id, {
      status: 'disponible',
      refund: { amount_cents: 400, reason: 'Devuelto' },
    });
    expect(refunded.status).toBe(200);
    const history = await t.api<{ items: { note: string | null }[] }>(
      'GET',
      `/api/history?ticket_id=${released.id}`,
      { token: admin },
    );
    expect(history.body.items.map((i) => i.note).join(' | ')).toMatch(/Reembolso de .*Devuelto/);
  });

  it('back to apartado refunds all that was paid: a smaller refund or none is refused, nothing moves', async () => {
    const raffle = await makeRaffle(t, { price_cents: 1000 });
    const tk = first(await reserve(raffle.id, [10]));
    await patch(tk.id, { status: 'pagado' });
    for (const decision of [
      { refund: { amount_cents: 100, reason: 'Devuelve una parte' } },
      { no_refund_reason: 'Se queda el dinero' },
    ]) {
      const refused = await patch<ApiError>(tk.id, { status: 'apartado', ...decision });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({
        code: 'REFUND_MUST_BE_FULL',
        message:
          'Un número apartado no tiene pagos: para volver a apartado, reembolsa todo lo pagado ($10,00).',
      });
    }
    expect(await ticket(tk.id)).toMatchObject({
      status: 'pagado',
      total_paid_cents: 1000,
      remaining_cents: 0,
    });
    expect((await ledger(tk.id)).map((e) => e.kind)).toEqual(['payment']);
    // Released, the sale ends: keeping part of the money there is a decision staff may take.
    const released = await patch(tk.id, {
      status: 'disponible',
      refund: { amount_cents: 100, reason: 'Parte' },
    });
    expect(released.status).toBe(200);
  });

  it('a refund never exceeds what was paid; POST /refunds records one on its own', async () => {
    const raffle = await makeRaffle(t, { price_cents: 1000 });
    const tk = first(await reserve(raffle.id, [9]));
    await patch(tk.id, { status: 'pagado' });
    const tooMuch = await t.api<ApiError>('POST', `/api/tickets/${tk.id}/refunds`, {
      token: admin,
      body: { amount_cents: 1001, reason: 'Error' },
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.code).toBe('REFUND_TOO_HIGH');
    const part = await t.api<{ ticket: StaffTicket }>('POST', `/api/tickets/${tk.id}/refunds`, {
      token: admin,
      body: { amount_cents: 300, reason: 'Descuento acordado' },
    });
    expect(part.status).toBe(201);
    expect(part.body.ticket).toMatchObject({
      status: 'abonado',
      total_paid_cents: 700,
      remaining_cents: 300,
    });
  });

  it('staff extend a reservation only within the raffle closing date', async () => {
    const closing = new Date(Date.now() + 3 * 86_400_000);
    const raffle = await makeRaffle(t, { price_cents: 1000, closing_date: closing.toISOString() });
    const tk = first(await reserve(raffle.id, [10]));
    const past = await patch<ApiError>(tk.id, { reserved_until: '9999-12-31T00:00:00Z' });
    expect(past.status).toBe(422);
    expect(past.body.error.code).toBe('RESERVED_UNTIL_OUT_OF_RANGE');
    const within = new Date(Date.now() + 86_400_000).toISOString();
    expect((await patch(tk.id, { reserved_until: within })).status).toBe(200);
  });

  it('a vendedor records money only on raffles they manage', async () => {
    const vendedor = await makeUser(t, { role: 'vendedor' });
    const raffle = await makeRaffle(t, { price_cents: 1000 });
    const tk = first(await reserve(raffle.id, [11]));
    const res = await t.api('POST', `/api/tickets/${tk.id}/payments`, {
      token: vendedor.token,
      body: { amount_cents: 100 },
    });
    expect(res.status).toBe(403);
  });
});

describe('one payment per order', () => {
  it('a reservation is an order with a code; one Bs payment is spread over its numbers', async () => {
    const raffle = await makeRaffle(t, { price_cents: 500, payment_type: 'cuotas', installments: 2 });
    expect(
      (await t.api('PUT', '/api/exchange-rates/VES', { token: admin, body: { rate_to_usd: 40 } })).status,
    ).toBe(200);
    const reservation = await reserve(raffle.id, [20, 21, 22], 'V-9999999');
    expect(reservation.order).toMatchObject({
      code: expect.stringMatching(/^[346789A-Z]{8}$/),
      total_cents: 1500,
    });
    const code = reservation.order.code;
    const view = await t.api<OrderView>(
      'GET',
      `/api/orders/${code.slice(0, 3)}-${code.slice(3)}?cedula=V-9999999`,
    );
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ code, total_cents: 1500, owed_cents: 1500, due_now_cents: 750 });
    // Each number's verification code, the same the reservation answered (the buyer's own page).
    expect(view.body.tickets.map((tk) => tk.verification_code)).toEqual(
      reservation.tickets.map((tk) => tk.verification_code),
    );
    expect(view.body.tickets[0]?.verification_code).toMatch(/^[346789A-Z]{10}$/);
    expect((await t.api('GET', `/api/orders/${code}?cedula=V-1234567`)).status).toBe(404);
    // The buyer's pago móvil of 300 Bs, as the order's payment form sends it.
    const pagoMovil = {
      order_code: code,
      cedula: 'V-9999999',
      amount_ves_cents: 30_000,
      payment_method: 'pago_movil',
      bank_code: '0134',
      reference: '00123456',
      payer_phone: '04141234567',
      paid_on: '2026-11-25',
    };
    // 0,01 Bs is no dollar cent at 40 Bs/USD: too little, said so on its field.
    const tooLittle = await t.api<ApiError>('POST', '/api/payments', {
      body: { ...pagoMovil, amount_ves_cents: 1, reference: '00123455' },
    });
    expect(tooLittle.status).toBe(422);
    expect(tooLittle.body.error).toMatchObject({
      code: 'AMOUNT_TOO_LOW',
      message: 'El monto en bolívares no llega a un céntimo de dólar a la tasa del día.',
      fields: [{ path: 'amount_ves_cents' }],
    });
    // A transfer dated tomorrow (in Caracas) is refused on its field.
    const tomorrow = await t.api<ApiError>('POST', '/api/payments', {
      body: { ...pagoMovil, paid_on: caracasDate(new Date(Date.now() + 24 * 3_600_000)) },
    });
    expect(tomorrow.status).toBe(422);
    expect(tomorrow.body.error.fields).toEqual([
      expect.objectContaining({ path: 'paid_on', message: 'La fecha del pago no puede ser futura.' }),
    ]);
    // 300 Bs at 40 Bs/USD = $7.50: first cuota (2.50) of each number, in number order.
    const paid = await t.api<{ payment: { amount_cents: number; order_code: string } }>(
      'POST',
      '/api/payments',
      { body: pagoMovil },
    );
    expect(paid.status).toBe(201);
    expect(paid.body.payment).toMatchObject({ amount_cents: 750, order_code: code });
    const card = (
      await t.api<StaffPayment[]>('GET', '/api/payments?status=pending', { token: admin })
    ).body.find((p) => p.order_code === code);
    expect(card?.parts.map((p) => [p.number, p.amount_cents])).toEqual([
      [20, 250],
      [21, 250],
      [22, 250],
    ]);
    expect(card).toMatchObject({ bank_code: '0134', amount_ves_cents: 30_000, surplus: false });
    const approved = await t.api<{ tickets: { status: string; total_paid_cents: number }[]; notes: string }>(
      'PATCH',
      `/api/payments/${card?.id}`,
      { token: admin, body: { status: 'approved' } },
    );
    expect(approved.body.tickets.map((tk) => [tk.status, tk.total_paid_cents])).toEqual([
      ['abonado', 250],
      ['abonado', 250],
      ['abonado', 250],
    ]);
    // Spanish notes with Spanish amounts (fix 7).
    expect(approved.body.notes).toMatch(/Pago aprobado: \$\s?7,50 \/ Bs 300,00/);
  });

  it("a number given to another buyer keeps its order, but the first buyer's page shows none of their payments", async () => {
    const raffle = await makeRaffle(t, { price_cents: 1000 });
    const reservation = await reserve(raffle.id, [40, 41], 'V-9999991');
    const [kept, given] = reservation.tickets as (StaffTicket & { id: string })[];
    expect(
      (await patch(kept?.id ?? '', { status: 'abonado', amount_cents: 300, note: 'Abono de X' })).status,
    ).toBe(200);
    expect((await patch(given?.id ?? '', { buyer_cedula: 'V-4444444' })).status).toBe(200);
    const theirs = await patch(given?.id ?? '', {
      status: 'abonado',
      amount_cents: 700,
      payment_method: 'pago_movil',
    });
    expect(theirs.status).toBe(200);
    const view = await t.api<OrderView>('GET', `/api/orders/${reservation.order.code}?cedula=V-9999991`);
    expect(view.status).toBe(200);
    expect(view.body.tickets.map((tk) => tk.number)).toEqual([40]);
    expect(view.body.payments.map((p) => p.amount_cents)).toEqual([300]);
  });

  it('a pending payment on a number since paid in full shows as Sobrante', async () => {
    const raffle = await makeRaffle(t, { price_cents: 1000 });
    const reservation = await reserve(raffle.id, [30], 'V-8888888');
    const tk = first(reservation);
    const p = await t.api<{ payment: { id: string } }>('POST', '/api/payments', {
      body: { ticket_id: tk.id, amount_cents: 1000, cedula: 'V-8888888', reference: '55667788' },
    });
    await patch(tk.id, { status: 'pagado' });
    const card = (
      await t.api<StaffPayment[]>('GET', '/api/payments?status=pending', { token: admin })
    ).body.find((x) => x.id === p.body.payment.id);
    expect(card?.surplus).toBe(true);
  });
});

describe('the test bench checks the ledger live', () => {
  it('passes on a balanced ledger and names a sale whose stored figure was bent', async () => {
    const raffle = await makeRaffle(t, { price_cents: 1000 });
    const tk = first(await reserve(raffle.id, [40]));
    await patch(tk.id, { status: 'pagado' });
    const check = async () =>
      (
        await t.api<{ checks: { kind: string; ok: boolean; result: { detail: string } }[] }>(
          'POST',
          '/api/test-bench/checks',
          { token: admin },
        )
      ).body.checks.find((r) => r.kind === 'ledger');
    expect(await check()).toMatchObject({ ok: true });
    // Only by switching the database's own rule off can a figure be bent; the check sees it.
    await t.db.execute(sql`alter table tickets disable trigger tickets_money_from_ledger`);
    try {
      await t.db.execute(
        sql`update tickets set total_paid_cents = 1, remaining_cents = 999 where id = ${tk.id}`,
      );
      const bent = await check();
      expect(bent?.ok).toBe(false);
      expect(bent?.result.detail).toMatch(/#40/);
    } finally {
      await t.db.execute(sql`alter table tickets enable trigger tickets_money_from_ledger`);
      await t.db.execute(sql`update tickets set total_paid_cents = 0 where id = ${tk.id}`);
    }
  });
});
