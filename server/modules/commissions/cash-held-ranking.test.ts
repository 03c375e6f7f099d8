import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashHandoverResult } from '../../../domain/cash-held';
import type { SellerRanking } from '../../../domain/commissions';
import { cashCalls } from '../../test/cash-calls';
import { commissionWorld } from '../../test/commission-calls';
import { creditedSale } from '../../test/commission-factories';
import type { TestApp } from '../../test/test-app';

// The cash vendedores hold in the Vendedores ranking, its CSV, and its Bs to the céntimo (decision
// 062). On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
let t: TestApp;
let admin: string;
let seller: { id: string; token: string };

beforeAll(async () => {
  ({ t, admin, seller } = await commissionWorld());
});
afterAll(() => t?.close());

const { setTerms, freshSeller, recordCash, cashOf, handover, refundBy, ledgerOf, payout } = cashCalls(() => ({
  t,
  admin,
  seller,
}));

describe('the ranking of cash held', () => {
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
  it('the ranking, the cash dialog, the hand-over and a refund out of the cash agree to the céntimo at a rate with three decimals', async () => {
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
      // A refund out of the cash says its Bs the same way.
      const other = await creditedSale(t, me.id);
      await recordCash(other.ticketIds[0] as string, 100, me.token);
      await refundBy(other.ticketIds[0] as string, 100, me.token);
      expect((await cashOf(me.id)).refunds[0]?.amount_ves_cents).toBe(3604);
    } finally {
      expect((await rate(40)).status).toBe(200);
    }
  });
});

// A seller who owes commission back (a refund after a payout: balance_cents may be negative) was
// written with the formula guard's apostrophe, as text: a spreadsheet's SUM left that debt out.
describe('the Vendedores CSV', () => {
  it('writes a negative balance as a number', async () => {
    const me = await freshSeller('Vendedor Deudor');
    const sale = await creditedSale(t, me.id);
    await setTerms(sale.raffleId, { percent: 10 }, me.id);
    const ticketId = sale.ticketIds[0] as string;
    await recordCash(ticketId, 1000, admin);
    expect((await payout(me.id, 100)).status).toBe(201);
    await refundBy(ticketId, 1000, admin);
    expect((await ledgerOf(me.id)).balance_cents).toBe(-100);

    const csv = await fetch(`${t.baseUrl}/api/commissions/sellers.csv?raffle_id=${sale.raffleId}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.status).toBe(200);
    const line = (await csv.text()).split('\r\n').find((l) => l.startsWith('Vendedor Deudor;'));
    expect(line).toBeDefined();
    const cells = (line as string).split(';');
    // Saldo por pagar (USD) is the 10th column.
    expect(cells[9]).toBe('-1,00');
  });
});
