import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { CommissionTerms, LedgerEntry } from '../../../domain/commissions';
import type { PublicCreatePaymentResult } from '../../../domain/payments';
import { queryRows } from '../../db/client';
import { commissionCalls, commissionWorld } from '../../test/commission-calls';
import { creditedReservation, creditedSale } from '../../test/commission-factories';
import { makeRaffle } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { earnForPayment } from './commission-entries';

// Issue 22 part B (decision 037): commissions earned on approval, reversed on refund, paid out;
// balances are sums of an append-only ledger. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
let t: TestApp;
let admin: string;
let seller: { id: string; token: string };
let other: { id: string; token: string };
/** Bank references of payments made here by hand (buyerPaysApproved numbers its own). */
let ref = 0;

beforeAll(async () => {
  ({ t, admin, seller, other } = await commissionWorld());
});
afterAll(() => t?.close());

const { setTerms, buyerPaysApproved, refund, entriesIn } = commissionCalls(
  () => ({ t, admin, seller }),
  (actual, wanted) => expect(actual).toBe(wanted),
);

describe('commission terms', () => {
  it('stores a percent as basis points, or an amount per number; GET shows the current terms', async () => {
    const raffle = await makeRaffle(t);
    const put = await setTerms(raffle.id, { percent: 12.5 });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      seller_id: seller.id,
      percent: 12.5,
      percent_bp: 1250,
      per_number_cents: null,
    });
    expect((await setTerms(raffle.id, { per_number_cents: 75 })).status).toBe(200);
    expect((await setTerms(raffle.id, { percent: 5 }, other.id)).status).toBe(200);
    const list = await t.api<{ items: CommissionTerms[] }>('GET', `/api/raffles/${raffle.id}/commissions`, {
      token: admin,
    });
    expect(list.status).toBe(200);
    const mine = list.body.items.find((i) => i.seller_id === seller.id);
    expect(mine).toMatchObject({ percent: null, percent_bp: null, per_number_cents: 75 });
    expect(list.body.items.find((i) => i.seller_id === other.id)).toMatchObject({ percent_bp: 500 });
  });

  it('refuses both kinds, neither, more than 2 decimals or out of range, in Spanish', async () => {
    const raffle = await makeRaffle(t);
    const cases: [Record<string, unknown>, number][] = [
      [{ percent: 10, per_number_cents: 50 }, 422],
      [{}, 422],
      [{ percent: 10.123 }, 422],
      [{ percent: 101 }, 422],
      [{ percent: -1 }, 422],
      [{ per_number_cents: -5 }, 422],
      [{ percent: '10' }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await setTerms(raffle.id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((res.body as unknown as ApiError).error.message).not.toMatch(/expected|invalid input/i);
    }
    const unknown = await setTerms(raffle.id, { percent: 10 }, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(422);
    expect((unknown.body as unknown as ApiError).error.code).toBe('SELLER_NOT_FOUND');
    const noRaffle = await t.api<ApiError>(
      'PUT',
      '/api/raffles/00000000-0000-4000-8000-000000000000/commissions',
      {
        token: admin,
        body: { seller_id: seller.id, percent: 10 },
      },
    );
    expect(noRaffle.status).toBe(404);
  });
});

describe('earning on approval', () => {
  it('a reviewer approving a credited payment earns the percent (rounded down) with the Bs at the day rate', async () => {
    const sale = await creditedSale(t, seller.id);
    expect((await setTerms(sale.raffleId, { percent: 7.5 })).status).toBe(200);
    const ticketId = sale.ticketIds[0] as string;
    const paymentId = await buyerPaysApproved(ticketId, sale.cedula, 333);
    const [entry] = await entriesIn(seller.id, sale.raffleId);
    // 7.5 % of 333 = 24.975 → 24 cents.
    expect(entry).toMatchObject({
      kind: 'earned',
      amount_cents: 24,
      amount_ves_cents: 960,
      rate_to_usd: 40,
      percent_bp: 750,
      per_number_cents: null,
      ticket_number: '01',
    });
    const [row] = await queryRows<{ payment_id: string }>(
      t.db,
      sql`select payment_id from seller_ledger where id = ${(entry as LedgerEntry).id}`,
    );
    expect(row?.payment_id).toBe(paymentId);
  });

  it('staff recording cash (and "pagado") earns too; an uncredited sale earns nobody anything', async () => {
    const sale = await creditedSale(t, seller.id, { numbers: [1, 2] });
    await setTerms(sale.raffleId, { percent: 10 });
    const [first, second] = sale.ticketIds as [string, string];
    const cash = await t.api('POST', `/api/tickets/${first}/payments`, {
      token: admin,
      body: { amount_cents: 400, payment_method: 'efectivo' },
    });
    expect(cash.status).toBe(201);
    expect(
      (await t.api('PATCH', `/api/tickets/${second}`, { token: admin, body: { status: 'pagado' } })).status,
    ).toBe(200);
    const uncredited = await creditedReservation(t, sale.raffleId, null, [3]);
    await buyerPaysApproved(uncredited.ticketIds[0] as string, uncredited.cedula, 1000);
    const entries = await entriesIn(seller.id, sale.raffleId);
    expect(entries.map((e) => [e.kind, e.amount_cents, e.ticket_number])).toEqual([
      ['earned', 40, '01'],
      ['earned', 100, '02'],
    ]);
    const nobody = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from seller_ledger where ticket_id = ${uncredited.ticketIds[0] ?? null}`,
    );
    expect(nobody[0]?.n).toBe(0);
  });

  it('per number: earned once, when the approval leaves the number fully paid', async () => {
    const sale = await creditedSale(t, seller.id, { raffle: { payment_type: 'cuotas', installments: 2 } });
    await setTerms(sale.raffleId, { per_number_cents: 150 });
    const ticketId = sale.ticketIds[0] as string;
    await buyerPaysApproved(ticketId, sale.cedula, 500);
    expect(await entriesIn(seller.id, sale.raffleId)).toEqual([]);
    await buyerPaysApproved(ticketId, sale.cedula, 500);
    const entries = await entriesIn(seller.id, sale.raffleId);
    expect(entries.map((e) => [e.kind, e.amount_cents, e.per_number_cents, e.percent_bp])).toEqual([
      ['earned', 150, 150, null],
    ]);
  });

  it('per number: never more than the number brought in (an extra zero typed in the terms)', async () => {
    // Decision 062: $50 a number typed for a $10 number paid the seller five times what was collected,
    // and a payout could take it.
    const sale = await creditedSale(t, seller.id);
    await setTerms(sale.raffleId, { per_number_cents: 5000 });
    const ticketId = sale.ticketIds[0] as string;
    await buyerPaysApproved(ticketId, sale.cedula, 1000);
    expect((await entriesIn(seller.id, sale.raffleId)).map((e) => [e.kind, e.amount_cents])).toEqual([
      ['earned', 1000],
    ]);
    // A refund of part of it takes back what was earned, no more.
    await refund(ticketId, 100);
    expect((await entriesIn(seller.id, sale.raffleId)).map((e) => [e.kind, e.amount_cents])).toEqual([
      ['earned', 1000],
      ['reversed', 1000],
    ]);
  });

  it('an order payment over several numbers earns per part', async () => {
    const sale = await creditedSale(t, seller.id, { numbers: [4, 5, 6] });
    await setTerms(sale.raffleId, { percent: 10 });
    const paid = await t.api<PublicCreatePaymentResult>('POST', '/api/payments', {
      body: {
        order_code: sale.orderCode,
        amount_cents: 2500,
        cedula: sale.cedula,
        reference: `${7_200_000 + ref++}`,
      },
    });
    expect(paid.status).toBe(201);
    expect(
      (
        await t.api('PATCH', `/api/payments/${paid.body.payment.id}`, {
          token: admin,
          body: { status: 'approved' },
        })
      ).status,
    ).toBe(200);
    const entries = await entriesIn(seller.id, sale.raffleId);
    expect(entries.map((e) => e.amount_cents).reduce((a, b) => a + b, 0)).toBe(250);
    expect(entries).toHaveLength(3);
  });

  it('approving twice, or the earning running twice, never credits twice', async () => {
    const sale = await creditedSale(t, seller.id);
    await setTerms(sale.raffleId, { percent: 10 });
    const ticketId = sale.ticketIds[0] as string;
    const paymentId = await buyerPaysApproved(ticketId, sale.cedula, 1000);
    const again = await t.api<ApiError>('PATCH', `/api/payments/${paymentId}`, {
      token: admin,
      body: { status: 'approved' },
    });
    expect(again.status).toBe(409);
    // A racing instance that got past the status check: the unique index drops the second earning.
    const second = await t.db.transaction((tx) =>
      earnForPayment(tx, paymentId, { rate: null, actorId: null }),
    );
    expect(second).toEqual([]);
    expect((await entriesIn(seller.id, sale.raffleId)).map((e) => e.amount_cents)).toEqual([100]);
  });

  it('changing the terms affects only later earnings', async () => {
    const sale = await creditedSale(t, seller.id, { raffle: { payment_type: 'cuotas', installments: 2 } });
    const ticketId = sale.ticketIds[0] as string;
    await setTerms(sale.raffleId, { percent: 10 });
    await buyerPaysApproved(ticketId, sale.cedula, 500);
    await setTerms(sale.raffleId, { percent: 20 });
    await buyerPaysApproved(ticketId, sale.cedula, 500);
    const entries = await entriesIn(seller.id, sale.raffleId);
    expect(entries.map((e) => [e.amount_cents, e.percent_bp])).toEqual([
      [50, 1000],
      [100, 2000],
    ]);
  });
});

describe('reversal on refund', () => {
  it('percent: the same rate on what is refunded, never more than was earned on the number', async () => {
    const sale = await creditedSale(t, seller.id);
    await setTerms(sale.raffleId, { percent: 10 });
    const ticketId = sale.ticketIds[0] as string;
    await buyerPaysApproved(ticketId, sale.cedula, 1000);
    // Terms changed after the earning: the reversal keeps the rate it was earned at.
    await setTerms(sale.raffleId, { percent: 50 });
    await refund(ticketId, 300);
    await refund(ticketId, 700);
    const entries = await entriesIn(seller.id, sale.raffleId);
    expect(entries.map((e) => [e.kind, e.amount_cents, e.percent_bp])).toEqual([
      ['earned', 100, 1000],
      ['reversed', 30, 1000],
      ['reversed', 70, 1000],
    ]);
  });

  it('per number: reversed when the number is no longer fully paid, through a status change too', async () => {
    const sale = await creditedSale(t, seller.id, { numbers: [1, 2] });
    await setTerms(sale.raffleId, { per_number_cents: 200 });
    const [first, second] = sale.ticketIds as [string, string];
    await buyerPaysApproved(first, sale.cedula, 1000);
    await buyerPaysApproved(second, sale.cedula, 1000);
    await refund(first, 100);
    const back = await t.api('PATCH', `/api/tickets/${second}`, {
      token: admin,
      body: { status: 'apartado', refund: { amount_cents: 1000, reason: 'Cambió de opinión' } },
    });
    expect(back.status).toBe(200);
    const entries = await entriesIn(seller.id, sale.raffleId);
    expect(entries.map((e) => [e.kind, e.amount_cents, e.ticket_number])).toEqual([
      ['earned', 200, '01'],
      ['earned', 200, '02'],
      ['reversed', 200, '01'],
      ['reversed', 200, '02'],
    ]);
    // Paid in full again: earned again, once.
    await buyerPaysApproved(first, sale.cedula, 100);
    expect((await entriesIn(seller.id, sale.raffleId)).filter((e) => e.ticket_number === '01').length).toBe(
      3,
    );
  });
});
