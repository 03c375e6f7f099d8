import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReservationResult } from '../../../domain/reservations';
import { queryRows } from '../../db/client';
import { buyer, makeRaffle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue 18: whatever staff and buyers do, in any order, the ledger holds on both databases:
// paid = approved parts − refunds, paid + owed = price, 0 <= paid <= price, and no 5xx.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

type Action =
  | { kind: 'receive'; sale: number; amount: number; method: 'efectivo' | 'zelle' }
  | { kind: 'refund'; sale: number; amount: number }
  | {
      kind: 'status';
      sale: number;
      status: 'pagado' | 'abonado' | 'apartado' | 'cancelado' | 'disponible';
      amount: number;
      refund: boolean;
    }
  | { kind: 'buyerPays'; sale: number; amount: number; decide: 'approved' | 'rejected' | 'pending' };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('receive' as const),
    sale: fc.nat(2),
    amount: fc.integer({ min: 1, max: 1200 }),
    method: fc.constantFrom('efectivo' as const, 'zelle' as const),
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    sale: fc.nat(2),
    amount: fc.integer({ min: 1, max: 1200 }),
  }),
  fc.record({
    kind: fc.constant('status' as const),
    sale: fc.nat(2),
    status: fc.constantFrom(
      'pagado' as const,
      'abonado' as const,
      'apartado' as const,
      'cancelado' as const,
      'disponible' as const,
    ),
    amount: fc.integer({ min: 1, max: 1200 }),
    refund: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('buyerPays' as const),
    sale: fc.nat(2),
    amount: fc.integer({ min: 1, max: 1200 }),
    decide: fc.constantFrom('approved' as const, 'rejected' as const, 'pending' as const),
  }),
);

let reference = 0;
async function run(sales: string[], cedula: string, a: Action): Promise<number> {
  const id = sales[a.sale] as string;
  const token = admin;
  switch (a.kind) {
    case 'receive':
      return (
        await t.api('POST', `/api/tickets/${id}/payments`, {
          token,
          body: { amount_cents: a.amount, payment_method: a.method },
        })
      ).status;
    case 'refund':
      return (
        await t.api('POST', `/api/tickets/${id}/refunds`, {
          token,
          body: { amount_cents: a.amount, reason: 'Prueba' },
        })
      ).status;
    case 'status': {
      const body: Record<string, unknown> = { status: a.status };
      if (a.status === 'abonado') body.amount_cents = a.amount;
      if (['apartado', 'cancelado', 'disponible'].includes(a.status))
        Object.assign(
          body,
          a.refund
            ? { refund: { amount_cents: a.amount, reason: 'Prueba' } }
            : { no_refund_reason: 'Prueba' },
        );
      return (await t.api('PATCH', `/api/tickets/${id}`, { token, body })).status;
    }
    case 'buyerPays': {
      const paid = await t.api<{ payment: { id: string } }>('POST', '/api/payments', {
        body: { ticket_id: id, amount_cents: a.amount, cedula, reference: `${9_000_000 + reference++}` },
      });
      if (paid.status !== 201 || a.decide === 'pending') return paid.status;
      const body =
        a.decide === 'approved' ? { status: 'approved' } : { status: 'rejected', reason: 'Prueba' };
      return (await t.api('PATCH', `/api/payments/${paid.body.payment.id}`, { token, body })).status;
    }
  }
}

describe('the money ledger under random staff and buyer actions (fast-check)', () => {
  it('always balances, and never answers 5xx', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 14 }), async (actions) => {
        const raffle = await makeRaffle(t, { price_cents: 1000, payment_type: 'cuotas', installments: 4 });
        const cedula = `V-${20_000_000 + runs++}`;
        const reserved = await t.api<ReservationResult>('POST', `/api/raffles/${raffle.id}/reservations`, {
          body: { numbers: [1, 2, 3], buyer: buyer({ cedula }) },
        });
        const sales = reserved.body.tickets.map((tk) => tk.id as string);
        for (const a of actions) expect(await run(sales, cedula, a), JSON.stringify(a)).toBeLessThan(500);
        const broken = await queryRows<{ id: string }>(
          t.db,
          sql`select id from tickets where raffle_id = ${raffle.id} and (
                total_paid_cents <> ledger_paid_cents(id) or total_paid_cents + remaining_cents <> price_cents
                or total_paid_cents < 0 or total_paid_cents > price_cents)`,
        );
        expect(broken).toEqual([]);
      }),
      { numRuns: 12, seed: Number(process.env.FC_SEED ?? Date.now() % 100_000) },
    );
  });
});
