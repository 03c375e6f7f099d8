import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { HistoryPage } from '../../../domain/staff-tickets';
import { cashCalls } from '../../test/cash-calls';
import { commissionWorld } from '../../test/commission-calls';
import { assignSeller, creditedReservation, creditedSale } from '../../test/commission-factories';
import type { TestApp } from '../../test/test-app';

// Refunds out of the cash a vendedor holds (decision 062): what they take back, the history line,
// the panel's list, and who may say the cash paid them. On PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.
let t: TestApp;
let admin: string;
let seller: { id: string; token: string };
let other: { id: string; token: string };

beforeAll(async () => {
  ({ t, admin, seller, other } = await commissionWorld());
});
afterAll(() => t?.close());

const {
  setTerms,
  buyerPaysApproved,
  refund,
  ledgerOf,
  freshSeller,
  raffleCreatedBy,
  recordCash,
  cashOf,
  refundBy,
  payout,
} = cashCalls(() => ({ t, admin, seller }));

describe('refunds out of the cash a vendedor holds', () => {
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
    const me = await freshSeller('Valentina Rojas');
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
    // Who recorded each (the seller themself, the admin) and what came out of the cash in Bs at the
    // payments' rate (40 Bs/USD): $5,00 is Bs 200,00, from two payments or one.
    expect(mine.refunds.map((r) => [r.created_by_name, r.amount_ves_cents])).toEqual([
      ['Valentina Rojas', 20_000],
      ['Administrador', 20_000],
    ]);
    // No buyer data in the panel's refunds.
    expect(Object.keys(mine.refunds[0] ?? {}).sort()).toEqual([
      'amount_cents',
      'amount_ves_cents',
      'created_at',
      'created_by_name',
      'raffle_id',
      'raffle_name',
      'reason',
      'refund_amount_cents',
      'refund_id',
      'ticket_number',
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
    // pagado -> apartado keeping the money is refused (a live sale with money is not apartado).
    const flip = await t.api('PATCH', `/api/tickets/${id}`, {
      token: me.token,
      body: { status: 'apartado', no_refund_reason: 'Se equivocó de estado' },
    });
    expect(flip.status).toBe(422);
    // Released without a refund: the sale ends, the cash it brought is still owed.
    await patch({ status: 'disponible', no_refund_reason: 'El comprador desistió' });
    expect(await cashOf(me.id)).toMatchObject({ held_cents: 1000, held_commission_cents: 100 });
    expect(await ledgerOf(me.id)).toMatchObject({ earned_cents: 200, reversed_cents: 100, balance_cents: 0 });
  });
});
