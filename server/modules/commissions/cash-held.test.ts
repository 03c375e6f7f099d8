import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { AuditPage } from '../../../domain/audit';
import type { CashHandoverResult, SellerCash } from '../../../domain/cash-held';
import type { PayoutResult, SellerRanking } from '../../../domain/commissions';
import type { HistoryPage } from '../../../domain/staff-tickets';
import { commissionCalls, commissionWorld } from '../../test/commission-calls';
import { assignSeller, creditedReservation, creditedSale } from '../../test/commission-factories';
import { makeUser, raffleInput } from '../../test/factories';
import type { TestApp } from '../../test/test-app';

// Cash held by vendedores (decision 062). On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
let t: TestApp;
let admin: string;
let seller: { id: string; token: string };
let other: { id: string; token: string };

beforeAll(async () => {
  ({ t, admin, seller, other } = await commissionWorld());
});
afterAll(() => t?.close());

const { setTerms, buyerPaysApproved, refund, ledgerOf } = commissionCalls(
  () => ({ t, admin, seller }),
  (actual, wanted) => expect(actual).toBe(wanted),
);

async function freshSeller() {
  const made = await makeUser(t, { role: 'vendedor' });
  return { id: made.user.id, token: made.token };
}

/** A $10-a-number raffle the vendedor created: they own it. */
async function raffleCreatedBy(vendedor: { token: string }) {
  const raffle = await t.api<{ id: string }>('POST', '/api/raffles', {
    token: vendedor.token,
    body: raffleInput({ price_cents: 1000 }),
  });
  expect(raffle.status).toBe(201);
  return raffle.body.id;
}

async function recordCash(ticketId: string, amountCents: number, token: string) {
  const res = await t.api('POST', `/api/tickets/${ticketId}/payments`, {
    token,
    body: { amount_cents: amountCents, payment_method: 'efectivo' },
  });
  expect(res.status).toBe(201);
}

async function cashOf(sellerId: string, token = admin) {
  const res = await t.api<SellerCash>('GET', `/api/sellers/${sellerId}/cash`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

const handover = (sellerId: string, amountCents: number, requestId: string = randomUUID(), token = admin) =>
  t.api<CashHandoverResult | ApiError>('POST', `/api/sellers/${sellerId}/cash-handovers`, {
    token,
    body: { amount_cents: amountCents, note: 'Entregado en la oficina', request_id: requestId },
  });

async function refundBy(
  ticketId: string,
  amountCents: number,
  token: string,
  fromSellerCash?: boolean,
  reason = 'Devolución',
) {
  const res = await t.api('POST', `/api/tickets/${ticketId}/refunds`, {
    token,
    body: { amount_cents: amountCents, reason, from_seller_cash: fromSellerCash },
  });
  expect(res.status).toBe(201);
}

const payout = (sellerId: string, amountCents: number) =>
  t.api<PayoutResult | ApiError>('POST', `/api/sellers/${sellerId}/payouts`, {
    token: admin,
    body: { amount_cents: amountCents, method: 'Pago móvil' },
  });

describe('cash a vendedor records by hand', () => {
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

  it('lowered terms free nothing earned on cash still held, and the seller’s refund takes it all back', async () => {
    const me = await freshSeller();
    const sale = await creditedSale(t, me.id, { raffle: { price_cents: 2000 } });
    const id = sale.ticketIds[0] as string;
    await setTerms(sale.raffleId, { percent: 20 }, me.id);
    await recordCash(id, 1000, me.token);
    await setTerms(sale.raffleId, { percent: 5 }, me.id);
    await recordCash(id, 20, me.token);
    // 200 at 20 % and 1 at 5 %: all of it waits for the $10,20 the seller holds (at the newest 5 %,
    // 150 would have been payable).
    expect(await ledgerOf(me.id)).toMatchObject({ earned_cents: 201, held_cents: 201, balance_cents: 0 });
    expect((await payout(me.id, 1)).status).toBe(409);
    // The seller refunds the buyer out of that cash: nothing stands on a sale that has paid nothing.
    await refundBy(id, 1020, me.token);
    expect(await ledgerOf(me.id)).toMatchObject({ held_cents: 0, balance_cents: 0 });
    expect(await cashOf(me.id, me.token)).toMatchObject({ held_cents: 0, held_commission_cents: 0 });
  });

  it('money an admin records is the business’s own: nothing held', async () => {
    const me = await freshSeller();
    const sale = await creditedSale(t, me.id);
    await setTerms(sale.raffleId, { percent: 10 }, me.id);
    await recordCash(sale.ticketIds[0] as string, 1000, admin);
    expect(await cashOf(me.id)).toMatchObject({ held_cents: 0, payments: 0, held_commission_cents: 0 });
    expect(await ledgerOf(me.id)).toMatchObject({ earned_cents: 100, held_cents: 0, balance_cents: 100 });
  });

  it('a refund out of the seller’s cash is taken from the held cash first, and its commission with it', async () => {
    const me = await freshSeller();
    const sale = await creditedSale(t, me.id, { raffle: { payment_type: 'cuotas', installments: 2 } });
    await setTerms(sale.raffleId, { percent: 10 }, me.id);
    const ticketId = sale.ticketIds[0] as string;
    await buyerPaysApproved(ticketId, sale.cedula, 500);
    await recordCash(ticketId, 500, me.token);
    expect(await ledgerOf(me.id)).toMatchObject({ earned_cents: 100, held_cents: 50, balance_cents: 50 });

    await refundBy(ticketId, 300, admin, true);
    expect(await cashOf(me.id)).toMatchObject({ held_cents: 200, payments: 1, held_commission_cents: 20 });
    expect(await ledgerOf(me.id)).toMatchObject({ reversed_cents: 30, held_cents: 20, balance_cents: 50 });

    // Beyond what is held, the rest comes from the money the business already had.
    await refundBy(ticketId, 400, admin, true);
    expect(await cashOf(me.id)).toMatchObject({ held_cents: 0, payments: 0, held_commission_cents: 0 });
    expect(await ledgerOf(me.id)).toMatchObject({ reversed_cents: 70, held_cents: 0, balance_cents: 30 });
    // The number's history says which part of each refund came out of the seller's cash.
    const history = await t.api<HistoryPage>('GET', `/api/history?raffle_id=${sale.raffleId}`, {
      token: admin,
    });
    expect(history.body.items.slice(0, 2).map((e) => e.note)).toEqual([
      'Reembolso de $4,00: Devolución. $2,00 salió del efectivo que el vendedor tenía por entregar',
      'Reembolso de $3,00: Devolución. $3,00 salió del efectivo que el vendedor tenía por entregar',
    ]);
    // A refund the business paid back says nothing of the sort.
    await refundBy(ticketId, 100, admin);
    const after = await t.api<HistoryPage>('GET', `/api/history?raffle_id=${sale.raffleId}`, {
      token: admin,
    });
    expect(after.body.items[0]?.note).toBe('Reembolso de $1,00: Devolución');
  });

  it('a refund the business pays back leaves the seller’s cash owed; the seller’s own refund comes out of it', async () => {
    const me = await freshSeller();
    const sale = await creditedSale(t, me.id, { numbers: [1, 2] });
    await setTerms(sale.raffleId, { percent: 10 }, me.id);
    const [first, second] = sale.ticketIds as [string, string];
    await recordCash(first, 1000, me.token);
    await recordCash(second, 500, me.token);
    expect(await cashOf(me.id)).toMatchObject({ held_cents: 1500, payments: 2 });

    // An admin refunds a buyer by transfer (a seller's accomplice, say): the seller still owes the cash.
    await refund(first, 1000);
    expect(await cashOf(me.id)).toMatchObject({ held_cents: 1500, payments: 2 });
    // The seller gives part of a buyer's cash back themself: out of what they hold.
    await refundBy(second, 200, me.token);
    expect(await cashOf(me.id)).toMatchObject({ held_cents: 1300, payments: 2 });
    const ledger = await ledgerOf(me.id);
    expect(ledger.reversed_cents).toBe(120);
    expect(ledger.held_cents + ledger.balance_cents).toBe(ledger.earned_cents - ledger.reversed_cents);
    expect(ledger.balance_cents).toBe(0);
  });

  it('the cash panel lists the refunds taken out of the seller’s cash, not those the business paid', async () => {
    const me = await freshSeller();
    const sale = await creditedSale(t, me.id, {
      numbers: [1, 2, 3],
      raffle: { name: 'Moto Bera 2026', payment_type: 'cuotas', installments: 2 },
    });
    await setTerms(sale.raffleId, { percent: 10 }, me.id);
    const [first, second, third] = sale.ticketIds as [string, string, string];
    // An admin says a $7 refund of the first number came out of the seller's cash: $5 of it did,
    // the rest was the buyer's online payment the business holds.
    await buyerPaysApproved(first, sale.cedula, 500);
    await recordCash(first, 500, me.token);
    await refundBy(first, 700, admin, true, 'El comprador desistió');
    // The seller gives $5 of the second back themself (not yet paid in full): from their two
    // payments, newest first, one line.
    await recordCash(second, 300, me.token);
    await recordCash(second, 300, me.token);
    await refundBy(second, 500, me.token, undefined, 'Número duplicado');
    // The business paid the third back: the seller still owes it, and it is no refund of their cash.
    await recordCash(third, 1000, me.token);
    await refund(third, 1000);

    const mine = await cashOf(me.id, me.token);
    expect(mine).toMatchObject({ held_cents: 1100, payments: 2 });
    expect(
      mine.refunds.map((r) => [
        r.raffle_name,
        r.ticket_number,
        r.amount_cents,
        r.refund_amount_cents,
        r.reason,
      ]),
    ).toEqual([
      ['Moto Bera 2026', '02', 500, 500, 'Número duplicado'],
      ['Moto Bera 2026', '01', 500, 700, 'El comprador desistió'],
    ]);
    expect(mine.refunds[0]?.raffle_id).toBe(sale.raffleId);
    expect(Date.parse(mine.refunds[0]?.created_at ?? '')).toBeGreaterThanOrEqual(
      Date.parse(mine.refunds[1]?.created_at ?? ''),
    );
    expect((await cashOf(me.id)).refunds).toEqual(mine.refunds);
    // Another vendedor still may not read it.
    const theirs = await t.api<ApiError>('GET', `/api/sellers/${me.id}/cash`, { token: other.token });
    expect(theirs.status).toBe(403);
    expect(theirs.body).not.toHaveProperty('refunds');
  });

  it('only an admin’s word takes a refund out of another seller’s cash: a raffle owner’s from_seller_cash does not', async () => {
    // The owner (a vendedor) may undo a paid sale of their raffle, but saying that an assigned
    // seller gave the buyer's money back out of their cash would clear that seller's debt on a
    // vendedor's word; the refund dialog asks it of admins only.
    const owner = await freshSeller();
    const me = await freshSeller();
    const raffleId = await raffleCreatedBy(owner);
    await assignSeller(t.db, raffleId, me.id);
    await setTerms(raffleId, { percent: 10 }, me.id);
    const [first, second] = (await creditedReservation(t, raffleId, me.id, [3, 4])).ticketIds as [
      string,
      string,
    ];
    await recordCash(first, 1000, me.token);
    await recordCash(second, 1000, me.token);

    await refundBy(first, 1000, owner.token, true);
    expect(await cashOf(me.id)).toMatchObject({ held_cents: 2000, payments: 2 });
    await refundBy(second, 1000, admin, true);
    expect(await cashOf(me.id)).toMatchObject({ held_cents: 1000, payments: 1 });
    const ledger = await ledgerOf(me.id);
    expect(ledger).toMatchObject({ earned_cents: 200, reversed_cents: 200, held_cents: 0, balance_cents: 0 });
  });

  it('a raffle owner who is a vendedor frees no commission by refunding, re-recording or flipping statuses', async () => {
    const me = await freshSeller();
    const raffleId = await raffleCreatedBy(me);
    await setTerms(raffleId, { percent: 10 }, me.id);
    const id = (await creditedReservation(t, raffleId, me.id, [8])).ticketIds[0] as string;
    const patch = async (body: Record<string, unknown>) =>
      expect((await t.api('PATCH', `/api/tickets/${id}`, { token: me.token, body })).status).toBe(200);
    const released = async () => (await ledgerOf(me.id)).balance_cents;

    await recordCash(id, 1000, me.token);
    expect(await released()).toBe(0);
    // Their own refund comes out of their own cash, whatever the flag says; recording again holds again.
    await refundBy(id, 1000, me.token, false);
    await recordCash(id, 1000, me.token);
    expect(await cashOf(me.id)).toMatchObject({ held_cents: 1000, held_commission_cents: 100 });
    expect(await released()).toBe(0);
    // pagado -> apartado keeping the money -> pagado: no new money, nothing freed.
    await patch({ status: 'apartado', no_refund_reason: 'Se equivocó de estado' });
    await patch({ status: 'pagado' });
    // Released without a refund: the sale ends, the cash it brought is still owed.
    await patch({ status: 'disponible', no_refund_reason: 'El comprador desistió' });
    expect(await cashOf(me.id)).toMatchObject({ held_cents: 1000, held_commission_cents: 100 });
    expect(await ledgerOf(me.id)).toMatchObject({ earned_cents: 200, reversed_cents: 100, balance_cents: 0 });
  });

  it('the Vendedores ranking shows each seller’s cash and held commission', async () => {
    const me = await freshSeller();
    const sale = await creditedSale(t, me.id);
    await setTerms(sale.raffleId, { percent: 10 }, me.id);
    await recordCash(sale.ticketIds[0] as string, 700, me.token);
    const ranking = await t.api<SellerRanking>('GET', '/api/commissions/sellers', { token: admin });
    expect(ranking.status).toBe(200);
    const row = ranking.body.items.find((r) => r.seller_id === me.id);
    expect(row).toMatchObject({
      cash_held_cents: 700,
      cash_held_ves_cents: 28_000,
      cash_payments: 1,
      held_cents: 70,
      balance_cents: 0,
    });
    expect(ranking.body.totals.cash_held_cents).toBeGreaterThanOrEqual(700);
    const csv = await fetch(`${t.baseUrl}/api/commissions/sellers.csv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    const text = (await csv.text()).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]?.endsWith(';Comisión retenida (USD);Efectivo por entregar (USD)')).toBe(
      true,
    );
    // Por pagar 0,00, held 0,70, cash 7,00.
    expect(text).toMatch(/;0,00;0,70;7,00\r?\n/);
  });
});

describe('the Bs of cash held', () => {
  it('the ranking, the cash dialog and the hand-over agree to the céntimo at a rate with three decimals', async () => {
    // $1 at 36,035 Bs/USD is Bs 36,035 exactly: 3603.5 céntimos, which rounds up. In floating point
    // 100 × 36.035 is 3603.4999…, so the dialog said Bs 36,03 while the ranking (SQL) said Bs 36,04.
    const rate = (value: number) =>
      t.api('PUT', '/api/exchange-rates/VES', { token: admin, body: { rate_to_usd: value } });
    expect((await rate(36.035)).status).toBe(200);
    try {
      const me = await freshSeller();
      const sale = await creditedSale(t, me.id);
      await setTerms(sale.raffleId, { percent: 10 }, me.id);
      await recordCash(sale.ticketIds[0] as string, 100, me.token);
      const cash = await cashOf(me.id);
      expect(cash.held_ves_cents).toBe(3604);
      expect(cash.receipts[0]?.held_ves_cents).toBe(3604);
      const ranking = await t.api<SellerRanking>('GET', '/api/commissions/sellers', { token: admin });
      expect(ranking.body.items.find((r) => r.seller_id === me.id)?.cash_held_ves_cents).toBe(3604);
      const given = await handover(me.id, 100);
      expect(given.status).toBe(201);
      expect((given.body as CashHandoverResult).handover.amount_ves_cents).toBe(3604);
    } finally {
      expect((await rate(40)).status).toBe(200);
    }
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

  it('a vendedor recording cash on a raffle they own holds it too', async () => {
    const me = await freshSeller();
    const raffleId = await raffleCreatedBy(me);
    await setTerms(raffleId, { percent: 10 }, me.id);
    const sale = await creditedReservation(t, raffleId, me.id, [5]);
    await recordCash(sale.ticketIds[0] as string, 1000, me.token);
    expect(await cashOf(me.id)).toMatchObject({ held_cents: 1000, held_commission_cents: 100 });
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
