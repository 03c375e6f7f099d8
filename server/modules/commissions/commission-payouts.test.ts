import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../domain/api';
import type { PayoutResult, SellerLedger, SellerRanking, SellerSales } from '../../../domain/commissions';
import { commissionCalls, commissionWorld } from '../../test/commission-calls';
import { creditedReservation, creditedSale } from '../../test/commission-factories';
import { makeUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';

// Issue 22 part B (decision 037): payouts, the ledger, and the figures the screens show. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
let t: TestApp;
let admin: string;
let seller: { id: string; token: string };
let other: { id: string; token: string };

beforeAll(async () => {
  ({ t, admin, seller, other } = await commissionWorld());
});
afterAll(() => t?.close());

const { setTerms, buyerPaysApproved, ledgerOf, entriesIn } = commissionCalls(
  () => ({ t, admin, seller }),
  (actual, wanted) => expect(actual).toBe(wanted),
);

describe('payouts and the ledger', () => {
  it('records a payout, refuses one beyond what is owed (409, Spanish), and pages by keyset', async () => {
    const fresh = await makeUser(t, { role: 'vendedor' });
    const sale = await creditedSale(t, fresh.user.id, { numbers: [1, 2, 3] });
    await setTerms(sale.raffleId, { percent: 10 }, fresh.user.id);
    for (const id of sale.ticketIds) await buyerPaysApproved(id, sale.cedula, 1000);
    const paid = await t.api<PayoutResult>('POST', `/api/sellers/${fresh.user.id}/payouts`, {
      token: admin,
      body: { amount_cents: 120, method: 'Pago móvil', reference: '0102-555', paid_on: '2026-11-26' },
    });
    expect(paid.status).toBe(201);
    expect(paid.body.entry).toMatchObject({
      kind: 'paid_out',
      amount_cents: 120,
      amount_ves_cents: 4800,
      method: 'Pago móvil',
      reference: '0102-555',
      paid_on: '2026-11-26',
    });
    expect(paid.body.totals).toEqual({
      earned_cents: 300,
      reversed_cents: 0,
      paid_out_cents: 120,
      held_cents: 0,
      balance_cents: 180,
    });
    const tooMuch = await t.api<ApiError>('POST', `/api/sellers/${fresh.user.id}/payouts`, {
      token: admin,
      body: { amount_cents: 181, method: 'Efectivo' },
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error).toMatchObject({ code: 'PAYOUT_EXCEEDS_BALANCE', balance_cents: 180 });
    expect(tooMuch.body.error.message).toContain('supera lo que se le debe');

    const whole = await ledgerOf(fresh.user.id);
    expect(whole).toMatchObject({ earned_cents: 300, paid_out_cents: 120, balance_cents: 180 });
    expect(whole.entries.map((e) => e.kind)).toEqual(['paid_out', 'earned', 'earned', 'earned']);
    expect(whole.entries[1]?.raffle_name).toBe('Moto Bera 2026');
    const pages: string[] = [];
    let before: number | null = null;
    do {
      const page: SellerLedger = await ledgerOf(
        fresh.user.id,
        admin,
        `?limit=3${before ? `&before=${before}` : ''}`,
      );
      pages.push(page.entries.map((e) => e.kind).join(','));
      expect(page.balance_cents).toBe(180);
      before = page.next_before;
    } while (before);
    expect(pages).toEqual(['paid_out,earned,earned', 'earned']);
  });

  it('a payout sent again with its request key is recorded once; the key with other figures is refused', async () => {
    const fresh = await makeUser(t, { role: 'vendedor' });
    const sale = await creditedSale(t, fresh.user.id, { numbers: [4, 5] });
    await setTerms(sale.raffleId, { percent: 10 }, fresh.user.id);
    for (const id of sale.ticketIds) await buyerPaysApproved(id, sale.cedula, 1000);
    const requestId = crypto.randomUUID();
    const body = { amount_cents: 50, method: 'Pago móvil', request_id: requestId };
    const send = () =>
      t.api<PayoutResult>('POST', `/api/sellers/${fresh.user.id}/payouts`, { token: admin, body });
    // A double tap: both at once, then a retry after a lost answer.
    const [first, second] = await Promise.all([send(), send()]);
    const retry = await send();
    for (const answer of [first, second, retry]) expect(answer.status).toBe(201);
    expect(second.body.entry.id).toBe(first.body.entry.id);
    expect(retry.body.entry.id).toBe(first.body.entry.id);
    expect(retry.body.totals).toMatchObject({ paid_out_cents: 50, balance_cents: 150 });

    const reused = await t.api<ApiError>('POST', `/api/sellers/${fresh.user.id}/payouts`, {
      token: admin,
      body: { ...body, amount_cents: 60 },
    });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('PAYOUT_REQUEST_REUSED');
    const elsewhere = await t.api<ApiError>('POST', `/api/sellers/${seller.id}/payouts`, {
      token: admin,
      body,
    });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.error.code).toBe('PAYOUT_REQUEST_REUSED');

    const ledger = await ledgerOf(fresh.user.id);
    expect(ledger.entries.filter((e) => e.kind === 'paid_out')).toHaveLength(1);
    expect(ledger).toMatchObject({ paid_out_cents: 50, balance_cents: 150 });
    // Without a key, as before: each sending is a payout of its own.
    const plain = { amount_cents: 10, method: 'Efectivo' };
    for (let i = 0; i < 2; i += 1)
      expect(
        (await t.api('POST', `/api/sellers/${fresh.user.id}/payouts`, { token: admin, body: plain })).status,
      ).toBe(201);
    expect((await ledgerOf(fresh.user.id)).paid_out_cents).toBe(70);
  });

  it('the seller sees their own ledger and sales; another seller 403, anonymous 401', async () => {
    expect((await t.api('GET', `/api/sellers/${seller.id}/ledger`, { token: seller.token })).status).toBe(
      200,
    );
    expect((await t.api('GET', `/api/sellers/${seller.id}/sales`, { token: seller.token })).status).toBe(200);
    const foreign = await t.api<ApiError>('GET', `/api/sellers/${seller.id}/ledger`, { token: other.token });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('NOT_YOUR_LEDGER');
    expect((await t.api('GET', `/api/sellers/${seller.id}/sales`, { token: other.token })).status).toBe(403);
    expect((await t.api('GET', `/api/sellers/${seller.id}/ledger`)).status).toBe(401);
    const payout = { amount_cents: 1, method: 'Efectivo' };
    expect(
      (await t.api('POST', `/api/sellers/${seller.id}/payouts`, { token: seller.token, body: payout }))
        .status,
    ).toBe(403);
    expect((await t.api('POST', `/api/sellers/${seller.id}/payouts`, { body: payout })).status).toBe(401);
    expect((await t.api('GET', '/api/commissions/sellers', { token: seller.token })).status).toBe(403);
    expect(
      (
        await t.api('PUT', `/api/raffles/${crypto.randomUUID()}/commissions`, {
          token: seller.token,
          body: {},
        })
      ).status,
    ).toBe(403);
  });

  it('ledger rows cannot be updated, deleted or truncated (database trigger)', async () => {
    const sale = await creditedSale(t, seller.id);
    await setTerms(sale.raffleId, { percent: 10 });
    await buyerPaysApproved(sale.ticketIds[0] as string, sale.cedula, 1000);
    const statements = [
      sql`update seller_ledger set amount_cents = amount_cents * 100 where seller_id = ${seller.id}`,
      sql`delete from seller_ledger where seller_id = ${seller.id}`,
      sql`truncate seller_ledger`,
    ];
    for (const statement of statements) {
      const error = await t.db.execute(statement).then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
      expect(error?.cause?.message ?? error?.message).toMatch(/seller ledger entries are immutable/);
    }
    expect((await entriesIn(seller.id, sale.raffleId)).map((e) => e.amount_cents)).toEqual([100]);
  });
});

describe('figures for the screens', () => {
  it('"Mis ventas", the ranking (overall and per raffle) and its CSV', async () => {
    const fresh = await makeUser(t, { role: 'vendedor' });
    const sale = await creditedSale(t, fresh.user.id, { numbers: [1, 2] });
    await setTerms(sale.raffleId, { percent: 10 }, fresh.user.id);
    await buyerPaysApproved(sale.ticketIds[0] as string, sale.cedula, 1000);
    const second = await creditedReservation(t, sale.raffleId, fresh.user.id, [7]);
    await buyerPaysApproved(second.ticketIds[0] as string, second.cedula, 400);

    const mine = await t.api<SellerSales>('GET', `/api/sellers/${fresh.user.id}/sales`, {
      token: fresh.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.raffles).toEqual([
      expect.objectContaining({
        raffle_id: sale.raffleId,
        numbers_sold: 3,
        numbers_paid: 1,
        buyers: 2,
        collected_cents: 1400,
        earned_cents: 140,
        reversed_cents: 0,
      }),
    ]);
    expect(mine.body.totals).toMatchObject({ earned_cents: 140, balance_cents: 140, numbers_sold: 3 });
    expect(mine.body.per_day).toHaveLength(30);
    expect(mine.body.per_day.at(-1)).toMatchObject({ commission_cents: 140, numbers: 3 });

    const ranking = await t.api<SellerRanking>('GET', `/api/commissions/sellers?raffle_id=${sale.raffleId}`, {
      token: admin,
    });
    expect(ranking.status).toBe(200);
    expect(ranking.body.items[0]).toMatchObject({
      seller_id: fresh.user.id,
      numbers_sold: 3,
      collected_cents: 1400,
      earned_cents: 140,
      balance_cents: 140,
      percent: 10,
    });
    const overall = await t.api<SellerRanking>('GET', '/api/commissions/sellers', { token: admin });
    expect(overall.body.items.some((i) => i.seller_id === other.id)).toBe(true);

    const csv = await fetch(`${t.baseUrl}/api/commissions/sellers.csv?raffle_id=${sale.raffleId}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('Vendedor;Correo;Números vendidos;Números pagados;Compradores;')).toBe(true);
    expect(text).toContain(`;${fresh.email};3;1;2;14,00;1,40;0,00;0,00;1,40`);
  });
});
