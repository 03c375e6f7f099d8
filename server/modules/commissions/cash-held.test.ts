import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { AuditPage } from '../../../domain/audit';
import type { CashHandoverResult } from '../../../domain/cash-held';
import { cashCalls } from '../../test/cash-calls';
import { commissionWorld } from '../../test/commission-calls';
import { creditedReservation, creditedSale } from '../../test/commission-factories';
import type { TestApp } from '../../test/test-app';

// Cash held by vendedores (decision 062): recording it, handing it over, who may see it. Refunds out
// of it: cash-held-refunds.test.ts; the ranking and its Bs: cash-held-ranking.test.ts. On PGlite,
// and on PostgreSQL with TEST_DATABASE_URL.
let t: TestApp;
let admin: string;
let seller: { id: string; token: string };
let other: { id: string; token: string };

beforeAll(async () => {
  ({ t, admin, seller, other } = await commissionWorld());
});
afterAll(() => t?.close());

const { setTerms, ledgerOf, freshSeller, raffleCreatedBy, recordCash, cashOf, handover, payout } = cashCalls(
  () => ({ t, admin, seller }),
);

describe('cash a vendedor records by hand', () => {
  it('is not filed as a report an admin approves (it would not be held, its commission payable at once)', async () => {
    const me = await freshSeller();
    const sale = await creditedSale(t, me.id);
    await setTerms(sale.raffleId, { percent: 10 }, me.id);
    const file = (token: string, method: string) =>
      t.api<ApiError>('POST', '/api/payments', {
        token,
        body: {
          ticket_id: sale.ticketIds[0],
          amount_cents: 1000,
          payment_method: method,
          reference: '90062001',
        },
      });
    const cash = await file(me.token, 'efectivo');
    expect([cash.status, cash.body.error?.code]).toEqual([422, 'SELLER_CASH_RECORDED_BY_HAND']);
    expect(cash.body.error.message).toContain('«Registrar pago»');
    // A transfer the buyer sent to the business's bank is filed for the buyer as before.
    expect((await file(me.token, 'transfer')).status).toBe(201);
    expect((await cashOf(me.id)).held_cents).toBe(0);
  });

  // Audit of 2026-12-06: the same cash, filed without a token as the buyer's report (the vendedor
  // typed the buyer's cédula on their own sale), was approved by an admin, never held, and its
  // commission was payable at once.
  it("is held by the sale's vendedor when it comes as the buyer's cash report an admin approves", async () => {
    const me = await freshSeller();
    const sale = await creditedSale(t, me.id);
    await setTerms(sale.raffleId, { percent: 10 }, me.id);
    const asBuyer = await t.api<{ payment: { id: string } }>('POST', '/api/payments', {
      body: {
        ticket_id: sale.ticketIds[0],
        amount_cents: 1000,
        payment_method: 'efectivo',
        cedula: sale.cedula,
      },
    });
    expect(asBuyer.status).toBe(201);
    const approved = await t.api('PATCH', `/api/payments/${asBuyer.body.payment.id}`, {
      token: admin,
      body: { status: 'approved' },
    });
    expect(approved.status).toBe(200);
    expect(await cashOf(me.id)).toMatchObject({ held_cents: 1000, payments: 1, held_commission_cents: 100 });
    expect(await ledgerOf(me.id)).toMatchObject({ earned_cents: 100, held_cents: 100, balance_cents: 0 });
    // A buyer's transfer (to the business's bank) is the business's money: nothing held.
    const other = await creditedSale(t, me.id);
    const transfer = await t.api<{ payment: { id: string } }>('POST', '/api/payments', {
      body: {
        ticket_id: other.ticketIds[0],
        amount_cents: 1000,
        reference: '90062002',
        cedula: other.cedula,
      },
    });
    await t.api('PATCH', `/api/payments/${transfer.body.payment.id}`, {
      token: admin,
      body: { status: 'approved' },
    });
    expect((await cashOf(me.id)).held_cents).toBe(1000);
  });

  it('earns a held commission a payout cannot take, until an admin records the hand-over', async () => {
    const me = await freshSeller();
    const sale = await creditedSale(t, me.id, { numbers: [1, 2] });
    await setTerms(sale.raffleId, { percent: 12.5 }, me.id);
    const [first, second] = sale.ticketIds as [string, string];
    await recordCash(first, 1000, me.token);
    // "pagado" by the vendedor records the cash for what is owed, held the same way.
    const paid = await t.api('PATCH', `/api/tickets/${second}`, {
      token: me.token,
      body: { status: 'pagado' },
    });
    expect(paid.status).toBe(200);

    const held = await cashOf(me.id, me.token);
    expect(held).toMatchObject({
      held_cents: 2000,
      held_ves_cents: 80_000,
      payments: 2,
      held_commission_cents: 250,
      handovers: [],
    });
    expect(held.receipts.map((r) => [r.ticket_number, r.held_cents, r.method])).toEqual([
      ['01', 1000, 'efectivo'],
      ['02', 1000, 'efectivo'],
    ]);
    const ledger = await ledgerOf(me.id);
    expect(ledger).toMatchObject({ earned_cents: 250, held_cents: 250, balance_cents: 0 });

    const refused = await payout(me.id, 1);
    expect(refused.status).toBe(409);
    expect((refused.body as ApiError).error).toMatchObject({
      code: 'PAYOUT_EXCEEDS_BALANCE',
      balance_cents: 0,
    });

    // $15 handed over: the first payment in full, half of the second (oldest first).
    const key = randomUUID();
    const first15 = await handover(me.id, 1500, key);
    expect(first15.status).toBe(201);
    const result = first15.body as CashHandoverResult;
    expect(result.handover).toMatchObject({
      amount_cents: 1500,
      amount_ves_cents: 60_000,
      note: 'Entregado en la oficina',
      payments: 2,
    });
    expect(result.cash).toMatchObject({ held_cents: 500, payments: 1, held_commission_cents: 63 });
    expect(result.cash.receipts.map((r) => [r.ticket_number, r.held_cents])).toEqual([['02', 500]]);
    // Exact in cents: 125 freed on the first number; on the second, floor(12.5 % of 1000) −
    // floor(12.5 % of 500) = 125 − 62 = 63 waits for the $5 still held, 62 is freed.
    expect(await ledgerOf(me.id)).toMatchObject({ earned_cents: 250, held_cents: 63, balance_cents: 187 });

    // The same request again answers the same hand-over and takes nothing more.
    const again = await handover(me.id, 1500, key);
    expect(again.status).toBe(201);
    expect((again.body as CashHandoverResult).handover.id).toBe(result.handover.id);
    expect((await cashOf(me.id)).held_cents).toBe(500);
    const tooMuch = await handover(me.id, 501);
    expect(tooMuch.status).toBe(409);
    expect((tooMuch.body as ApiError).error).toMatchObject({
      code: 'HANDOVER_EXCEEDS_HELD',
      held_cents: 500,
    });
    expect((tooMuch.body as ApiError).error.message).toContain('$5,00');

    expect((await payout(me.id, 188)).status).toBe(409);
    expect((await payout(me.id, 187)).status).toBe(201);
    expect((await handover(me.id, 500)).status).toBe(201);
    const done = await cashOf(me.id);
    expect(done).toMatchObject({ held_cents: 0, payments: 0, held_commission_cents: 0, receipts: [] });
    expect(done.handovers.map((h) => h.amount_cents)).toEqual([500, 1500]);
    expect(await ledgerOf(me.id)).toMatchObject({
      earned_cents: 250,
      paid_out_cents: 187,
      held_cents: 0,
      balance_cents: 63,
    });
    const nothing = await handover(me.id, 1);
    expect(nothing.status).toBe(409);
    expect((nothing.body as ApiError).error.message).toBe('Este vendedor no tiene efectivo por entregar');
  });

  it('money an admin records is the business’s own: nothing held', async () => {
    const me = await freshSeller();
    const sale = await creditedSale(t, me.id);
    await setTerms(sale.raffleId, { percent: 10 }, me.id);
    await recordCash(sale.ticketIds[0] as string, 1000, admin);
    expect(await cashOf(me.id)).toMatchObject({ held_cents: 0, payments: 0, held_commission_cents: 0 });
    expect(await ledgerOf(me.id)).toMatchObject({ earned_cents: 100, held_cents: 0, balance_cents: 100 });
  });

  it('a vendedor recording cash on a raffle they own holds it too', async () => {
    const me = await freshSeller();
    const raffleId = await raffleCreatedBy(me);
    await setTerms(raffleId, { percent: 10 }, me.id);
    const sale = await creditedReservation(t, raffleId, me.id, [5]);
    await recordCash(sale.ticketIds[0] as string, 1000, me.token);
    expect(await cashOf(me.id)).toMatchObject({ held_cents: 1000, held_commission_cents: 100 });
  });
});

describe('hand-overs sent twice or at once', () => {
  it('the same request twice at once records one hand-over; two that together exceed the cash, one', async () => {
    const me = await freshSeller();
    const sale = await creditedSale(t, me.id, { numbers: [1, 2] });
    await setTerms(sale.raffleId, { percent: 10 }, me.id);
    await recordCash(sale.ticketIds[0] as string, 1000, me.token);
    const key = randomUUID();
    const [a, b] = await Promise.all([handover(me.id, 400, key), handover(me.id, 400, key)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((a.body as CashHandoverResult).handover.id).toBe((b.body as CashHandoverResult).handover.id);
    expect(await cashOf(me.id)).toMatchObject({ held_cents: 600, handovers: [{ amount_cents: 400 }] });
    const both = await Promise.all([handover(me.id, 400), handover(me.id, 400)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await cashOf(me.id)).held_cents).toBe(200);
    // The same key for another amount is refused, never applied as a new hand-over.
    const reused = await handover(me.id, 100, key);
    expect(reused.status).toBe(409);
    expect((reused.body as ApiError).error.code).toBe('HANDOVER_REQUEST_REUSED');
    // Audited as a staff action, like a payout.
    await t.app.services.audit.settled();
    const log = await t.api<AuditPage>('GET', '/api/audit', { token: admin });
    expect(log.body.entries.some((e) => e.action === 'POST /api/sellers/:id/cash-handovers')).toBe(true);
  });
});

describe('who may see and record it', () => {
  it('a vendedor sees only their own cash and cannot record a hand-over; anonymous 401', async () => {
    expect((await t.api('GET', `/api/sellers/${seller.id}/cash`, { token: seller.token })).status).toBe(200);
    const theirs = await t.api<ApiError>('GET', `/api/sellers/${seller.id}/cash`, { token: other.token });
    expect(theirs.status).toBe(403);
    expect(theirs.body.error.code).toBe('NOT_YOUR_LEDGER');
    expect((await t.api('GET', `/api/sellers/${seller.id}/cash`)).status).toBe(401);
    expect((await handover(seller.id, 100, randomUUID(), seller.token)).status).toBe(403);
    expect(
      (
        await t.api('POST', `/api/sellers/${seller.id}/cash-handovers`, {
          body: { amount_cents: 100, request_id: randomUUID() },
        })
      ).status,
    ).toBe(401);
    const invalid = await t.api<ApiError>('POST', `/api/sellers/${seller.id}/cash-handovers`, {
      token: admin,
      body: { amount_cents: 0, request_id: 'x' },
    });
    expect(invalid.status).toBe(422);
  });
});
