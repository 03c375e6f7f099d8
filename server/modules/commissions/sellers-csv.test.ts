import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashCalls } from '../../test/cash-calls';
import { commissionWorld } from '../../test/commission-calls';
import { creditedSale } from '../../test/commission-factories';
import type { TestApp } from '../../test/test-app';

// A seller who owes commission back (a refund after a payout: API.md says balance_cents may
// be negative) shows in the Vendedores CSV with the formula guard's apostrophe, as text: a
// spreadsheet's SUM of «Saldo por pagar» leaves that debt out.
let t: TestApp;
let admin: string;
let seller: { id: string; token: string };

beforeAll(async () => {
  ({ t, admin, seller } = await commissionWorld());
});
afterAll(() => t?.close());

const { setTerms, ledgerOf, freshSeller, recordCash, refundBy, payout } = cashCalls(() => ({
  t,
  admin,
  seller,
}));

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
